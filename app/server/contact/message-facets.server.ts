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
import { anyStateRows, COUNT_READS, queueText } from "./queue-text.server";

// The counts beside the queue's filters (Django's list_filter with facets; docs/decisions/156, 170, 175):
// how many messages each choice of each choice filter would list, under every other filter, each a sum
// over groups of messages by the choices' columns, all read by one query.

/** Each choice of each choice filter, with its count from `count`. */
const facetsOf = (counted: boolean, count: (name: ChoiceName, value: unknown) => number | null) =>
  Object.fromEntries([
    ["counted", counted],
    ...CHOICE_FILTERS.map(([name, filter]) => [
      name,
      Object.fromEntries(filter.choices.map(({ value }) => [String(value), count(name, value)])),
    ]),
  ]) as MessageFacets;

/** The messages of `from` that pass `where`, grouped by the choices' columns, no more than `most`. */
function textGroups(db: Database, from: SQL, where: SQL | undefined, most: number): Promise<MessageGroup[]> {
  const columns = sql.join(FACET_COLUMNS.map(sql.identifier), sql`, `);
  return db.all<MessageGroup>(
    sql`SELECT ${columns}, count(*) AS n FROM (SELECT ${columns} FROM ${from}
      ${where ? sql`WHERE ${where}` : sql``} LIMIT ${most}) GROUP BY ${columns}`,
  );
}

/**
 * The counts beside the filters, each a sum over groups of messages read by one query: `message_counts`
 * without a text; under a text, the messages of the filter's days that hold it in any state, at most
 * COUNT_CAP + 1 of them, so a text more hold is shown without counts. Those are a product choice, as
 * Django's `show_facets`: `asked` ("Show counts"), up to COUNT_READS + 1 are read, and past them a count
 * is "10,000+" where that many were met among them, else null ("Not counted"), as the list's own count.
 */
export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  { asked }: { asked: boolean },
): Promise<MessageFacets> {
  const text = queueText(filter);
  const most = asked ? COUNT_READS : COUNT_CAP;
  const groups = text
    ? await textGroups(db, anyStateRows(text), daysWhere(filter), most + 1)
    : await talliedGroups(db, filter);
  const read = groups.reduce((sum, group) => sum + group.n, 0);
  const whole = text === null || read <= most;
  return facetsOf(whole || asked, (name, value) => {
    const selected = { ...filter, [name]: value };
    const n = groups.reduce((sum, group) => sum + (groupSelected(group, selected, adminId) ? group.n : 0), 0);
    return whole || n > COUNT_CAP ? n : null;
  });
}
