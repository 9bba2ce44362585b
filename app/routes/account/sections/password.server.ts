import { redirect } from "react-router";
import { changePassword } from "~/server/account/my-account.server";
import { flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { type IntentHandlers, wrongPasswordOr } from "./overview-answers.server";

// The handlers of the intents that password.tsx, beside it, posts.

export const intents: IntentHandlers = {
  password: async ({ request, deps, caller, form }) => {
    const outcome = await changePassword(deps, caller, form);
    if (outcome.kind === "done") {
      // The new session cookie goes out with a redirect (a page's action data carries no headers), and
      // the notice with it, as a flash.
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(request, outcome.value.token));
      headers.append(
        "Set-Cookie",
        flashCookie(request, {
          title: "Password changed",
          description: "Your password was changed and every other session was signed out.",
        }),
      );
      return redirect("/account", { headers });
    }
    return wrongPasswordOr(request, "password", outcome, "currentPassword");
  },
};
