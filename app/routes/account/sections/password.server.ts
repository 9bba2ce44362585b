import { redirect } from "react-router";
import { changePassword } from "~/server/account/my-account.server";
import { flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { intent } from "~/server/http/page-door.server";
import { type ActionResult, passwordNotices, wrongPasswordOn } from "./overview-answers.server";

// The intents that password.tsx, beside it, posts.

export const intents = {
  password: intent<ActionResult, { token: string }>({
    run: async ({ deps, caller, form }) =>
      wrongPasswordOn("currentPassword", await changePassword(deps, caller, form)),
    // The new session cookie goes out with a redirect (a page's action data carries no headers), and the
    // notice with it, as a flash.
    done: ({ token }, { request }) => {
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(request, token));
      headers.append(
        "Set-Cookie",
        flashCookie(request, {
          title: "Password changed",
          description: "Your password was changed and every other session was signed out.",
        }),
      );
      return redirect("/account", { headers });
    },
    says: passwordNotices("currentPassword"),
  }),
};
