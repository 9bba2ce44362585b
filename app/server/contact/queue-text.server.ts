import { and, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import { ftsMatch, leftOutText, MIN_TERM_LENGTH, searchTerms, shortTerms } from "~/lib/search-query";
import { contactSubmissions, FACETS_INDEX } from "../../../db/schema";
import type { Database } from "../db.server";
import { dayNumber } from "./message-counts.server";

// The queue's text filter (docs/decisions/158-the-queues-text-means-what-search-means.md, 160): what it
// means, the same as the search box, and how the list and the counts read it from the search index.

/**
 * How a text filter's list is read (docs/decisions/156, 158):
 * - "index": the search index's matches are few (an address, a name); the list is read from them.
 * - "probe": at least one message in ten holds the words ("token"); the queue is read in its order and
 *   each message looked up in the index, so fifty matches are met within a few hundred messages. Reading
 *   200,000 matches instead took 49 ms.
 * - "scan": between the two; the queue is read in its order against the set of the index's matches.
 */
export type TextPlan = "index" | "probe" | "scan";

/** What the search index says of a text filter's words, read once for the list and the counts. */
export interface IndexedText {
  match: string;
  plan: TextPlan;
  /** How many messages hold the words, counted up to COUNT_READS + 1. */
  held: number;
}

/** Below this many index matches a text filter reads the index. */
const NARROW = 2_000;
/** The share of the messages whose holding the words makes a probe of the queue worth it. */
const DENSE = 0.1;
/**
 * The most index matches a count under a text reads (docs/decisions/160): 20,000 take about 8 ms. Past
 * them a count is given only when it passes COUNT_CAP among them ("10,000+"); else it is not counted.
 */
export const COUNT_READS = 20_000;

/**
 * The index's word on a filter's text, or null when there is none to read (no text, or short words
 * alone): one statement counts the matches up to COUNT_READS + 1 and, as the index yields them by id,
 * measures the span of ids its first NARROW cover, which says how dense the words are among the messages.
 */
export async function indexedText(db: Database, filter: ContactFilter): Promise<IndexedText | null> {
  const match = filter.query === null ? null : ftsMatch(filter.query);
  if (match === null) return null;
  const matches = (limit: number) => indexMatches(match, filter, limit);
  const [row] = await db.all<{ held: number; lo: number | null; hi: number | null }>(
    sql`SELECT (SELECT count(*) FROM (${matches(COUNT_READS + 1)})) AS held,
      (SELECT min(rowid) FROM (${matches(NARROW)})) AS lo, (SELECT max(rowid) FROM (${matches(NARROW)})) AS hi`,
  );
  const { held = 0, lo = null, hi = null } = row ?? {};
  const plan: TextPlan =
    held < NARROW || lo === null || hi === null
      ? "index"
      : NARROW / (hi - lo + 1) >= DENSE
        ? "probe"
        : "scan";
  return { match, plan, held };
}

/** Whether the counts under the text would read past COUNT_READS matches, and so are not all counted. */
export const pastCountReads = (text: IndexedText | null): boolean => text !== null && text.held > COUNT_READS;

/**
 * A text filter means what the search box means (docs/decisions/158): every word of three characters or
 * more occurs in the message's names, address, company or text, ignoring case and accents (the search
 * index's matches; `+id` keeps the planner on the queue's order under the "scan" plan); shorter words
 * beside them are left out, as the search box leaves them. Short words alone ("Li Wu"), which the index
 * cannot match, are each a whole first name, last name or company (docs/decisions/160).
 */
export function textWhere(filter: ContactFilter, plan: TextPlan): SQL | undefined {
  if (filter.query === null) return undefined;
  const match = ftsMatch(filter.query);
  return match === null ? named(searchTerms(filter.query)) : holdsMatch(match, filter, plan);
}

/** What the page says of how it read the text: the words it left out, or that short words are names. */
export function textNote(query: string | null): string | null {
  if (query === null) return null;
  if (ftsMatch(query) === null) {
    return `Under ${MIN_TERM_LENGTH} characters, each word is matched as a whole first name, last name or company.`;
  }
  const words = shortTerms(query);
  return words.length > 0 ? leftOutText(words) : null;
}

function holdsMatch(match: string, filter: ContactFilter, plan: TextPlan): SQL {
  const { id } = contactSubmissions;
  if (plan === "probe") {
    return sql`EXISTS (SELECT 1 FROM messages_search WHERE messages_search.rowid = ${id} AND messages_search MATCH ${match})`;
  }
  const matches = sql`(${indexMatches(match, filter)})`;
  return plan === "index" ? sql`${id} IN ${matches}` : sql`+${id} IN ${matches}`;
}

/**
 * The ids of the search index's matches, in order, up to `limit`: under days, only those between the
 * first and the last id those days hold (`message_days`, migration 0022), which FTS5 reads as a span of
 * its rowids, so "com" on one day reads that day's matches, not the 430,000 of every day.
 */
function indexMatches(match: string, filter: ContactFilter, limit?: number): SQL {
  const { from, to } = filter;
  const days = and(
    from === null ? undefined : sql`day >= ${dayNumber(from)}`,
    to === null ? undefined : sql`day <= ${dayNumber(to)}`,
  );
  const span = days
    ? sql` AND messages_search.rowid BETWEEN (SELECT min(first_id) FROM message_days WHERE ${days})
      AND (SELECT max(last_id) FROM message_days WHERE ${days})`
    : sql``;
  return sql`SELECT rowid FROM messages_search WHERE messages_search MATCH ${match}${span}${
    limit === undefined ? sql`` : sql` LIMIT ${limit}`
  }`;
}

/**
 * Each short word is a whole first name, last name or company, ASCII case aside: the ids come from the
 * three NOCASE indexes (migration 0021), so a name nobody has costs three lookups, where holding the
 * words as a piece of text read every message (1.6 s for sixteen of them at a million).
 */
function named(words: readonly string[]): SQL | undefined {
  const { id, firstName, lastName, company } = contactSubmissions;
  const idsWhere = (column: SQLWrapper, word: string) =>
    sql`SELECT ${id} FROM ${contactSubmissions} WHERE ${column} = ${word} COLLATE NOCASE`;
  const namedAs = (word: string) =>
    sql`${id} IN (${idsWhere(firstName, word)} UNION ALL ${idsWhere(lastName, word)} UNION ALL ${idsWhere(company, word)})`;
  return and(...words.map(namedAs));
}

/**
 * The messages a filter selects, as a FROM clause and its condition, for counting: under a text, the
 * search index's first COUNT_READS matches joined to the one index that holds every filtered column, so
 * a count reads no message (16 ms for 10,000 of 40,000 matches, where reading the rows took 57 ms).
 */
export function countedRows(
  text: IndexedText | null,
  filter: ContactFilter,
  where: SQL | undefined,
): { from: SQL; where: SQL | undefined } {
  if (text === null) {
    return { from: sql`${contactSubmissions}`, where: and(where, textWhere(filter, "scan")) };
  }
  return {
    from: sql`(${indexMatches(text.match, filter, COUNT_READS)}) AS matched JOIN ${contactSubmissions} INDEXED BY ${sql.identifier(FACETS_INDEX)}
      ON ${contactSubmissions.id} = matched.rowid`,
    where,
  };
}
