import { type SQL, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import type { Database } from "../db.server";
import { FACET_COLUMNS, groupSelected, type MessageGroup } from "./filter-conditions.server";

// The queue's filter counts (docs/decisions/156, 158, 170) as sums over groups of messages by the
// choices' columns (state, area, payment method, holder): every count, each under the other filters,
// from one query. Without a text the groups are `message_counts`' rows (message-counts.server.ts); under a
// text, one grouped pass over the messages that hold it (counting each from the messages scanned the
// queue once a count: 2.2 s for "token", 4.7 s for "Müller" at a million).

export type { MessageGroup };

/**
 * The messages of `from` that pass `where` (the text and the days), counted by the choices' columns;
 * reading no more than `cap` + 1 of them (a sum over `cap` says there are more).
 */
export function textGroups(
  db: Database,
  from: SQL,
  where: SQL | undefined,
  cap: number,
): Promise<MessageGroup[]> {
  const columns = sql.join(FACET_COLUMNS.map(sql.identifier), sql`, `);
  return db.all<MessageGroup>(
    sql`SELECT ${columns}, count(*) AS n FROM (SELECT ${columns} FROM ${from}
      ${where ? sql`WHERE ${where}` : sql``} LIMIT ${cap + 1}) GROUP BY ${columns}`,
  );
}

/** The count of a filter whose text and days are the groups'. */
export function groupedCount(
  groups: readonly MessageGroup[],
  filter: ContactFilter,
  adminId: number,
): number {
  return groups.reduce((sum, group) => sum + (groupSelected(group, filter, adminId) ? group.n : 0), 0);
}
