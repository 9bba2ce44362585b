import { Form } from "react-router";
import { QuietButton } from "~/components/account-sections";
import type { ListedSession, OwnEvent } from "~/lib/account-activity";
import { ownEventLabel } from "~/lib/audit-actions";
import { formatDateTime } from "~/lib/format-date";
import type { SessionsIntent } from "~/lib/page-intents";
import { describeUserAgent } from "~/lib/user-agent";

// Where and when: the sessions and the recent events of /account, each with its device and country.

const regions = new Intl.DisplayNames(["en"], { type: "region" });

function countryName(code: string | null): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The person's sessions, each but this one with its own "Sign out", and one for all the others. */
export function SessionList({ sessions }: { sessions: ListedSession[] }) {
  return (
    <>
      <ul className="divide-y divide-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold">
                {describeUserAgent(session.userAgent)}
                {session.current ? <span className="ml-2 text-sm text-brand">(this session)</span> : null}
              </p>
              <p className="text-sm text-ink-muted">
                Started {formatDateTime(session.createdAt)} · last seen {formatDateTime(session.lastSeenAt)}
                {countryName(session.country) ? ` · ${countryName(session.country)}` : ""}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post" aria-label={`Sign out ${describeUserAgent(session.userAgent)}`}>
                <input type="hidden" name="intent" value={"end-session" satisfies SessionsIntent} />
                <input type="hidden" name="id" value={session.id} />
                <QuietButton>Sign out</QuietButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 ? (
        <Form method="post" aria-label="Sign out every other session">
          <input type="hidden" name="intent" value={"end-others" satisfies SessionsIntent} />
          <QuietButton>Sign out all other sessions</QuietButton>
        </Form>
      ) : null}
    </>
  );
}

/** The person's own recent events, newest first, named for what happened. */
export function ActivityList({ activity }: { activity: OwnEvent[] }) {
  return activity.length === 0 ? (
    <p>No activity yet.</p>
  ) : (
    <ol className="divide-y divide-line">
      {activity.map((event) => (
        <li key={event.id} className="py-3">
          <p className="font-semibold">{ownEventLabel(event)}</p>
          <p className="text-sm text-ink-muted">
            {formatDateTime(event.at)}
            {event.userAgent ? ` · ${describeUserAgent(event.userAgent)}` : ""}
            {countryName(event.country) ? ` · ${countryName(event.country)}` : ""}
            {event.ip ? ` · ${event.ip}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
