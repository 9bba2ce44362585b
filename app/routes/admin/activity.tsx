import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { KeysetPager } from "~/components/admin-lists";
import { DataTable } from "~/components/ui/data-table";
import { dashboardHref } from "~/lib/admin-tabs";
import { countLabel } from "~/lib/counts";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { formatDateTime } from "~/lib/format-date";
import type { ActivityEntry } from "~/server/admin/audit-activity.server";
import type { loader } from "./activity.server";

// The Activity tab (/admin?tab=activity[&person=&action=&from=&to=&after=]): the audit log, newest first,
// filtered by a plain GET form, and its CSV export (/admin/activity.csv with the same filters).

/** 12345 → "12,345", without Intl (its locale data is slow to load while the dashboard hydrates). */
function withSeparators(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** An entry as the tab shows it: the log's fields, the browser and a subject that is no account in words. */
type Entry = ActivityEntry & { device: string | null; named: string | null };

const controlClass =
  "mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand";

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Who acted: their address at the time (gone once erased) and their account id. */
function Actor({ entry }: { entry: Entry }) {
  return <Who email={entry.actor.email} account={entry.actor.id} />;
}

function Subject({ entry }: { entry: Entry }) {
  if (entry.subject === null) return <>—</>;
  if (entry.named !== null) return <>{entry.named}</>;
  return <Who email={entry.subjectEmail} account={entry.subject} />;
}

/** An address that would rather wrap after its @ than anywhere else. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function Who({ email, account }: { email: string | null; account: number | null }) {
  return (
    <>
      <span className="block min-w-36 wrap-anywhere">{email ? <Address email={email} /> : "—"}</span>
      {account === null ? null : <span className="block text-xs">Account {account}</span>}
    </>
  );
}

/** The browser in words; the header itself (long) opens on request. */
function UserAgent({ entry }: { entry: Entry }) {
  if (!entry.userAgent) return <>—</>;
  return (
    <details>
      <summary className="cursor-pointer">{entry.device}</summary>
      <span className="mt-1 block text-xs break-all">{entry.userAgent}</span>
    </details>
  );
}

const COLUMNS = [
  {
    header: "Time (UTC)",
    cell: (entry: Entry) => (
      <time dateTime={entry.at} className="block min-w-36">
        {formatDateTime(entry.at)}
      </time>
    ),
  },
  { header: "Actor", cell: (entry: Entry) => <Actor entry={entry} /> },
  { header: "Subject", cell: (entry: Entry) => <Subject entry={entry} /> },
  { header: "Action", cell: (entry: Entry) => <span className="whitespace-nowrap">{entry.action}</span> },
  {
    header: "Outcome",
    cell: (entry: Entry) =>
      entry.outcome === "failure" ? (
        <span className="font-semibold text-danger">failure</span>
      ) : (
        entry.outcome
      ),
  },
  { header: "IP", cell: (entry: Entry) => entry.ip ?? "—" },
  { header: "User agent", cell: (entry: Entry) => <UserAgent entry={entry} /> },
] as const;

export function ActivityTab({ query, list, actions, exportCap }: Awaited<ReturnType<typeof loader>>) {
  const filtered = Object.values(query).some((value) => value !== "");
  const filters = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ""));
  const exportHref = filtered ? `/admin/activity.csv?${filters}` : "/admin/activity.csv";
  return (
    <section aria-labelledby="activity-title" className="mt-8">
      <h2 id="activity-title" className="text-2xl font-bold">
        Activity
      </h2>
      <p className="mt-2 text-ink-muted">
        The audit log: every sign-in, account change and admin action, newest first. Times are in UTC.
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter the activity"
        className="mt-6 grid gap-4 rounded-2xl border border-line p-5 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto]"
      >
        <input type="hidden" name="tab" value="activity" />
        <div>
          <label htmlFor="activity-person" className="block text-sm font-medium">
            Person
          </label>
          <input
            id="activity-person"
            name="person"
            type="text"
            defaultValue={query.person}
            maxLength={ADMIN_SEARCH_MAX}
            autoComplete="off"
            aria-describedby="activity-person-hint"
            className={controlClass}
          />
          <p id="activity-person-hint" className="mt-1 text-xs text-ink-muted">
            An account id or an email address, as actor or subject
          </p>
        </div>
        <Filter id="activity-action" label="Action">
          <select id="activity-action" name="action" defaultValue={query.action} className={controlClass}>
            <option value="">Any action</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="activity-from" label="From">
          <input
            id="activity-from"
            name="from"
            type="date"
            defaultValue={query.from}
            className={controlClass}
          />
        </Filter>
        <Filter id="activity-to" label="To">
          <input id="activity-to" name="to" type="date" defaultValue={query.to} className={controlClass} />
        </Filter>
        <div className="flex flex-wrap items-center gap-3 lg:mt-6 lg:self-start">
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong"
          >
            Filter
          </button>
          {filtered ? (
            <Link to={dashboardHref("activity")} className="text-sm font-semibold text-brand underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <p>
          {list.total === 1 ? "1 entry" : `${countLabel(list.total)} entries`}
          {filtered ? " match these filters." : " in the log."}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <a
            href={exportHref}
            aria-describedby="activity-export-hint"
            className="inline-flex min-h-10 items-center rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
          >
            Export CSV
          </a>
          <p id="activity-export-hint" className="text-sm text-ink-muted">
            {filtered ? "The entries these filters match" : "The whole log"}, newest first, at most{" "}
            {withSeparators(exportCap)} entries.
          </p>
        </div>
      </div>

      {list.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-surface-muted p-6 text-ink-muted">
          {filtered ? "No activity matches these filters." : "No activity yet."}
        </p>
      ) : (
        <div className="mt-6">
          <DataTable
            caption="Audit log entries, newest first"
            columns={COLUMNS}
            rows={list.items}
            rowKey={(entry) => String(entry.id)}
            tableClassName="min-w-[56rem]"
          />
        </div>
      )}
      <KeysetPager list={list} href={(after) => dashboardHref("activity", { ...query, after })} />
    </section>
  );
}
