import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { confirmItsYou } from "~/server/sign-in/confirm-its-you.server";

/**
 * POST /api/auth/reauthenticate { password, code?, ref? }: "Confirm it's you" for the next 10 minutes, under
 * a new session token (the cookie is set again); `ref` names an interrupted action that goes on under it.
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmItsYou(deps, caller, input),
  // A new session token (ASVS 7.2.4): the old one no longer works.
  answer: ({ token }, request) =>
    Response.json({ ok: true }, { headers: { "Set-Cookie": sessionCookie(request, token) } }),
});

export const loader = postOnly;
