import { EMAIL_CHANGE_SENT } from "~/lib/account-messages";
import { requestEmailChange } from "~/server/account/email-change.server";
import { sessionCookie } from "~/server/http/cookies.server";
import { continueUnderToken } from "~/server/http/request-context.server";
import { answer, type IntentHandlers, wrongPasswordOr } from "./overview-answers.server";

// The handlers of the intents that email.tsx, beside it, posts.

export const intents: IntentHandlers = {
  email: async ({ request, context, deps, caller, form }) => {
    const outcome = await requestEmailChange(deps, caller, form);
    if (outcome.kind === "done") {
      // A code that confirmed it's you gave the session a new token.
      const { token } = outcome.value;
      continueUnderToken(context, token);
      return answer(
        { section: "email", notice: { title: "Check your new inbox", description: EMAIL_CHANGE_SENT } },
        token ? { headers: { "Set-Cookie": sessionCookie(request, token) } } : undefined,
      );
    }
    return wrongPasswordOr(request, "email", outcome, "password", { email: form.email ?? "" });
  },
};
