import { redirect } from "react-router";
import type { SessionsIntent } from "~/lib/page-intents";
import { endMyOtherSessions, endMySession } from "~/server/account/my-account.server";
import { clearSessionCookie } from "~/server/http/cookies.server";
import { type AccountIntent, otherwise, shown } from "./overview-answers.server";

// The intents that sessions.tsx, beside it, posts.

export const intents = {
  "end-session": {
    run: ({ deps, caller, form }) => endMySession(deps, caller, form.id),
    done: (_, { request, caller, form }) => {
      if (form.id === caller.session?.sessionId) {
        throw redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request) } });
      }
      return shown("sessions", { title: "Signed out", description: "That session was signed out." });
    },
    says: otherwise("That session was already signed out."),
  },
  "end-others": {
    run: ({ deps, caller }) => endMyOtherSessions(deps, caller),
    done: () =>
      shown("sessions", { title: "Signed out", description: "Every other session was signed out." }),
    says: otherwise("The sessions could not be signed out."),
  },
} satisfies Record<SessionsIntent, AccountIntent>;
