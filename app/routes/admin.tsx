import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { PageHero } from "~/components/page-hero";
import { StaticNotice, type ToastMessage, useToast } from "~/components/toaster";
import { userTypeLabel } from "~/content/user-types";
import { formatDateTime } from "~/lib/format-date";
import type { Person } from "~/lib/person";
import { replyMailto } from "~/lib/reply-mailto";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import {
  adminPageRefusal,
  approveUser,
  deactivateUser,
  markContactProcessed,
  reactivateUser,
  rejectUser,
  requireAdmin,
} from "~/server/admin-actions.server";
import {
  approvedUsersPage,
  pageNumber,
  pendingUsersPage,
  processedContactsPage,
  searchQuery,
  unprocessedContactsPage,
} from "~/server/admin-lists.server";
import { countProcessedContacts, countUnprocessedContacts } from "~/server/contact-submissions.server";
import { failureInit, readForm } from "~/server/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { countApprovedUsers, countPendingUsers } from "~/server/users.server";
import type { Route } from "./+types/admin";

export const handle = { hydrate: true } satisfies RouteHandle;

type Tab = "pending" | "users" | "contacts";
type ContactView = "unprocessed" | "processed";

const INTENTS = {
  approve: {
    run: approveUser,
    done: { title: "User Approved", description: "User has been successfully approved." },
    failed: "Failed to approve user.",
  },
  reject: {
    run: rejectUser,
    done: { title: "User Rejected", description: "The registration was rejected; it can never log in." },
    failed: "Failed to reject user.",
  },
  deactivate: {
    run: deactivateUser,
    done: { title: "User Deactivated", description: "The user is signed out and can no longer log in." },
    failed: "Failed to deactivate user.",
  },
  reactivate: {
    run: reactivateUser,
    done: { title: "User Reactivated", description: "The user can log in again." },
    failed: "Failed to reactivate user.",
  },
  process: {
    run: markContactProcessed,
    done: { title: "Contact Processed", description: "Contact has been marked as processed." },
    failed: "Failed to mark contact as processed.",
  },
} satisfies Record<string, { run: unknown; done: ToastMessage; failed: string }>;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin Dashboard",
    description: "Approve new accounts and work through contact submissions.",
    path: "/admin",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

function tabOf(raw: string | null): Tab {
  return raw === "users" || raw === "contacts" ? raw : "pending";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const deps = depsOf(context);
  const admin = await requireAdmin(deps.db, callerOf(context, request));
  if (admin.kind !== "done") throw adminPageRefusal(admin);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const view: ContactView = url.searchParams.get("view") === "processed" ? "processed" : "unprocessed";
  const query = searchQuery(url.searchParams.get("q"));
  const page = pageNumber(url.searchParams.get("page"));
  const { db } = deps;
  const [counts, pending, users, unprocessed, processed] = await Promise.all([
    Promise.all([
      countPendingUsers(db),
      countApprovedUsers(db),
      countUnprocessedContacts(db),
      countProcessedContacts(db, null),
    ]),
    tab === "pending" ? pendingUsersPage(db, page) : null,
    tab === "users" ? approvedUsersPage(db, page) : null,
    tab === "contacts" && view === "unprocessed" ? unprocessedContactsPage(db, page) : null,
    tab === "contacts" && view === "processed" ? processedContactsPage(db, page, query) : null,
  ]);
  const [pendingCount, usersCount, unprocessedCount, processedCount] = counts;
  return {
    tab,
    view,
    query,
    adminId: admin.value.id,
    counts: {
      pending: pendingCount,
      users: usersCount,
      unprocessed: unprocessedCount,
      processed: processedCount,
    },
    pending,
    users,
    unprocessed,
    processed,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent =
    form.intent && Object.hasOwn(INTENTS, form.intent) ? INTENTS[form.intent as keyof typeof INTENTS] : null;
  if (!intent) {
    const unknown: ToastMessage = { title: "Error", description: "Unknown action.", variant: "destructive" };
    return data({ toast: unknown }, { status: 400 });
  }
  const outcome = await intent.run(depsOf(context), callerOf(context, request), form.id);
  if (outcome.kind === "done" || outcome.kind === "already-done") return { toast: intent.done };
  if (outcome.kind === "unauthenticated" || outcome.kind === "forbidden") throw adminPageRefusal(outcome);
  const description = outcome.kind === "conflict" ? outcome.message : intent.failed;
  return data(
    { toast: { title: "Error", description, variant: "destructive" } satisfies ToastMessage },
    failureInit(outcome),
  );
}

/** The dashboard's address for a tab, a contacts view, a search and a page. */
function dashboardHref({
  tab,
  view,
  query,
  page,
}: {
  tab: Tab;
  view?: ContactView;
  query?: string | null;
  page?: number;
}) {
  const params = new URLSearchParams({ tab });
  if (view === "processed") params.set("view", view);
  if (query) params.set("q", query);
  if (page && page > 1) params.set("page", String(page));
  return `/admin?${params}`;
}

function Pager({ list, href }: { list: Page<unknown>; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages === 1) return null;
  const { page } = list;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link className="font-semibold text-brand underline" to={href(page - 1)}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="font-semibold text-brand underline" to={href(page + 1)}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function ActionButton({
  intent,
  id,
  label,
  busy,
  quiet = false,
}: {
  intent: keyof typeof INTENTS;
  id: number;
  label: string;
  busy: boolean;
  /** A secondary action (reject, deactivate): outlined rather than filled. */
  quiet?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        className={`inline-flex min-h-10 items-center rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60 ${quiet ? "border border-danger text-danger hover:bg-red-50" : "bg-brand text-white hover:bg-brand-strong"}`}
      >
        {label}
      </button>
    </Form>
  );
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One tab's list: its heading, its empty state or its rows, and paging. */
function ListSection<T extends { id: number }>({
  id,
  title,
  empty,
  list,
  href,
  children,
  render,
}: {
  id: string;
  title: string;
  empty: string;
  list: Page<T>;
  href: (page: number) => string;
  children?: React.ReactNode;
  render: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
      {list.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-surface-muted p-6 text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {list.items.map((item) => (
            <li key={item.id} className="rounded-2xl border border-line p-5 shadow-sm">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} href={href} />
    </section>
  );
}

/** A person's name, actions and details, as every tab shows them; `extra` adds tab-specific details. */
function PersonSummary({
  person,
  actions,
  details,
}: {
  person: Person;
  actions?: React.ReactNode;
  details: [term: string, value: React.ReactNode][];
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h3 className="text-lg font-semibold">
          {person.firstName} {person.lastName}
        </h3>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Email">{person.email}</Detail>
        <Detail term="Company">{person.company ?? "N/A"}</Detail>
        <Detail term="Phone">{person.phone ?? "N/A"}</Detail>
        <Detail term="Area of interest">{userTypeLabel(person.userTypeId)}</Detail>
        {details.map(([term, value]) => (
          <Detail key={term} term={term}>
            {value}
          </Detail>
        ))}
      </dl>
    </>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{term}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function ReplyLink({ contact }: { contact: Parameters<typeof replyMailto>[0] & Person }) {
  return (
    <a
      href={replyMailto(contact)}
      className="inline-flex min-h-10 items-center rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
    >
      Reply
      <span className="sr-only">{` to ${contact.firstName} ${contact.lastName}`}</span>
    </a>
  );
}

function Message({ text }: { text: string }) {
  return <p className="mt-4 rounded-lg bg-surface-muted p-4 break-words whitespace-pre-wrap">{text}</p>;
}

function TabLink({
  to,
  current,
  label,
  count,
}: {
  to: string;
  current: boolean;
  label: string;
  count: number;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-3 font-semibold ${current ? "border-brand text-brand-strong" : "border-transparent text-ink-muted hover:text-ink"}`}
    >
      {label}
      <span className="rounded-full bg-surface-muted px-2 py-0.5 text-sm text-ink">{count}</span>
    </Link>
  );
}

/** Unprocessed or processed messages, and the search over processed ones. */
function ContactViews({
  view,
  query,
  counts,
}: {
  view: ContactView;
  query: string | null;
  counts: { unprocessed: number; processed: number };
}) {
  return (
    <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
      <nav aria-label="Contact views">
        <ul className="flex gap-2">
          {(["unprocessed", "processed"] as const).map((item) => (
            <li key={item}>
              <Link
                to={dashboardHref({ tab: "contacts", view: item })}
                aria-current={view === item ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-4 py-2 text-sm font-semibold ${view === item ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`}
              >
                {item === "processed"
                  ? `Processed (${counts.processed})`
                  : `Unprocessed (${counts.unprocessed})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === "processed" ? (
        <Form
          method="get"
          role="search"
          aria-label="Search processed messages"
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="tab" value="contacts" />
          <input type="hidden" name="view" value="processed" />
          <label htmlFor="contact-search" className="block text-sm font-medium">
            Search by name, email or message
            <input
              id="contact-search"
              name="q"
              type="search"
              defaultValue={query ?? ""}
              maxLength={200}
              className="mt-1 block w-64 max-w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
            />
          </label>
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong"
          >
            Search
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { tab, view, query, adminId, counts, pending, users, unprocessed, processed } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? Number(navigation.formData?.get("id")) : null;
  useToast(result?.toast);
  const tabs = [
    { id: "pending" as const, label: "Pending Users", count: counts.pending },
    { id: "users" as const, label: "Users", count: counts.users },
    { id: "contacts" as const, label: "Contact Submissions", count: counts.unprocessed },
  ];
  return (
    <>
      <PageHero
        title="Admin Dashboard"
        lead="Approve new accounts, look after members and work through contact submissions."
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <StaticNotice message={result?.toast} />
        <nav aria-label="Dashboard sections" className="mt-4">
          <ul className="flex flex-wrap gap-2 border-b border-line">
            {tabs.map((item) => (
              <li key={item.id}>
                <TabLink
                  to={dashboardHref({ tab: item.id })}
                  current={tab === item.id}
                  label={item.label}
                  count={item.count}
                />
              </li>
            ))}
          </ul>
        </nav>

        {pending ? (
          <ListSection
            id="pending"
            title="Pending Users"
            empty="No pending user registrations."
            list={pending}
            href={(page) => dashboardHref({ tab, page })}
            render={(user) => (
              <PersonSummary
                person={user}
                details={[
                  ["Registered", formatDateTime(user.createdAt)],
                  ["Email address", user.emailConfirmed ? "Confirmed" : "Not confirmed yet"],
                ]}
                actions={
                  <>
                    <ActionButton intent="approve" id={user.id} label="Approve" busy={busyId === user.id} />
                    <ActionButton
                      intent="reject"
                      id={user.id}
                      label="Reject"
                      busy={busyId === user.id}
                      quiet
                    />
                  </>
                }
              />
            )}
          />
        ) : null}

        {users ? (
          <ListSection
            id="users"
            title="Users"
            empty="No approved accounts yet."
            list={users}
            href={(page) => dashboardHref({ tab, page })}
            render={(user) => (
              <PersonSummary
                person={user}
                details={[
                  ["Approved", formatDateTime(user.approvedAt)],
                  ["Status", user.isActive ? "Active" : "Deactivated"],
                ]}
                actions={
                  user.id === adminId ? null : user.isActive ? (
                    <ActionButton
                      intent="deactivate"
                      id={user.id}
                      label="Deactivate"
                      busy={busyId === user.id}
                      quiet
                    />
                  ) : (
                    <ActionButton
                      intent="reactivate"
                      id={user.id}
                      label="Reactivate"
                      busy={busyId === user.id}
                    />
                  )
                }
              />
            )}
          />
        ) : null}

        {unprocessed ? (
          <ListSection
            id="contacts"
            title="Contact Submissions"
            empty="No unprocessed contact submissions."
            list={unprocessed}
            href={(page) => dashboardHref({ tab, view, page })}
            render={(contact) => (
              <>
                <PersonSummary
                  person={contact}
                  details={[["Received", formatDateTime(contact.createdAt)]]}
                  actions={
                    <>
                      <ReplyLink contact={contact} />
                      <ActionButton
                        intent="process"
                        id={contact.id}
                        label="Mark Processed"
                        busy={busyId === contact.id}
                      />
                    </>
                  }
                />
                <Message text={contact.message} />
              </>
            )}
          >
            <ContactViews view={view} query={query} counts={counts} />
          </ListSection>
        ) : null}

        {processed ? (
          <ListSection
            id="contacts"
            title="Contact Submissions"
            empty={
              query ? `No processed message matches "${query}".` : "No processed contact submissions yet."
            }
            list={processed}
            href={(page) => dashboardHref({ tab, view, query, page })}
            render={(contact) => (
              <>
                <PersonSummary
                  person={contact}
                  details={[
                    ["Received", formatDateTime(contact.createdAt)],
                    ["Processed", formatDateTime(contact.processedAt)],
                    ["Processed by", contact.processedByName ?? "N/A"],
                  ]}
                  actions={<ReplyLink contact={contact} />}
                />
                <Message text={contact.message} />
              </>
            )}
          >
            <ContactViews view={view} query={query} counts={counts} />
          </ListSection>
        ) : null}
      </div>
    </>
  );
}
