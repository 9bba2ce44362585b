import { Form, Link } from "react-router";
import { type DataColumn, DataTable } from "~/components/ui/data-table";
import { userTypeLabel } from "~/content/user-types";
import { dashboardHref } from "~/lib/admin-tabs";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { formatDateTime } from "~/lib/format-date";
import { MESSAGE_STATE_LABELS } from "~/lib/message-states";
import {
  adminSearch,
  type MessageHit,
  type PersonHit,
  RANK_WINDOW,
  SEARCH_COUNT_CAP,
  type SearchPage,
  type SearchSection,
} from "~/server/admin/admin-search.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/search";

// The Search tab (/admin?tab=search&q=…[&in=messages|people&after=…]): one box over the messages and the
// people, ranked; the best rows of each, or one section paged by its cursor. A plain GET form, so it
// works without JavaScript; the layout's header holds the same box.

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const found = await adminSearch(depsOf(context).db, new URL(request.url).searchParams);
  return { ...found, cap: SEARCH_COUNT_CAP, window: RANK_WINDOW };
}

type Data = Awaited<ReturnType<typeof loader>>;

/** 12345 → "12,345"; past the cap → "10,000+". */
function countText(total: number, cap: number): string {
  const figure = String(Math.min(total, cap)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return total > cap ? `${figure}+` : figure;
}

function personStatus(person: PersonHit): { label: string; tab: "pending" | "users" | null } {
  if (person.rejected) return { label: "Rejected", tab: null };
  if (!person.isApproved) return { label: "Pending", tab: "pending" };
  return { label: person.isActive ? "Active" : "Deactivated", tab: "users" };
}

const MESSAGE_COLUMNS: readonly [DataColumn<MessageHit>, ...DataColumn<MessageHit>[]] = [
  { header: "Name", cell: (hit) => `${hit.firstName} ${hit.lastName}` },
  {
    header: "Email",
    cell: (hit) => (
      <Link className="text-brand underline" to={dashboardHref("search", { q: hit.email })}>
        {hit.email}
      </Link>
    ),
  },
  { header: "State", cell: (hit) => MESSAGE_STATE_LABELS[hit.state] },
  { header: "Area of interest", cell: (hit) => userTypeLabel(hit.userTypeId) },
  {
    header: "Message",
    cell: (hit) => (
      <details className="max-w-md">
        <summary className="cursor-pointer truncate">{hit.message.split("\n", 1)[0]}</summary>
        <p className="mt-1 rounded-lg bg-surface-muted p-2 break-words whitespace-pre-wrap">{hit.message}</p>
        <p className="mt-1 text-xs text-ink-muted">
          Company: {hit.company ?? "N/A"} · Phone: {hit.phone ?? "N/A"}
          {hit.paymentMethod ? ` · Payment method: ${hit.paymentMethod}` : ""}
        </p>
      </details>
    ),
  },
  {
    header: "Received",
    cell: (hit) => <time dateTime={hit.createdAt}>{formatDateTime(hit.createdAt)}</time>,
  },
];

const PEOPLE_COLUMNS: readonly [DataColumn<PersonHit>, ...DataColumn<PersonHit>[]] = [
  { header: "Name", cell: (hit) => `${hit.firstName} ${hit.lastName}` },
  { header: "Email", cell: (hit) => hit.email },
  { header: "Company", cell: (hit) => hit.company ?? "N/A" },
  { header: "Area of interest", cell: (hit) => userTypeLabel(hit.userTypeId) },
  {
    header: "Status",
    cell: (hit) => {
      const { label, tab } = personStatus(hit);
      return tab ? (
        <Link className="text-brand underline" to={dashboardHref(tab)}>
          {label}
        </Link>
      ) : (
        label
      );
    },
  },
  {
    header: "Activity",
    cell: (hit) => (
      <Link className="text-brand underline" to={dashboardHref("activity", { person: String(hit.id) })}>
        Account {hit.id}
      </Link>
    ),
  },
];

function Section<T extends { id: number }>({
  id,
  title,
  query,
  section,
  current,
  page,
  columns,
  cap,
  window,
}: {
  id: SearchSection;
  title: string;
  query: string;
  section: SearchSection | null;
  current: SearchPage<T>;
  page: "preview" | "page";
  columns: readonly [DataColumn<T>, ...DataColumn<T>[]];
  cap: number;
  window: number;
}) {
  const more = current.next
    ? dashboardHref("search", { q: query, in: id, after: page === "page" ? current.next : null })
    : null;
  return (
    <section aria-labelledby={`search-${id}`} className="mt-6">
      <h3 id={`search-${id}`} className="text-lg font-bold">
        {title}{" "}
        <span className="text-sm font-normal text-ink-muted">{`(${countText(current.total, cap)})`}</span>
      </h3>
      {current.windowed ? (
        <p className="text-sm text-ink-muted">
          {`Ranked among the newest ${countText(window, cap)} matches; add a word to narrow the search.`}
        </p>
      ) : null}
      {current.items.length === 0 ? (
        <p className="mt-2 rounded-xl bg-surface-muted p-4 text-ink-muted">No {id} match.</p>
      ) : (
        <div className="mt-2">
          <DataTable
            caption={`${title} matching the search, best first`}
            columns={columns}
            rows={current.items}
            rowKey={(row) => String(row.id)}
            tableClassName="min-w-[48rem] text-sm"
          />
        </div>
      )}
      <nav aria-label={`${title}: more`} className="mt-2 flex gap-4 text-sm">
        {section ? (
          <Link className="font-semibold text-brand underline" to={dashboardHref("search", { q: query })}>
            Back to both lists
          </Link>
        ) : null}
        {more ? (
          <Link className="font-semibold text-brand underline" to={more}>
            {section ? `Next ${id}` : `All ${id}`}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

export function SearchTab({ query, section, ignored, messages, people, cap, window }: Data) {
  return (
    <section aria-labelledby="search-title" className="mt-6">
      <h2 id="search-title" className="text-lg font-bold">
        Search
      </h2>
      <Form method="get" role="search" aria-label="Search messages and people" className="mt-2 flex gap-2">
        <input type="hidden" name="tab" value="search" />
        <label htmlFor="search-tab-q" className="sr-only">
          Search messages and people
        </label>
        <input
          id="search-tab-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={ADMIN_SEARCH_MAX}
          className="block w-96 max-w-full rounded-lg border border-line bg-surface px-3 py-1.5 text-ink"
        />
        <button
          type="submit"
          className="inline-flex min-h-8 items-center rounded-full bg-brand px-4 py-1 text-sm font-semibold text-white hover:bg-brand-strong"
        >
          Search
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-muted">
        Names, email addresses, companies and message text; any 3 characters or more of a word, in any script,
        accents ignored. Every word must match.
      </p>
      {ignored.length > 0 ? (
        <p className="mt-2 text-sm">
          {`Left out, under 3 characters: ${ignored.map((word) => `"${word}"`).join(", ")}.`}
        </p>
      ) : null}
      {messages && section !== "people" ? (
        <Section
          id="messages"
          title="Messages"
          query={query}
          section={section}
          current={messages}
          page={section ? "page" : "preview"}
          columns={MESSAGE_COLUMNS}
          cap={cap}
          window={window}
        />
      ) : null}
      {people && section !== "messages" ? (
        <Section
          id="people"
          title="People"
          query={query}
          section={section}
          current={people}
          page={section ? "page" : "preview"}
          columns={PEOPLE_COLUMNS}
          cap={cap}
          window={window}
        />
      ) : null}
    </section>
  );
}
