import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { confirmWithPasskey } from "~/server/sign-in/passkey-sign-in.server";

/**
 * POST /api/auth/passkey-confirm { response, ref? }: "Confirm it's you" with one of the caller's passkeys;
 * `ref` names the interrupted action it is for, which goes on under the new token.
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmWithPasskey(deps, caller, input),
  // A new session token (ASVS 7.2.4): the old one no longer works.
  answer: ({ token }, request) =>
    Response.json({ ok: true }, { headers: { "Set-Cookie": sessionCookie(request, token) } }),
});

export const loader = postOnly;
