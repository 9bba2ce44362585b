import { SessionList } from "~/components/account-activity";
import { AccountSection } from "~/components/account-sections";
import { StaticNotice } from "~/components/static-notice";
import type { ListedSession } from "~/lib/account-activity";
import type { ActionResult } from "~/lib/account-section-answer";

// /account's Sessions section: the list with its sign-out buttons; the handlers of the intents they post are
// beside it, in sessions.server.ts.

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
