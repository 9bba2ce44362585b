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
import { anyStateRows, COUNT_READS, excludedRows, queueText } from "./queue-text.server";

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
 * without a text. Under a text they are a product choice, as Django's `show_facets`: read only when
 * `asked` ("Show counts"), from the messages of the filter's days that hold the text in any state, at most
 * COUNT_READS + 1 of them; past those a count is "10,000+" where that many were met, else null.
 */
export async function messageFacets(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  { asked }: { asked: boolean },
): Promise<MessageFacets> {
  const text = queueText(filter);
  const excluded = excludedRows(filter);
  if ((text !== null || excluded !== null) && !asked) return facetsOf(false, () => null);
  const groups = text
    ? await textGroups(db, anyStateRows(text), daysWhere(filter), COUNT_READS + 1)
    : await talliedGroups(db, filter);
  const sum = (some: MessageGroup[]) => some.reduce((total, group) => total + group.n, 0);
  const whole = text === null || sum(groups) <= COUNT_READS;
  if (excluded !== null) {
    // `-word` terms alone: the tally's groups less the groups of the messages they leave out.
    const out = await textGroups(db, excluded, daysWhere(filter), COUNT_READS + 1);
    if (sum(out) > COUNT_READS) return facetsOf(true, () => null);
    groups.push(...out.map((group) => ({ ...group, n: -group.n })));
  }
  return facetsOf(true, (name, value) => {
    const selected = { ...filter, [name]: value };
    const n = groups.reduce((sum, group) => sum + (groupSelected(group, selected, adminId) ? group.n : 0), 0);
    return whole || n > COUNT_CAP ? n : null;
  });
}
