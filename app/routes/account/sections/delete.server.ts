import { redirect } from "react-router";
import { deleteMyAccount } from "~/server/account/my-account.server";
import { clearSessionCookie, flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { answer, type IntentHandlers, wrongPasswordOr } from "./overview-answers.server";

// The handlers of the intents that delete.tsx, beside it, posts.

export const intents: IntentHandlers = {
  delete: async ({ request, deps, caller, form }) => {
    const outcome = await deleteMyAccount(deps, caller, form);
    if (outcome.kind === "done") {
      const headers = new Headers();
      headers.append("Set-Cookie", clearSessionCookie(request));
      headers.append(
        "Set-Cookie",
        flashCookie(request, {
          title: "Account deleted",
          description: "Your account and everything sent from its address were deleted.",
        }),
      );
      throw redirect("/", { headers });
    }
    if (outcome.kind === "conflict") {
      const headers = new Headers();
      if (outcome.token) headers.append("Set-Cookie", sessionCookie(request, outcome.token));
      return answer(
        {
          section: "delete",
          notice: { title: "Not deleted", description: outcome.message, variant: "destructive" },
        },
        { status: 409, headers },
      );
    }
    return wrongPasswordOr(request, "delete", outcome, "password");
  },
};
