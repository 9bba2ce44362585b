import { type SQL, sql } from "drizzle-orm";
import { type AnySQLiteColumn, check } from "drizzle-orm/sqlite-core";

/** The default of every `created_at` and `at`: the moment of the insert. */
export const now: SQL = sql`(unixepoch())`;

/**
 * A CHECK that holds a text column to its field's limit (app/lib/field-limits.ts), because SQLite ignores
 * declared lengths: `length(col) <= max`, and `col IS NULL OR …` for a column that may be null. The limit
 * is written into the SQL as a number, as a CHECK needs (a bound parameter would not do).
 */
export function lengthCheck(name: string, column: AnySQLiteColumn, max: number) {
  if (!Number.isSafeInteger(max) || max < 0) throw new Error(`${name}: the limit ${max} is not a length`);
  const limit = sql.raw(String(max));
  return check(
    name,
    column.notNull
      ? sql`length(${column}) <= ${limit}`
      : sql`${column} IS NULL OR length(${column}) <= ${limit}`,
  );
}
