import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import { CONTACT_FILTERS, type ContactFilter } from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import { narrowing } from "~/lib/list-filters";
import { ftsExcluded, ftsMatch, searchTerms } from "~/lib/search-query";
import { contactSubmissions, FACETS_INDEX } from "../../../db/schema";
import type { Database } from "../db.server";
import { afterCursor, type Cursor, type Keyset, keysetOrder } from "../keyset.server";
import { namedIds } from "../named-ids.server";
import { DAY_SECONDS, dayNumber } from "./filter-conditions.server";
import { inStateView } from "./messages-index.server";

// The queue's text filter (docs/decisions/175): it means what the search box means (158), and one plan
// reads it: the search index's matches among the filter's state (161), joined to the index of the
// filtered columns and sorted in the queue's order, a run of the queue's days at a time (`textPage`).

/** A filter's text as the queue reads it. */
export interface QueueText {
  /** The index's query among the filter's state; null for short words alone, which are names (160). */
  match: string | null;
  /** The same in any state: what the counts beside the states read. */
  anyState: string | null;
  words: string[];
  /** Whether the state, read inside the index, is the only filter beside the text. */
  alone: boolean;
  /** The ids the filter's days hold (`message_days`, migration 0022), which FTS5 seeks. */
  days: { lo: SQL | number; hi: SQL | number } | null;
  /** The index's query of the words `-word` leaves out, where `match` does not carry them (short words). */
  excluded: string | null;
}

/**
 * The most of the index's matches the counts beside the filters read when asked for: 20,000 join in about
 * 45 ms. Past them a count is "10,000+" where 10,000 were met among them, else "not counted".
 */
export const COUNT_READS = 20_000;

/**
 * A filter's text as the queue reads it; null for none, and for a text of `-word` terms alone, which
 * leaves messages out of the plain queue (`excludedWhere`) and has nothing to look for.
 */
export function queueText(filter: ContactFilter): QueueText | null {
  if (filter.query === null || searchTerms(filter.query).length === 0) return null;
  const match = ftsMatch(filter.query);
  const days = and(
    filter.from === null ? undefined : sql`day >= ${dayNumber(filter.from)}`,
    filter.to === null ? undefined : sql`day <= ${dayNumber(filter.to)}`,
  );
  return {
    match: match === null ? null : inStateView(match, filter.state),
    anyState: match,
    words: searchTerms(filter.query),
    alone:
      match !== null && narrowing(CONTACT_FILTERS, filter).every((name) => ["state", "query"].includes(name)),
    days: days
      ? {
          lo: sql`(SELECT coalesce(min(first_id), 0) FROM message_days WHERE ${days})`,
          hi: sql`(SELECT coalesce(max(last_id), -1) FROM message_days WHERE ${days})`,
        }
      : null,
    excluded: match === null ? ftsExcluded(filter.query) : null,
  };
}

/** The ids of the messages that hold a word of the index's query `excluded`, at most `limit` (0: all). */
const excludedIds = (excluded: string, limit = 0): SQL =>
  sql`SELECT rowid AS id FROM messages_search WHERE messages_search MATCH ${excluded}${limit > 0 ? sql` LIMIT ${limit}` : sql``}`;

/** The messages a text of `-word` terms alone leaves out, as a condition on the messages; else nothing. */
export function excludedWhere(filter: ContactFilter): SQL | undefined {
  if (filter.query === null || queueText(filter) !== null) return undefined;
  const excluded = ftsExcluded(filter.query);
  return excluded === null ? undefined : sql`${contactSubmissions.id} NOT IN (${excludedIds(excluded)})`;
}

/** The ids that hold the text (the index's matches, or the names' rows) as a column `id`. */
function textIds(text: QueueText, { anyState = false, span = text.days, limit = 0 } = {}): SQL {
  const most = limit > 0 ? sql` LIMIT ${limit}` : sql``;
  const match = anyState ? text.anyState : text.match;
  // D1 binds a number as a REAL, by which FTS5 does not seek: a day's matches took 30 ms, cast 3 ms.
  const range = span && sql`BETWEEN CAST(${span.lo} AS INTEGER) AND CAST(${span.hi} AS INTEGER)`;
  if (match === null) {
    const { id, firstName, lastName, company } = contactSubmissions;
    const kept = text.excluded === null ? undefined : sql`${id} NOT IN (${excludedIds(text.excluded)})`;
    const within = and(range ? sql`${id} ${range}` : undefined, kept);
    return sql`${namedIds(contactSubmissions, id, [firstName, lastName, company], text.words, within)}${most}`;
  }
  const within = range ? sql` AND messages_search.rowid ${range}` : sql``;
  return sql`SELECT rowid AS id FROM messages_search WHERE messages_search MATCH ${match}${within}${most}`;
}

/** The messages that hold the filter's text (and none it leaves out), as a condition ("all matching"). */
export function textWhere(filter: ContactFilter): SQL | undefined {
  const text = queueText(filter);
  return text ? sql`${contactSubmissions.id} IN (${textIds(text)})` : excludedWhere(filter);
}

/** The text's ids joined to the one index holding every filtered column: no message's row is read. */
const textRows = (ids: SQL): SQL =>
  sql`(${ids}) AS matched CROSS JOIN ${contactSubmissions} INDEXED BY ${sql.identifier(FACETS_INDEX)}
    ON ${contactSubmissions.id} = matched.id`;

/**
 * The next `limit` messages of the queue after `cursor` that hold the text and pass `others` (every other
 * filter), in the queue's order, and the count of them all. One statement reads the state's matches up to
 * COUNT_CAP + 1: where those are all of them, the page is read from them all and they are counted
 * exactly; past the cap, the page is read a run of days at a time (`pageByDays`), and the count is
 * "10,000+" where the state alone narrows the text, else null ("Not counted").
 */
export async function textPage(
  db: Database,
  text: QueueText,
  filter: ContactFilter,
  others: SQL | undefined,
  keyset: Keyset,
  cursor: Cursor | null,
  limit: number,
): Promise<{ ids: number[]; total: number | null }> {
  const ids = textIds(text, { limit: COUNT_CAP + 1 });
  const passed = sql`(SELECT count(*) FROM ${textRows(ids)}${others ? sql` WHERE ${others}` : sql``})`;
  const [row] = await db.all<{ kept: number | null }>(
    sql`SELECT CASE WHEN held <= ${COUNT_CAP} THEN ${text.alone ? sql`held` : passed} END AS kept
      FROM (SELECT count(*) AS held FROM (${ids}))`,
  );
  const where = and(others, afterCursor(keyset, cursor));
  const sorted: SortedIds = async (span, within) => {
    const rows = await db.all<{ id: number }>(
      sql`SELECT ${contactSubmissions.id} AS id FROM ${textRows(textIds(text, { span }))}
        WHERE ${and(where, within) ?? sql`1`} ORDER BY ${sql.join(keysetOrder(keyset), sql`, `)} LIMIT ${limit}`,
    );
    return rows.map((row) => row.id);
  };
  const kept = row?.kept ?? null;
  if (kept !== null) return { ids: kept === 0 ? [] : await sorted(text.days), total: kept };
  const found = await pageByDays(db, filter, keyset.direction, cursor, limit, sorted);
  return { ids: found, total: text.alone ? COUNT_CAP + 1 : null };
}

/** The first ids, in the queue's order, of the messages of `span` that hold the text and pass `within`. */
type SortedIds = (span: QueueText["days"], within?: SQL) => Promise<number[]>;

/**
 * A page of a text more messages hold than the cap, a run of the queue's days at a time from the
 * cursor's day on in its direction: the text's matches among the ids those days hold (exact even where
 * ids do not follow arrival), later days' messages left to a later run. A run that fills no page is
 * doubled, so all runs together cost at most twice the last; a common word fills a page from one day.
 */
async function pageByDays(
  db: Database,
  filter: ContactFilter,
  direction: Keyset["direction"],
  cursor: Cursor | null,
  limit: number,
  sorted: SortedIds,
): Promise<number[]> {
  const up = direction === "asc";
  const start = cursor && sql`${Math.floor(cursor.at / DAY_SECONDS)}`;
  const from = (up && start) || (filter.from === null ? undefined : sql`${dayNumber(filter.from)}`);
  const to = (!up && start) || (filter.to === null ? undefined : sql`${dayNumber(filter.to)}`);
  const bounds = and(from && sql`day >= ${from}`, to && sql`day <= ${to}`) ?? sql`1`;
  const days = await db.all<{ day: number; lo: number; hi: number }>(
    sql`SELECT day, first_id AS lo, last_id AS hi FROM message_days WHERE ${bounds}
      ORDER BY day ${up ? sql`ASC` : sql`DESC`}`,
  );
  const time = (day: number) => new Date(day * DAY_SECONDS * 1000);
  const { createdAt } = contactSubmissions;
  for (let reach = 1; reach < 2 * days.length; reach *= 2) {
    const run = days.slice(0, reach);
    const edge = run.at(-1)?.day ?? 0;
    const span = { lo: Math.min(...run.map((day) => day.lo)), hi: Math.max(...run.map((day) => day.hi)) };
    const whole = run.length === days.length;
    const page = await sorted(
      span,
      whole ? undefined : up ? lt(createdAt, time(edge + 1)) : gte(createdAt, time(edge)),
    );
    if (page.length === limit || whole) return page;
  }
  return [];
}

/** The messages of the filter's days that hold its words in any state: what the counts beside it read. */
export const anyStateRows = (text: QueueText): SQL => textRows(textIds(text, { anyState: true }));

/**
 * The messages a text of `-word` terms alone leaves out: those among the first COUNT_READS + 1 holding an
 * excluded word that pass `others`, as the rows of the filtered columns' index; null where more hold one
 * (the count is then not read), or where the text is not of `-word` terms alone.
 */
export async function excludedCount(
  db: Database,
  filter: ContactFilter,
  others: SQL | undefined,
): Promise<number | null> {
  const excluded = filter.query !== null && queueText(filter) === null ? ftsExcluded(filter.query) : null;
  if (excluded === null) return null;
  const ids = excludedIds(excluded, COUNT_READS + 1);
  const [row] = await db.all<{ held: number; passed: number }>(
    sql`SELECT (SELECT count(*) FROM (${ids})) AS held,
      (SELECT count(*) FROM ${textRows(ids)}${others ? sql` WHERE ${others}` : sql``}) AS passed`,
  );
  return row && row.held <= COUNT_READS ? row.passed : null;
}

/** The messages holding a word a text of `-word` terms alone leaves out, any state, as the index's rows. */
export function excludedRows(filter: ContactFilter): SQL | null {
  const excluded = filter.query !== null && queueText(filter) === null ? ftsExcluded(filter.query) : null;
  return excluded === null ? null : textRows(excludedIds(excluded));
}
