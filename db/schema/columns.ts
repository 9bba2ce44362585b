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

/**
 * A CHECK that holds a text column to a fixed list of values (app/lib/payment-methods.ts), null allowed when
 * the column is: `col IN ('A', 'B')`. The values are written into the SQL as literals, so each must be a
 * plain word.
 */
export function oneOfCheck(name: string, column: AnySQLiteColumn, values: readonly string[]) {
  const list = literals(name, values);
  return check(
    name,
    column.notNull ? sql`${column} IN (${list})` : sql`${column} IS NULL OR ${column} IN (${list})`,
  );
}

/** A boolean column that is true exactly when `column` holds one of `values`: `flag = (col IN ('A', 'B'))`. */
export function flagCheck(
  name: string,
  flag: AnySQLiteColumn,
  column: AnySQLiteColumn,
  values: readonly string[],
) {
  return check(name, sql`${flag} = (${column} IN (${literals(name, values)}))`);
}

function literals(name: string, values: readonly string[]): SQL {
  if (values.length === 0 || !values.every((value) => /^[A-Za-z0-9_-]+$/.test(value))) {
    throw new Error(`${name}: ${values.join(", ")} are not plain words`);
  }
  return sql.raw(values.map((value) => `'${value}'`).join(", "));
}
