import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { COUNT_CAP } from "~/lib/counts";
import type { Database } from "./db.server";

// Paging by keyset, not OFFSET (docs/decisions/152-message-states-and-claims.md): a page is the rows after
// the last one shown, in the list's order of a timestamp and the id, so page 5,000 costs what page 1 does.
// The cursor travels in the address as `after=<seconds>.<id>`. A list's count stops at COUNT_CAP: past it
// the dashboard says "10,000+", as counting every row of a million is a scan.

/** The last row of a page: its timestamp in seconds (0 when it has none) and its id. */
export interface Cursor {
  at: number;
  id: number;
}

/** A cursor from the address (`after`), or null (the first page) when missing or malformed. */
export function cursorParam(raw: string | null): Cursor | null {
  const match = /^(\d{1,12})\.([1-9]\d{0,15})$/.exec(raw ?? "");
  if (!match) return null;
  const at = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { at, id } : null;
}

export const cursorText = ({ at, id }: Cursor): string => `${at}.${id}`;

/** The order of a list: a timestamp column, the id that breaks ties, and the direction. */
export interface Keyset {
  at: SQLiteColumn | AnyColumn;
  id: SQLiteColumn | AnyColumn;
  direction: "asc" | "desc";
}

/** The rows after `cursor` in the keyset's order; nothing to add on the first page. */
export function afterCursor(keyset: Keyset, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const seconds = sql`${cursor.at}`;
  return keyset.direction === "asc"
    ? sql`(${keyset.at}, ${keyset.id}) > (${seconds}, ${cursor.id})`
    : sql`(${keyset.at}, ${keyset.id}) < (${seconds}, ${cursor.id})`;
}

/** The rows up to `bound`, itself included, in the keyset's order. */
export function upToCursor(keyset: Keyset, bound: Cursor): SQL {
  const seconds = sql`${bound.at}`;
  return keyset.direction === "asc"
    ? sql`(${keyset.at}, ${keyset.id}) <= (${seconds}, ${bound.id})`
    : sql`(${keyset.at}, ${keyset.id}) >= (${seconds}, ${bound.id})`;
}

/** The keyset's ORDER BY. */
export function keysetOrder(keyset: Keyset): SQL[] {
  return keyset.direction === "asc"
    ? [sql`${keyset.at} asc`, sql`${keyset.id} asc`]
    : [sql`${keyset.at} desc`, sql`${keyset.id} desc`];
}

/** A page of a list, read by keyset; `Total` is null where a list may leave its count out. */
export interface KeysetPage<T, Total extends number | null = number> {
  items: T[];
  /**
   * How many rows the list holds, counted up to COUNT_CAP + 1: more than COUNT_CAP means "10,000+"; null
   * when counting would read too much (the queue under a common text, docs/decisions/160).
   */
  total: Total;
  pageSize: number;
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  /** Whether this is the first page (no cursor was given). */
  first: boolean;
}

export const secondsOf = (value: Date | number | null): number =>
  value === null ? 0 : typeof value === "number" ? value : Math.floor(value.getTime() / 1000);

/**
 * Reads one page: `list` gets the limit (one row more than a page, to know whether another follows) and
 * `count` the capped count; `stamp` names the row's timestamp for the next cursor.
 */
export async function keysetPage<T extends { id: number }, Total extends number | null = number>(
  cursor: Cursor | null,
  pageSize: number,
  list: (limit: number) => Promise<T[]>,
  count: () => Promise<Total>,
  stamp: (row: T) => Date | number | null,
): Promise<KeysetPage<T, Total>> {
  const [rows, total] = await Promise.all([list(pageSize + 1), count()]);
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const next =
    rows.length > pageSize && last ? cursorText({ at: secondsOf(stamp(last)), id: last.id }) : null;
  return { items, total, pageSize, next, first: cursor === null };
}

/** `count(*)` of the rows `where` selects from `table`, stopping at COUNT_CAP + 1 rows. */
export async function cappedCount(db: Database, table: SQL, where: SQL | undefined): Promise<number> {
  const [row] = await db.all<{ count: number }>(
    sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${table}${where ? sql` WHERE ${where}` : sql``} LIMIT ${COUNT_CAP + 1})`,
  );
  return row?.count ?? 0;
}
