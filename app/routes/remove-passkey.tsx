// /remove-passkey?token=…: the first address of /remove-factor, kept working for the links already sent
// (decision 141). The same page, form and answers.
export { action, default, loader, meta } from "./remove-factor";
