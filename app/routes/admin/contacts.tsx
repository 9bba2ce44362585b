import { Form, Link } from "react-router";
import { ActionButton, type Column, ListSection, personColumns, useBusyId } from "~/components/admin-lists";
import { OpenLink } from "~/components/workbench/open-link";
import { dashboardHref } from "~/lib/admin-tabs";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { formatDateTime } from "~/lib/format-date";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/payment-methods";
import type { Person } from "~/lib/person";
import { replyMailto } from "~/lib/reply-mailto";
import { messagePath } from "~/lib/workbench";
import {
  contactFilter,
  pageNumber,
  processedContactsPage,
  searchQuery,
  unprocessedContactsPage,
} from "~/server/admin/admin-lists.server";
import {
  countProcessedContacts,
  countUnprocessedContacts,
} from "~/server/contact/contact-submissions.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/contacts";

// The Contact Submissions tab (/admin?tab=contacts[&view=processed][&q=…][&payment=BTC|SOL|USDT]):
// unprocessed messages to reply to and mark processed, and the processed ones with a search; either list
// narrowed to the token applications that state one payment method.

type ContactView = "unprocessed" | "processed";

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const { db } = depsOf(context);
  const params = new URL(request.url).searchParams;
  const view: ContactView = params.get("view") === "processed" ? "processed" : "unprocessed";
  const query = searchQuery(params.get("q"));
  const filter = contactFilter(params);
  const page = pageNumber(params.get("page"));
  const [unprocessedCount, processedCount, unprocessed, processed] = await Promise.all([
    countUnprocessedContacts(db),
    countProcessedContacts(db, null),
    view === "unprocessed" ? unprocessedContactsPage(db, page, filter) : null,
    view === "processed" ? processedContactsPage(db, page, query, filter) : null,
  ]);
  const counts = { unprocessed: unprocessedCount, processed: processedCount };
  return { view, query, payment: filter.payment, counts, unprocessed, processed };
}

export function ContactsTab({
  view,
  query,
  payment,
  counts,
  unprocessed,
  processed,
}: Awaited<ReturnType<typeof loader>>) {
  const busyId = useBusyId();
  const href = (page: number) =>
    view === "processed"
      ? dashboardHref("contacts", { view, q: query, payment, page })
      : dashboardHref("contacts", { payment, page });
  const views = <ContactViews view={view} query={query} payment={payment} counts={counts} />;
  return (
    <>
      {unprocessed ? (
        <ListSection
          id="contacts"
          title="Contact Submissions"
          empty={
            payment
              ? `No unprocessed contact submission states ${payment}.`
              : "No unprocessed contact submissions."
          }
          list={unprocessed}
          href={href}
          columns={[
            ...personColumns<Unprocessed>("name", "email", "area"),
            paymentColumn<Unprocessed>(),
            messageColumn<Unprocessed>(),
            receivedColumn<Unprocessed>(),
          ]}
          actions={(contact) => (
            <>
              <OpenLink to={messagePath(contact.id)} name={`message from ${contact.email}`} />
              <ReplyLink contact={contact} />
              <ActionButton
                intent="process"
                id={contact.id}
                label="Mark Processed"
                busy={busyId === contact.id}
              />
            </>
          )}
        >
          {views}
        </ListSection>
      ) : null}

      {processed ? (
        <ListSection
          id="contacts"
          title="Contact Submissions"
          empty={
            query || payment
              ? `No processed message matches${query ? ` "${query}"` : ""}${payment ? ` with ${payment}` : ""}.`
              : "No processed contact submissions yet."
          }
          list={processed}
          href={href}
          columns={[
            ...personColumns<Processed>("name", "email", "area"),
            paymentColumn<Processed>(),
            messageColumn<Processed>(),
            receivedColumn<Processed>(),
            {
              header: "Processed",
              cell: (contact) => formatDateTime(contact.processedAt),
              className: "whitespace-nowrap",
            },
            { header: "Processed by", cell: (contact) => contact.processedByName ?? "N/A" },
          ]}
          actions={(contact) => <ReplyLink contact={contact} />}
        >
          {views}
        </ListSection>
      ) : null}
    </>
  );
}

type Data = Awaited<ReturnType<typeof loader>>;
type Unprocessed = NonNullable<Data["unprocessed"]>["items"][number];
type Processed = NonNullable<Data["processed"]>["items"][number];

/** The payment method a token application stated; nothing when it stated none. */
function paymentColumn<T extends { paymentMethod: PaymentMethod | null }>(): Column<T> {
  return { header: "Payment method", cell: (contact) => contact.paymentMethod ?? "" };
}

function receivedColumn<T extends { createdAt: Date | string }>(): Column<T> {
  return {
    header: "Received",
    cell: (contact) => formatDateTime(contact.createdAt),
    className: "whitespace-nowrap",
  };
}

/** The message's first line in the row; the whole of it, as sent, one click away. */
function messageColumn<T extends { message: string } & Person>(): Column<T> {
  return {
    header: "Message",
    cell: (contact) => <Message contact={contact} />,
    className: "max-w-64 whitespace-normal",
  };
}

function ReplyLink({ contact }: { contact: Parameters<typeof replyMailto>[0] & Person }) {
  return (
    <a
      href={replyMailto(contact)}
      className="inline-flex min-h-6 items-center rounded-full border border-brand px-2.5 py-0.5 text-xs font-semibold text-brand hover:bg-brand-soft"
    >
      Reply
      <span className="sr-only">{` to ${contact.firstName} ${contact.lastName}`}</span>
    </a>
  );
}

/** The message's first line; opened, the whole of it as sent, with the sender's company and phone. */
function Message({ contact }: { contact: { message: string } & Person }) {
  const first = contact.message.split("\n", 1)[0] ?? "";
  return (
    <details>
      <summary className="cursor-pointer truncate">{first}</summary>
      <p className="mt-1 rounded-lg bg-surface-muted p-2 break-words whitespace-pre-wrap">
        {contact.message}
      </p>
      <p className="mt-1 text-xs text-ink-muted">
        Company: {contact.company ?? "N/A"} · Phone: {contact.phone ?? "N/A"}
      </p>
    </details>
  );
}

/** Unprocessed or processed messages, the filter by payment method, and the search over processed ones. */
function ContactViews({
  view,
  query,
  payment,
  counts,
}: {
  view: ContactView;
  query: string | null;
  payment: PaymentMethod | null;
  counts: { unprocessed: number; processed: number };
}) {
  return (
    <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
      <nav aria-label="Contact views">
        <ul className="flex gap-2">
          {(["unprocessed", "processed"] as const).map((item) => (
            <li key={item}>
              <Link
                to={dashboardHref("contacts", { view: item === "processed" ? item : null, payment })}
                aria-current={view === item ? "page" : undefined}
                className={`inline-flex min-h-8 items-center rounded-full px-3 py-1 text-sm font-semibold ${view === item ? "bg-brand text-white" : "bg-surface-muted text-ink hover:text-brand-strong"}`}
              >
                {item === "processed"
                  ? `Processed (${counts.processed})`
                  : `Unprocessed (${counts.unprocessed})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" aria-label="Filter by payment method" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="tab" value="contacts" />
        {view === "processed" ? <input type="hidden" name="view" value="processed" /> : null}
        {view === "processed" && query ? <input type="hidden" name="q" value={query} /> : null}
        <label htmlFor="contact-payment" className="flex items-center gap-2 text-sm font-medium">
          Payment method
          <select
            key={payment ?? ""}
            id="contact-payment"
            name="payment"
            defaultValue={payment ?? ""}
            className="block w-28 max-w-full rounded-lg border border-line bg-surface px-2 py-1 text-ink"
          >
            <option value="">Any</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="inline-flex min-h-8 items-center rounded-full border border-brand px-3 py-1 text-sm font-semibold text-brand hover:bg-brand-soft"
        >
          Filter
        </button>
      </Form>
      {view === "processed" ? (
        <Form
          method="get"
          role="search"
          aria-label="Search processed messages"
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="tab" value="contacts" />
          <input type="hidden" name="view" value="processed" />
          {payment ? <input type="hidden" name="payment" value={payment} /> : null}
          <label htmlFor="contact-search" className="block text-sm font-medium">
            Search by name, email or message
            <input
              id="contact-search"
              name="q"
              type="search"
              defaultValue={query ?? ""}
              maxLength={ADMIN_SEARCH_MAX}
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
