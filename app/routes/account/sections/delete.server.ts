import { redirect } from "react-router";
import { deleteMyAccount } from "~/server/account/my-account.server";
import { clearSessionCookie, flashCookie } from "~/server/http/cookies.server";
import { itsMessage } from "~/server/http/outcome-notices.server";
import { type AccountIntent, passwordNotices, wrongPasswordOn } from "./overview-answers.server";

// The intents that delete.tsx, beside it, posts.

export const intents = {
  delete: {
    run: async ({ deps, caller, form }) =>
      wrongPasswordOn("password", await deleteMyAccount(deps, caller, form)),
    done: (_, { request }) => {
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
    },
    says: { ...passwordNotices("password"), conflict: itsMessage("Not deleted") },
  },
} satisfies Record<string, AccountIntent>;
