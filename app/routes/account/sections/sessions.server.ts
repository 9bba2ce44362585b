import { redirect } from "react-router";
import { endMyOtherSessions, endMySession } from "~/server/account/my-account.server";
import { clearSessionCookie } from "~/server/http/cookies.server";
import { answer, failed, type IntentHandlers } from "./overview-answers.server";

// The handlers of the intents that sessions.tsx, beside it, posts.

export const intents: IntentHandlers = {
  "end-session": async ({ request, deps, caller, form }) => {
    const outcome = await endMySession(deps, caller, form.id);
    if (outcome.kind === "done" && form.id === caller.session?.sessionId) {
      throw redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request) } });
    }
    if (outcome.kind === "done") {
      return answer({
        section: "sessions",
        notice: { title: "Signed out", description: "That session was signed out." },
      });
    }
    return failed("sessions", outcome, "That session was already signed out.");
  },
  "end-others": async ({ deps, caller }) => {
    const outcome = await endMyOtherSessions(deps, caller);
    if (outcome.kind === "done") {
      return answer({
        section: "sessions",
        notice: { title: "Signed out", description: "Every other session was signed out." },
      });
    }
    return failed("sessions", outcome, "The sessions could not be signed out.");
  },
};
