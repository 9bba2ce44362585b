import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { removeFactorByLink } from "~/server/second-factors/factor-removal-links.server";

/**
 * POST /api/auth/remove-factor { token, password } (and /api/auth/remove-passkey, the same): the link of a
 * "passkey added" or "authenticator app turned on" email removes that factor (and the recovery codes it
 * brought) and ends every session of the account (decisions 121 and 141). 400 for a dead link, 401 for a
 * wrong password (five end the link).
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => removeFactorByLink(deps, caller, input),
  answer: ({ factor }) =>
    Response.json({
      ok: true,
      factor,
      message: `The ${factor === "totp" ? "authenticator app" : "passkey"} was removed, and the account was signed out everywhere.`,
    }),
});

export const loader = postOnly;
