import { type SQL, sql } from "drizzle-orm";
import {
  CHOICE_FILTERS,
  type ChoiceName,
  type ContactFilter,
  type MessageFacets,
} from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import type { Database } from "../db.server";
import { daysWhere, FACET_COLUMNS, groupSelected, type MessageGroup } from "./filter-conditions.server";
import { talliedGroups } from "./message-counts.server";
import { anyStateRows, queueText } from "./queue-text.server";

// The counts beside the queue's filters (Django's list_filter with facets; docs/decisions/156, 170, 175):
// how many messages each choice of each choice filter would list, under every other filter, each a sum
// over groups of messages by the choices' columns, all read by one query.

/** Each choice of each choice filter, with its count from `count`. */
const facetsOf = (counted: boolean, count: (name: ChoiceName, value: unknown) => number): MessageFacets =>
  Object.fromEntries([
    ["counted", counted],
    ...CHOICE_FILTERS.map(([name, filter]) => [
      name,
      Object.fromEntries(filter.choices.map(({ value }) => [String(value), count(name, value)])),
    ]),
  ]) as MessageFacets;

const UNCOUNTED = facetsOf(false, () => 0);

/** The messages of `from` that pass `where`, grouped by the choices' columns, no more than COUNT_CAP + 1. */
function textGroups(db: Database, from: SQL, where: SQL | undefined): Promise<MessageGroup[]> {
  const columns = sql.join(FACET_COLUMNS.map(sql.identifier), sql`, `);
  return db.all<MessageGroup>(
    sql`SELECT ${columns}, count(*) AS n FROM (SELECT ${columns} FROM ${from}
      ${where ? sql`WHERE ${where}` : sql``} LIMIT ${COUNT_CAP + 1}) GROUP BY ${columns}`,
  );
}

/**
 * The counts beside the filters. Without a text they are sums over `message_counts`; under a text they
 * are a product choice, as Django's `show_facets`: read only when `asked` ("Show counts"), by one grouped
 * pass over the messages of the filter's days that hold the text in any state, and left out ("No
 * counts") where more than COUNT_CAP do, as the pass would count some of them.
 */
export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  { asked }: { asked: boolean },
): Promise<MessageFacets> {
  const text = queueText(filter);
  if (text !== null && !asked) return UNCOUNTED;
  const groups =
    text === null
      ? await talliedGroups(db, filter)
      : await textGroups(db, anyStateRows(text), daysWhere(filter));
  if (text !== null && groups.reduce((sum, group) => sum + group.n, 0) > COUNT_CAP) return UNCOUNTED;
  return facetsOf(true, (name, value) =>
    groups.reduce(
      (sum, group) => sum + (groupSelected(group, { ...filter, [name]: value }, adminId) ? group.n : 0),
      0,
    ),
  );
}
