import { redirect } from "react-router";
import { SessionList } from "~/components/account-activity";
import { AccountSection } from "~/components/account-sections";
import { StaticNotice } from "~/components/toaster";
import type { ListedSession } from "~/lib/account-activity";
import { endMyOtherSessions, endMySession } from "~/server/account/my-account.server";
import { clearSessionCookie } from "~/server/http/cookies.server";
import { type ActionResult, answer, failed, type IntentHandlers } from "./overview-answers";

// /account's Sessions section: the list with its sign-out buttons, and the handlers of the intents they post.

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

export function SessionsSection({
  sessions,
  result,
}: {
  sessions: ListedSession[];
  result: ActionResult | undefined;
}) {
  return (
    <AccountSection id="sessions" title="Sessions">
      <StaticNotice message={result?.section === "sessions" ? result.notice : null} />
      <p>Where your account is signed in now. Sign out any session you do not recognise.</p>
      <SessionList sessions={sessions} />
    </AccountSection>
  );
}
