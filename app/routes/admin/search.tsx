import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  type Column,
  KeysetPager,
  ListSection,
  OpenLink,
  personColumns,
  ReplyByEmailLink,
  ReplyLink,
} from "~/components/admin-lists";
import { dashboardHref } from "~/lib/admin-tabs";
import { countLabel } from "~/lib/counts";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { leftOutText, NAMES_NOTE } from "~/lib/search-query";
import { messagePath, personPath } from "~/lib/workbench";
import type { PersonHit, SearchPage, SearchSection } from "~/server/admin/admin-search.server";
import { ageColumn, messageColumn, paymentColumn, stateColumn } from "./contact-columns";
import type { loader } from "./search.server";

// The Search tab (/admin?tab=search&q=…[&in=messages|people&after=…]): one box over the messages and the
// people, ranked (docs/decisions/155); the best rows of each, or one section paged by its cursor. A plain
// GET form, so it works without JavaScript; the layout's header holds the same box. Its tables are the
// other tabs' pieces, so the dashboard's script grows little.

type Data = Awaited<ReturnType<typeof loader>>;
type MessageRow = NonNullable<Data["messages"]>["items"][number];

function statusOf(person: PersonHit) {
  if (person.rejected) return "Rejected";
  if (!person.isApproved) return "Pending";
  return person.isActive ? "Active" : "Deactivated";
}

const personStatus: Column<PersonHit> = {
  header: "Status",
  cell: (person) => (
    <Link className="text-brand underline" to={dashboardHref("activity", { person: String(person.id) })}>
      {statusOf(person)}
      <span className="sr-only">{`: activity of account ${person.id}`}</span>
    </Link>
  ),
};

function Section<T extends { id: number }>(props: {
  id: SearchSection;
  title: string;
  data: Data;
  list: SearchPage<T>;
  columns: Column<T>[];
  actions?: (item: T) => ReactNode;
}) {
  const { id, title, data, list } = props;
  // "Next page" of the best rows goes on in this section alone, after the last row shown.
  const href = (after: string | null) => dashboardHref("search", { q: data.query, in: id, after });
  return (
    <ListSection
      id={`search-${id}`}
      title={`${title} (${countLabel(list.total)})`}
      empty={`No ${id} match.`}
      list={list}
      columns={props.columns}
      actions={props.actions}
      pager={<KeysetPager list={list} href={href} />}
    >
      {list.windowed ? (
        <p className="text-sm text-ink-muted">
          {`Ranked among the newest ${countLabel(data.window)} matches; add a word to narrow the search.`}
        </p>
      ) : null}
    </ListSection>
  );
}

export function SearchTab(data: Data) {
  const { query, section, ignored, names, messages, people, now } = data;
  return (
    <section aria-labelledby="search-title" className="mt-6">
      <h2 id="search-title" className="text-lg font-bold">
        Search
      </h2>
      <Form method="get" role="search" aria-label="Search messages and people" className="mt-2 flex gap-2">
        <input type="hidden" name="tab" value="search" />
        <input
          name="q"
          type="search"
          aria-label="Search messages and people"
          defaultValue={query}
          maxLength={ADMIN_SEARCH_MAX}
          className="block w-96 max-w-full rounded-lg border border-line bg-surface px-3 py-1.5 text-ink"
        />
        <button type="submit" className="rounded-full bg-brand px-4 py-1 text-sm font-semibold text-white">
          Search
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-muted">
        Names, email addresses, companies and message text; any 3 characters or more of a word, in any script,
        accents ignored. Every word must match. Shorter words alone match a whole name or company.
      </p>
      {ignored.length > 0 ? <p className="mt-2 text-sm">{leftOutText(ignored)}</p> : null}
      {names ? <p className="mt-2 text-sm">{NAMES_NOTE}</p> : null}
      {messages && section !== "people" ? (
        <Section<MessageRow>
          id="messages"
          title="Messages"
          data={data}
          list={messages}
          columns={[
            ...personColumns<MessageRow>("name"),
            ageColumn<MessageRow>(now),
            ...personColumns<MessageRow>("email", "area"),
            paymentColumn<MessageRow>(),
            messageColumn<MessageRow>(),
            stateColumn<MessageRow>(),
          ]}
          actions={(row) => (
            <>
              <OpenLink to={messagePath(row.id)} name={`message from ${row.email}`} />
              <ReplyLink id={row.id} name={`${row.firstName} ${row.lastName}`} />
              <ReplyByEmailLink contact={row} />
            </>
          )}
        />
      ) : null}
      {people && section !== "messages" ? (
        <Section<PersonHit>
          id="people"
          title="People"
          data={data}
          list={people}
          columns={[...personColumns<PersonHit>("name", "email", "company", "area"), personStatus]}
          actions={(person) => <OpenLink to={personPath(person.id)} name={person.email} />}
        />
      ) : null}
    </section>
  );
}
