import { changePassword } from "~/server/account/my-account.server";
import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/**
 * POST /api/account/password { currentPassword, password }: 200 with a new session cookie (every other
 * session is signed out), 400 for a weak new password or a wrong current one, 401 without a session.
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => changePassword(deps, caller, input),
  answer: ({ token }, request) =>
    Response.json({ ok: true }, { headers: { "Set-Cookie": sessionCookie(request, token) } }),
});

export const loader = postOnly;
