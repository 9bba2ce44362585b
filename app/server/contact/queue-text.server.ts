import { and, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ContactFilter } from "~/lib/contact-filter";
import { ftsMatch, shortTerms } from "~/lib/search-query";
import { contactSubmissions, FACETS_INDEX } from "../../../db/schema";
import type { Database } from "../db.server";

// The queue's text filter (docs/decisions/158-the-queues-text-means-what-search-means.md): what it means,
// the same as the search box, and how the list and the counts read it from the search index.

/** Whether a column holds a text, ignoring ASCII case: `instr`, not LIKE, so `%`, `_` and `\\` mean themselves. */
const holds = (column: SQLWrapper, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

/**
 * How a text filter's list is read (docs/decisions/156, 158):
 * - "index": the search index's matches are few (an address, a name); the list is read from them.
 * - "probe": at least one message in ten holds the words ("token"); the queue is read in its order and
 *   each message looked up in the index, so fifty matches are met within a few hundred messages. Reading
 *   200,000 matches instead took 49 ms.
 * - "scan": between the two; the queue is read in its order against the set of the index's matches.
 */
export type TextPlan = "index" | "probe" | "scan";

/** Below this many index matches a text filter reads the index. */
const NARROW = 2_000;
/** The share of the messages whose holding the words makes a probe of the queue worth it. */
const DENSE = 0.1;

export async function textPlan(db: Database, filter: ContactFilter): Promise<TextPlan> {
  const match = filter.query === null ? null : ftsMatch(filter.query);
  if (match === null) return "scan";
  // The index yields its matches by id: the span of ids the first NARROW of them cover says how dense the
  // words are among the messages, at the cost of reading NARROW matches.
  const [row] = await db.all<{ n: number; lo: number | null; hi: number | null }>(
    sql`SELECT count(*) AS n, min(rowid) AS lo, max(rowid) AS hi FROM (
      SELECT rowid FROM messages_search WHERE messages_search MATCH ${match} LIMIT ${NARROW})`,
  );
  const { n = 0, lo = null, hi = null } = row ?? {};
  if (n < NARROW || lo === null || hi === null) return "index";
  return n / (hi - lo + 1) >= DENSE ? "probe" : "scan";
}

/**
 * A text filter means what the search box means (docs/decisions/158): every word of three characters or
 * more occurs in the message's names, address, company or text, ignoring case and accents (the search
 * index's matches; `+id` keeps the planner on the queue's order under the "scan" plan); shorter words
 * beside them are left out, as the search box leaves them. A query of short words alone ("Li Wu"), which
 * the index cannot match, is held as one piece of text, as the filter always held it (a full name too).
 */
export function textWhere(query: string | null, plan: TextPlan): SQL | undefined {
  if (query === null) return undefined;
  const match = ftsMatch(query);
  return match === null ? heldAsText(query) : indexMatches(match, plan);
}

/** The words a text filter leaves out (under three characters, beside longer ones), for the page to name. */
export function leftOutWords(query: string | null): string[] {
  return query !== null && ftsMatch(query) !== null ? shortTerms(query) : [];
}

function indexMatches(match: string, plan: TextPlan): SQL {
  const { id } = contactSubmissions;
  if (plan === "probe") {
    return sql`EXISTS (SELECT 1 FROM messages_search WHERE messages_search.rowid = ${id} AND messages_search MATCH ${match})`;
  }
  const matches = sql`(SELECT rowid FROM messages_search WHERE messages_search MATCH ${match})`;
  return plan === "index" ? sql`${id} IN ${matches}` : sql`+${id} IN ${matches}`;
}

const heldAsText = (query: string) =>
  or(
    holds(contactSubmissions.firstName, query),
    holds(contactSubmissions.lastName, query),
    holds(sql`${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}`, query),
    holds(contactSubmissions.email, query),
    holds(contactSubmissions.company, query),
    holds(contactSubmissions.message, query),
  );

/**
 * The messages a filter selects, as a FROM clause and its condition, for counting: under a text, the
 * search index's matches joined to the one index that holds every filtered column, so a count reads no
 * message (16 ms for 10,000 of 40,000 matches, where reading the rows took 57 ms).
 */
export function countedRows(
  filter: ContactFilter,
  where: SQL | undefined,
): { from: SQL; where: SQL | undefined } {
  const match = filter.query === null ? null : ftsMatch(filter.query);
  if (filter.query === null || match === null) {
    return { from: sql`${contactSubmissions}`, where: and(where, textWhere(filter.query, "scan")) };
  }
  return {
    from: sql`messages_search JOIN ${contactSubmissions} INDEXED BY ${sql.identifier(FACETS_INDEX)}
      ON ${contactSubmissions.id} = messages_search.rowid`,
    where: and(sql`messages_search MATCH ${match}`, where),
  };
}

/**
 * Whether the search index alone shows that more than `cap` messages hold the text: it decides only
 * when the days do not narrow the text's messages, and then reads `cap` + 1 of its matches (2 ms), where
 * the grouped pass reads the messages (12 ms).
 */
export async function indexHoldsMore(db: Database, filter: ContactFilter, cap: number): Promise<boolean> {
  const match = filter.query === null ? null : ftsMatch(filter.query);
  if (match === null || filter.from !== null || filter.to !== null) return false;
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM messages_search WHERE messages_search MATCH ${match} LIMIT ${cap + 1})`,
  );
  return (row?.n ?? 0) > cap;
}
