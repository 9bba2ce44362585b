import { LOGIN_FAILED_MESSAGE } from "~/lib/account-messages";
import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { publicUser } from "~/server/sign-in/accounts.server";
import { signInWithPasskey } from "~/server/sign-in/passkey-sign-in.server";

/** POST /api/auth/passkey-sign-in { response }: signs in with a passkey alone (it verified the user). */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => signInWithPasskey(deps, caller, input),
  answer: (signIn, request) =>
    Response.json(
      { user: publicUser(signIn.user), isAdmin: signIn.user.isAdmin },
      { headers: { "Set-Cookie": sessionCookie(request, signIn.token) } },
    ),
  messages: { unauthenticated: LOGIN_FAILED_MESSAGE },
});

export const loader = postOnly;
