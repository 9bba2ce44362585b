import { LOGIN_FAILED_MESSAGE } from "~/lib/account-messages";
import { logIn, publicUser } from "~/server/accounts.server";
import { sessionCookie } from "~/server/cookies.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => logIn(deps, input, caller),
  answer: ({ user, token }, request) =>
    Response.json({ user: publicUser(user) }, { headers: { "Set-Cookie": sessionCookie(request, token) } }),
  messages: { unauthenticated: LOGIN_FAILED_MESSAGE },
});

export const loader = postOnly;
