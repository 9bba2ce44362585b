import { type SQL, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import { isClosedState, type MessageState } from "~/lib/message-states";
import type { Database } from "../db.server";

// The queue's filter counts (docs/decisions/156, 158) as sums over groups of messages by state, area,
// payment method and holder: eighteen counts, each under the other filters, from one query. Without a
// text the groups are `message_counts`' rows (message-counts.server.ts); under a text, one grouped pass
// over the messages that hold it (counting each of the eighteen from the messages scanned the queue
// eighteen times: 2.2 s for "token", 4.7 s for "Müller" at a million).

export interface MessageGroup {
  state: MessageState;
  user_type_id: number | null;
  payment_method: string | null;
  claimed_by: number | null;
  n: number;
}

/**
 * The messages `where` selects (the text and the days), counted by state, area, payment method and holder;
 * reading no more than `cap` + 1 of them (a sum over `cap` says there are more).
 */
export function textGroups(
  db: Database,
  rows: { from: SQL; where: SQL | undefined },
  cap: number,
): Promise<MessageGroup[]> {
  return db.all<MessageGroup>(
    sql`SELECT state, user_type_id, payment_method, claimed_by, count(*) AS n FROM (
      SELECT state, user_type_id, payment_method, claimed_by FROM ${rows.from}
      ${rows.where ? sql`WHERE ${rows.where}` : sql``} LIMIT ${cap + 1}) GROUP BY 1, 2, 3, 4`,
  );
}

function selects(group: MessageGroup, filter: ContactFilter, adminId: number): boolean {
  const state = filter.state === "open" ? !isClosedState(group.state) : group.state === filter.state;
  const holder =
    filter.holder === "me"
      ? group.claimed_by === adminId
      : filter.holder === "nobody"
        ? group.claimed_by === null
        : true;
  return (
    state &&
    holder &&
    (filter.area === null || group.user_type_id === filter.area) &&
    (filter.payment === null || group.payment_method === filter.payment)
  );
}

/** The count of a filter whose text and days are the groups'. */
export function groupedCount(
  groups: readonly MessageGroup[],
  filter: ContactFilter,
  adminId: number,
): number {
  return groups.reduce((sum, group) => sum + (selects(group, filter, adminId) ? group.n : 0), 0);
}
