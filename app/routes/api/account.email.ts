import { EMAIL_CHANGE_SENT } from "~/lib/account-messages";
import { requestEmailChange } from "~/server/account/email-change.server";
import { sessionCookie } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/**
 * POST /api/account/email { password, email }: 202 with the same body for every address (a link goes to a
 * free one; a taken one is told an account exists there), 401 for a wrong password, 400 for a bad address.
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => requestEmailChange(deps, caller, input),
  // A code that confirmed it's you gave the session a new token.
  answer: ({ token }, request) =>
    Response.json(
      { ok: true, message: EMAIL_CHANGE_SENT },
      { status: 202, headers: token ? { "Set-Cookie": sessionCookie(request, token) } : {} },
    ),
});

export const loader = postOnly;
