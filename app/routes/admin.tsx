import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { PageHero } from "~/components/page-hero";
import { StaticNotice, type ToastMessage, useToast } from "~/components/toaster";
import { userTypeLabel } from "~/content/user-types";
import { formatDateTime } from "~/lib/format-date";
import { replyMailto } from "~/lib/reply-mailto";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { parseId, requireAdminPage } from "~/server/admin-guard.server";
import { pageNumber, pendingUsersPage, unprocessedContactsPage } from "~/server/admin-lists.server";
import { markContactProcessed } from "~/server/contact-submissions.server";
import { getDb } from "~/server/db.server";
import { cloudflareContext } from "~/server/request-context.server";
import { approveUser } from "~/server/users.server";
import type { Route } from "./+types/admin";

export const handle = { hydrate: true } satisfies RouteHandle;

type Tab = "users" | "contacts";

const TOASTS: Record<"approved" | "approveFailed" | "processed" | "processFailed", ToastMessage> = {
  approved: { title: "User Approved", description: "User has been successfully approved." },
  approveFailed: { title: "Error", description: "Failed to approve user.", variant: "destructive" },
  processed: { title: "Contact Processed", description: "Contact has been marked as processed." },
  processFailed: {
    title: "Error",
    description: "Failed to mark contact as processed.",
    variant: "destructive",
  },
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin Dashboard",
    description: "Approve new accounts and work through contact submissions.",
    path: "/admin",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "contacts" ? "contacts" : "users";
  const page = pageNumber(url.searchParams.get("page"));
  const db = getDb(context.get(cloudflareContext).env);
  const [users, contacts] = await Promise.all([
    pendingUsersPage(db, tab === "users" ? page : 1),
    unprocessedContactsPage(db, tab === "contacts" ? page : 1),
  ]);
  return { tab, users, contacts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdminPage(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const db = getDb(context.get(cloudflareContext).env);
  if (intent === "approve") {
    const outcome = id === null ? "not-found" : await approveUser(db, id, admin.id);
    return outcome === "not-found"
      ? data({ toast: TOASTS.approveFailed }, { status: id === null ? 400 : 404 })
      : { toast: TOASTS.approved };
  }
  if (intent === "process") {
    const outcome = id === null ? "not-found" : await markContactProcessed(db, id, admin.id);
    return outcome === "not-found"
      ? data({ toast: TOASTS.processFailed }, { status: id === null ? 400 : 404 })
      : { toast: TOASTS.processed };
  }
  const unknown: ToastMessage = { title: "Error", description: "Unknown action.", variant: "destructive" };
  return data({ toast: unknown }, { status: 400 });
}

function Pager({ tab, page, total, pageSize }: { tab: Tab; page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const href = (n: number) => `/admin?tab=${tab}&page=${n}`;
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
}: {
  intent: string;
  id: number;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
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
  tab,
  title,
  empty,
  list,
  render,
}: {
  tab: Tab;
  title: string;
  empty: string;
  list: Page<T>;
  render: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${tab}-title`} className="mt-8">
      <h2 id={`${tab}-title`} className="text-2xl font-bold">
        {title}
      </h2>
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
      <Pager tab={tab} page={list.page} total={list.total} pageSize={list.pageSize} />
    </section>
  );
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
  createdAt: Date;
}

/** A pending user's or a contact's name, actions and details, as both tabs show them. */
function PersonSummary({
  person,
  dateTerm,
  actions,
}: {
  person: Person;
  dateTerm: string;
  actions: React.ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h3 className="text-lg font-semibold">
          {person.firstName} {person.lastName}
        </h3>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Email">{person.email}</Detail>
        <Detail term="Company">{person.company ?? "N/A"}</Detail>
        <Detail term="Phone">{person.phone ?? "N/A"}</Detail>
        <Detail term="Area of interest">{userTypeLabel(person.userTypeId)}</Detail>
        <Detail term={dateTerm}>{formatDateTime(person.createdAt)}</Detail>
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

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { tab, users, contacts } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? Number(navigation.formData?.get("id")) : null;
  useToast(result?.toast);
  const tabs = [
    { id: "users" as const, label: "Pending Users", count: users.total },
    { id: "contacts" as const, label: "Contact Submissions", count: contacts.total },
  ];
  return (
    <>
      <PageHero title="Admin Dashboard" lead="Approve new accounts and work through contact submissions." />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <StaticNotice message={result?.toast} />
        <nav aria-label="Dashboard sections" className="mt-4">
          <ul className="flex flex-wrap gap-2 border-b border-line">
            {tabs.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/admin?tab=${item.id}`}
                  aria-current={tab === item.id ? "page" : undefined}
                  className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-3 font-semibold ${tab === item.id ? "border-brand text-brand-strong" : "border-transparent text-ink-muted hover:text-ink"}`}
                >
                  {item.label}
                  <span className="rounded-full bg-surface-muted px-2 py-0.5 text-sm text-ink">
                    {item.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {tab === "users" ? (
          <ListSection
            tab="users"
            title="Pending Users"
            empty="No pending user registrations."
            list={users}
            render={(user) => (
              <PersonSummary
                person={user}
                dateTerm="Registered"
                actions={
                  <ActionButton intent="approve" id={user.id} label="Approve" busy={busyId === user.id} />
                }
              />
            )}
          />
        ) : (
          <ListSection
            tab="contacts"
            title="Contact Submissions"
            empty="No unprocessed contact submissions."
            list={contacts}
            render={(contact) => (
              <>
                <PersonSummary
                  person={contact}
                  dateTerm="Received"
                  actions={
                    <>
                      <a
                        href={replyMailto(contact)}
                        className="inline-flex min-h-10 items-center rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
                      >
                        Reply
                        <span className="sr-only">{` to ${contact.firstName} ${contact.lastName}`}</span>
                      </a>
                      <ActionButton
                        intent="process"
                        id={contact.id}
                        label="Mark Processed"
                        busy={busyId === contact.id}
                      />
                    </>
                  }
                />
                <p className="mt-4 rounded-lg bg-surface-muted p-4 break-words whitespace-pre-wrap">
                  {contact.message}
                </p>
              </>
            )}
          />
        )}
      </div>
    </>
  );
}
