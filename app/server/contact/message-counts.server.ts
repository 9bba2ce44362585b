import { type SQL, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import type { Database } from "../db.server";
import { CHOICE_TALLY, FACET_COLUMNS, type MessageGroup, tallyWhere } from "./filter-conditions.server";

// The queue's counts from `message_counts` (db/migrations/0019_message_counts.sql, kept by triggers): a
// count by days received and the choices' columns (state, area, payment method, holder) sums a few
// thousand rows at most, where counting the messages themselves read up to a million
// (docs/decisions/156-fast-at-a-sales-scale.md). A text is not in the table (queue-text.server.ts).

const tally = sql.raw("message_counts");

/** The exact number of messages a filter without text selects, for the caller `adminId`. */
export async function talliedCount(db: Database, filter: ContactFilter, adminId: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT (${talliedCountQuery(filter, adminId)}) AS n`);
  return row?.n ?? 0;
}

/** `talliedCount` as a query of one value, to be read inside another statement. */
export function talliedCountQuery(filter: ContactFilter, adminId: number): SQL {
  const where = tallyWhere(filter, adminId);
  return sql`SELECT coalesce(sum(n), 0) FROM ${tally}${where ? sql` WHERE ${where}` : sql``}`;
}

/**
 * The messages of the filter's days, counted by the choices' columns (the table's own rows summed over
 * the days, an empty column as NULL): every count beside the filters is a sum over these groups, in one
 * query where eighteen counts were eighteen round trips.
 */
export function talliedGroups(db: Database, filter: ContactFilter): Promise<MessageGroup[]> {
  const where = tallyWhere(filter, 0, ["day"]);
  const columns = FACET_COLUMNS.map(
    (column) => sql`nullif(${sql.identifier(column)}, ${CHOICE_TALLY[column]}) AS ${sql.identifier(column)}`,
  );
  return db.all<MessageGroup>(
    sql`SELECT ${sql.join(columns, sql`, `)}, sum(n) AS n FROM ${tally}
      ${where ? sql`WHERE ${where}` : sql``} GROUP BY ${sql.raw(FACET_COLUMNS.map((_, i) => i + 1).join(", "))}`,
  );
}
