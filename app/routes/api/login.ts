import { LOGIN_FAILED_MESSAGE } from "~/lib/account-messages";
import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { logIn, publicUser } from "~/server/sign-in/accounts.server";

// POST /api/login { email, password, code? }. An account with a second factor signs in only with `code`
// (a code from its authenticator app or a recovery code): without one, a correct password answers 401 with
// `secondFactor: "required"`, and a wrong password or code the same 401 as ever.
const CODE_REQUIRED = "Give the code from your authenticator app or a recovery code as `code`.";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => logIn(deps, caller, input),
  answer: (signIn, request) =>
    signIn.kind === "second-factor"
      ? Response.json({ error: CODE_REQUIRED, secondFactor: "required" }, { status: 401 })
      : Response.json(
          { user: publicUser(signIn.user) },
          { headers: { "Set-Cookie": sessionCookie(request, signIn.token) } },
        ),
  messages: { unauthenticated: LOGIN_FAILED_MESSAGE },
});

export const loader = postOnly;
