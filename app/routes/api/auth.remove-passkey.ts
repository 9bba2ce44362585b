// POST /api/auth/remove-passkey: the first name of /api/auth/remove-factor, kept working (decision 141).
export { action, loader } from "./auth.remove-factor";
