import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import { statesOfView } from "~/lib/message-states";
import type { Database } from "../db.server";
import type { MessageGroup } from "./message-groups.server";

// The queue's counts from `message_counts` (db/migrations/0019_message_counts.sql, kept by triggers): a
// count by days received, state, area, payment method and holder sums a few thousand rows at most, where
// counting the messages themselves read up to a million (docs/decisions/156-fast-at-a-sales-scale.md). A
// filter by text is not in the table: those are counted from the messages.

const tally = sql.raw("message_counts");
const column = (name: string) => sql.raw(`message_counts.${name}`);

/** Whether the table holds the count of this filter (no text in it). */
export const tallied = (filter: ContactFilter): boolean => filter.query === null;

const DAY_SECONDS = 86_400;
/** A YYYY-MM-DD day (UTC) as the table's day number: whole days since 1970-01-01. */
export const dayNumber = (day: string): number =>
  Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000 / DAY_SECONDS);

function stateIs(state: ContactFilter["state"]): SQL {
  return inArray(column("state"), [...statesOfView(state)]);
}

const daysIn = (filter: ContactFilter) =>
  and(
    filter.from === null ? undefined : gte(column("day"), dayNumber(filter.from)),
    filter.to === null ? undefined : lte(column("day"), dayNumber(filter.to)),
  );

/** The exact number of messages a filter without text selects, for the caller `adminId`. */
export async function talliedCount(db: Database, filter: ContactFilter, adminId: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT (${talliedCountQuery(filter, adminId)}) AS n`);
  return row?.n ?? 0;
}

/** `talliedCount` as a query of one value, to be read inside another statement. */
export function talliedCountQuery(filter: ContactFilter, adminId: number): SQL {
  const where = and(
    daysIn(filter),
    stateIs(filter.state),
    filter.area === null ? undefined : eq(column("user_type_id"), filter.area),
    filter.payment === null ? undefined : eq(column("payment_method"), filter.payment),
    filter.holder === "me" ? eq(column("claimed_by"), adminId) : undefined,
    filter.holder === "nobody" ? eq(column("claimed_by"), 0) : undefined,
  );
  return sql`SELECT coalesce(sum(n), 0) FROM ${tally} WHERE ${where}`;
}

/**
 * The messages of the filter's days, counted by state, area, payment method and holder (the table's own
 * rows summed over the days): every count beside the filters is a sum over these groups, in one query
 * where eighteen counts were eighteen round trips.
 */
export function talliedGroups(db: Database, filter: ContactFilter): Promise<MessageGroup[]> {
  const where = daysIn(filter);
  return db.all<MessageGroup>(
    sql`SELECT state, nullif(user_type_id, 0) AS user_type_id, nullif(payment_method, '') AS payment_method,
      nullif(claimed_by, 0) AS claimed_by, sum(n) AS n FROM ${tally}
      ${where ? sql`WHERE ${where}` : sql``} GROUP BY 1, 2, 3, 4`,
  );
}
