import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { removePasskeyByLink } from "~/server/second-factors/passkey-removal-links.server";

/**
 * POST /api/auth/remove-passkey { token, password }: the link of a "passkey added" email removes that passkey
 * (and the recovery codes it brought) and ends every session of the account (decision 121). 400 for a dead
 * link, 401 for a wrong password (five end the link).
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => removePasskeyByLink(deps, caller, input),
  answer: () =>
    Response.json({
      ok: true,
      message: "The passkey was removed, and the account was signed out everywhere.",
    }),
});

export const loader = postOnly;
