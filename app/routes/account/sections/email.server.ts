import { data } from "react-router";
import { EMAIL_CHANGE_SENT } from "~/lib/account-messages";
import { requestEmailChange } from "~/server/account/email-change.server";
import { sessionCookie } from "~/server/http/cookies.server";
import { intent } from "~/server/http/page-door.server";
import { continueUnderToken } from "~/server/http/request-context.server";
import { type ActionResult, passwordNotices, shown, wrongPasswordOn } from "./overview-answers.server";

// The intents that email.tsx, beside it, posts.

export const intents = {
  email: intent<ActionResult, { token: string | null }>({
    run: async ({ deps, caller, form }) =>
      wrongPasswordOn("password", await requestEmailChange(deps, caller, form)),
    done: ({ token }, { request, context }) => {
      // A code that confirmed it's you gave the session a new token.
      continueUnderToken(context, token);
      const notice = shown("email", { title: "Check your new inbox", description: EMAIL_CHANGE_SENT });
      return data(notice, token ? { headers: { "Set-Cookie": sessionCookie(request, token) } } : undefined);
    },
    says: passwordNotices("password"),
    keep: (form) => ({ email: form.email ?? "" }),
  }),
};
