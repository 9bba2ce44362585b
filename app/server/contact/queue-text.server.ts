import { and, type SQL, sql } from "drizzle-orm";
import { CONTACT_FILTERS, type ContactFilter } from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import { narrowing } from "~/lib/list-filters";
import type { StateView } from "~/lib/message-states";
import { ftsMatch, leftOutText, NAMES_NOTE, searchTerms, shortTerms } from "~/lib/search-query";
import { contactSubmissions, FACETS_INDEX } from "../../../db/schema";
import type { Database } from "../db.server";
import { namedIds } from "../named-ids.server";
import { dayNumber } from "./message-counts.server";
import { inStateView } from "./messages-index.server";

// The queue's text filter (docs/decisions/158-the-queues-text-means-what-search-means.md, 160): what it
// means, the same as the search box, and how the list and the counts read it from the search index.

/**
 * What a filter's text selects, read once for the list and the counts (docs/decisions/160): the ids
 * that hold it (the search index's matches, or the messages whose names are the short words), how many,
 * and how the first of them meet the other filters.
 */
export interface QueueText {
  /**
   * The words as the search index reads them among the messages of the filter's state (migration 0025),
   * or null for short words alone (names).
   */
  match: string | null;
  words: string[];
  /**
   * The same words in any state, and how many messages hold them up to COUNT_READS + 1, or at least
   * (past COUNT_CAP, where no days narrow them, or where no counts beside the filters were asked for):
   * what those counts read.
   */
  anyState: { match: string | null; held: number };
  /** How many messages of the filter's state hold the text, counted up to COUNT_READS + 1. */
  held: number;
  /**
   * Whether `held` is what the filter selects: the index read the words among the state's messages and
   * no other filter narrows them ("token" among Open), so the list's count needs no reading of its own.
   */
  heldIsSelection: boolean;
  /** Past COUNT_READS: about how many hold it, from the span of ids the first SAMPLE cover. */
  estimate: number;
  /** The share of the first SAMPLE that the other filters keep. */
  kept: number;
  /** How many messages the other filters select, the text aside (`message_counts`). */
  selected: number;
}

/** How many of the text's first ids say how its messages meet the other filters. */
const SAMPLE = 2_000;
/**
 * The most index matches a count under a text reads (docs/decisions/160): 20,000 take about 8 ms. Past
 * them a count is given only when it passes COUNT_CAP among them ("10,000+"); else it is not counted.
 */
export const COUNT_READS = 20_000;

/**
 * The text of a filter as the queue reads it, or null when it has none; `others` is every other filter
 * as SQL and `selected` the query of how many messages they select. One statement reads, in one pass,
 * the first SAMPLE ids of the text among the filter's state (the span they cover says how common it is,
 * as ids follow arrival, and how many pass the other filters how the two meet); only where there are
 * SAMPLE of them does it count on, up to COUNT_READS + 1. A text the state's messages rarely hold is thus
 * read once: "token" among Spam, none of 166,669, in one merge of the index's lists (docs/decisions/161).
 */
export async function readQueueText(
  db: Database,
  filter: ContactFilter,
  others: SQL | undefined,
  selected: SQL,
  facets: boolean,
): Promise<QueueText | null> {
  if (filter.query === null) return null;
  const { text, anyState } = wordsOf(filter.query, filter.state);
  const span = daysSpan(filter);
  // How many hold the words in any state, for the counts beside the filters (none beside the JSON list),
  // which are left out past COUNT_CAP: without days, more than that in the filter's state already says
  // so, and nothing is read.
  const anywhere =
    anyState.match === null || !facets
      ? sql`NULL`
      : sql`CASE WHEN ${span ? sql`0` : sql`held > ${COUNT_CAP}`} THEN held
          ELSE (SELECT count(*) FROM (${textIds(anyState, filter, COUNT_READS + 1)})) END`;
  // The span only prices the plans: a word common once and then no more (a campaign) spans few ids early
  // and would be taken for a common one, so whether it is past COUNT_READS is counted, never guessed.
  const [row] = await db.all<{
    n: number;
    lo: number;
    hi: number;
    top: number;
    kept: number;
    selected: number;
    held: number;
    anywhere: number | null;
  }>(
    sql`SELECT *, ${anywhere} AS anywhere FROM (SELECT count(*) AS n, min(sampled.id) AS lo, max(sampled.id) AS hi,
      coalesce(sum(CASE WHEN ${others ?? sql`1`} THEN 1 ELSE 0 END), 0) AS kept, (${selected}) AS selected,
      ${span ? span.last : sql`(SELECT max(id) FROM ${contactSubmissions})`} AS top,
      CASE WHEN count(*) < ${SAMPLE} THEN count(*)
        ELSE (SELECT count(*) FROM (${textIds(text, filter, COUNT_READS + 1)})) END AS held
      FROM (${textIds(text, filter, SAMPLE)}) AS sampled
      JOIN ${contactSubmissions} INDEXED BY ${sql.identifier(FACETS_INDEX)} ON ${contactSubmissions.id} = sampled.id)`,
  );
  const { n = 0, lo = 0, hi = 0, top = 0, held = 0 } = row ?? {};
  // Only the state (read inside the index) and the text itself narrow it.
  const alone = narrowing(CONTACT_FILTERS, filter).every((name) => name === "state" || name === "query");
  const read = {
    ...text,
    heldIsSelection: text.match !== null && alone,
    anyState: { match: anyState.match, held: row?.anywhere ?? held },
    kept: (row?.kept ?? 0) / Math.max(1, n),
    selected: row?.selected ?? 0,
    held,
  };
  if (held <= COUNT_READS) return { ...read, estimate: held };
  return { ...read, estimate: Math.round((SAMPLE * (top - lo + 1)) / (hi - lo + 1)) };
}

/**
 * How the list reads a text (docs/decisions/158, 160, 161):
 * - "probe": the queue in its order, each message looked up in the index; a lookup is dear (50–75 µs),
 *   so only where one message in a few holds the text ("token" among Open: 309 messages, 14 ms);
 * - "scan": the queue in its order against the set of the state's messages that hold the text, gathered
 *   once ("Müller" among Open: 13,733 ids, one open message in 25 holds it; 15 ms);
 * - "matches": those ids joined to the index that holds every filtered column, then the first of them in
 *   the queue's order; bounded by how many messages of the state hold the text, so the plan for a text
 *   the state's messages rarely hold.
 * Each is priced from what the sample says: the share of the messages the other filters select that
 * hold the text, so how many the queue must read to fill a page of `limit`. Short words alone are not
 * probed: their ids are no index lookup per message but a set from the names' indexes. Returns the plan
 * and how many of the queue's messages it expects to read to fill the page.
 */
export function planOf(text: QueueText, limit: number): { plan: "probe" | "scan" | "matches"; read: number } {
  const { selected } = text;
  const share = (text.kept * text.estimate) / Math.max(1, selected);
  const read = Math.min(selected, share > 0 ? limit / share : selected);
  // A probe or a scan is two statements (its window, then the page) and a count of its own, unless the
  // index's count is the selection's or none is read; "matches" is one, which counts the selection as
  // it reads where the selection is small.
  const count =
    text.heldIsSelection || !worthCounting(text)
      ? 0
      : Math.min(text.estimate, COUNT_READS) * COST.join + COST.statement;
  const statements = {
    windowed: 2 * COST.statement + count,
    matches: COST.statement + (text.heldIsSelection || countInPassing(text) ? 0 : count),
  };
  const cost = {
    probe:
      read <= PROBE_WINDOW && text.match !== null
        ? read * COST.probe + statements.windowed
        : Number.POSITIVE_INFINITY,
    scan: text.estimate * COST.gather + read * COST.check + statements.windowed,
    matches: text.estimate * COST.join + statements.matches,
  };
  const plan = (["probe", "scan", "matches"] as const).reduce((best, next) =>
    cost[next] < cost[best] ? next : best,
  );
  return { plan, read };
}

/** How many of the queue's next messages a probe reads before it gives way to the "matches" plan. */
export const PROBE_WINDOW = 1_000;

/**
 * Microseconds, measured on the seeded million (docs/decisions/161), per message: a probe of the index;
 * gathering one of the state's ids that hold the text into a set (the index merges its lists of the words
 * and of the state to find them); checking one message of the queue against it; joining one such id to
 * the index of filtered columns. And per statement to D1: its round trip and rows ("com" on one day read
 * in three statements took 142 ms a page, in one 64 ms).
 */
const COST = { probe: 60, gather: 0.5, check: 0.3, join: 1.2, statement: 4_000 };

/**
 * Whether counting the first COUNT_READS of a text's ids can tell anything: below COUNT_READS the count is
 * exact; past it only "10,000+" is a count, and the sample says whether the other filters keep enough of
 * those ids to pass the cap ("Müller" among open messages: a third of 20,000, so "Not counted" without
 * reading, where reading 28,000 to say "10,000+" took 16 ms of a page near 100).
 */
export const worthCounting = (text: QueueText): boolean =>
  text.held <= COUNT_READS || text.kept * COUNT_READS > COUNT_CAP;

/** Below this many expected messages, the "matches" plan counts the selection as it reads its page. */
const COUNTED_IN_PASSING = 5_000;

/** Whether the list's pass over the text's ids should count the selection too (a window over it). */
export const countInPassing = (text: QueueText): boolean =>
  text.held <= COUNT_READS || text.kept * text.estimate <= COUNTED_IN_PASSING;

/** Whether a count under the text would read past COUNT_READS matches, and so not all of them. */
export const pastCountReads = (text: Pick<QueueText, "held">): boolean => text.held > COUNT_READS;

/**
 * A text filter means what the search box means (docs/decisions/158): every word of three characters or
 * more occurs in the message's names, address, company or text, ignoring case and accents (the search
 * index's matches); shorter words beside them are left out, as the search box leaves them. Short words
 * alone ("Li Wu", "HP"), which the index cannot match, are each a whole first name, last name or company
 * (docs/decisions/160).
 */
export function textWhere(
  filter: ContactFilter,
  plan: "set" | "scan" = "set",
  ids?: IdSpan,
): SQL | undefined {
  if (filter.query === null) return undefined;
  const { text } = wordsOf(filter.query, filter.state);
  // `+id` keeps the planner on the queue's order, each message checked against the set (the "scan" plan).
  const id = plan === "scan" ? sql`+${contactSubmissions.id}` : sql`${contactSubmissions.id}`;
  return sql`${id} IN (${textIds(text, filter, undefined, ids)})`;
}

/** The first and the last id a read of the text may return (no last: any id from the first on). */
export interface IdSpan {
  lo: number;
  hi: number | null;
}

/** What the page says of how it read the text: the words it left out, or that short words are names. */
export function textNote(query: string | null): string | null {
  if (query === null) return null;
  if (ftsMatch(query) === null) {
    return NAMES_NOTE;
  }
  const words = shortTerms(query);
  return words.length > 0 ? leftOutText(words) : null;
}

/** The index's words as a condition on one message, for a probe of the queue in its order. */
export function probeHolds(match: string): SQL {
  return sql`EXISTS (SELECT 1 FROM messages_search
    WHERE messages_search.rowid = ${contactSubmissions.id} AND messages_search MATCH ${match})`;
}

type Words = Pick<QueueText, "match" | "words">;

/** A filter's words as the index reads them: among its state's messages, and among every message. */
function wordsOf(query: string, state: StateView): { text: Words; anyState: Words } {
  const match = ftsMatch(query);
  const words = searchTerms(query);
  return {
    text: { match: match === null ? null : inStateView(match, state), words },
    anyState: { match, words },
  };
}

/**
 * The ids that hold a text, as one column `id`, up to `limit`: the search index's matches in the order
 * of their ids, or the messages whose names are the short words. Under days (`filter`), the index reads
 * only the ids between the first and the last those days hold (`message_days`, migration 0022), as a
 * span of its rowids: "com" on one day reads that day's 4,760 matches, not the 428,568 of every day.
 */
function textIds(text: Words, filter: ContactFilter, limit?: number, ids?: IdSpan): SQL {
  const most = limit === undefined ? sql`` : sql` LIMIT ${limit}`;
  if (text.match === null) return sql`${named(text.words)}${most}`;
  const span = daysSpan(filter);
  const within = and(
    span ? sql`messages_search.rowid BETWEEN ${span.first} AND ${span.last}` : undefined,
    ids ? sql`messages_search.rowid >= ${ids.lo}` : undefined,
    ids && ids.hi !== null ? sql`messages_search.rowid <= ${ids.hi}` : undefined,
  );
  return sql`SELECT rowid AS id FROM messages_search WHERE messages_search MATCH ${text.match}${within ? sql` AND ${within}` : sql``}${most}`;
}

/** The first and the last id the filter's days hold (`message_days`, migration 0022), or null without days. */
function daysSpan(filter: ContactFilter): { first: SQL; last: SQL } | null {
  const days = and(
    filter.from === null ? undefined : sql`day >= ${dayNumber(filter.from)}`,
    filter.to === null ? undefined : sql`day <= ${dayNumber(filter.to)}`,
  );
  if (!days) return null;
  return {
    first: sql`(SELECT min(first_id) FROM message_days WHERE ${days})`,
    last: sql`(SELECT max(last_id) FROM message_days WHERE ${days})`,
  };
}

/** The messages in which each short word is a whole first name, last name or company (migration 0021). */
function named(words: readonly string[]): SQL {
  const { id, firstName, lastName, company } = contactSubmissions;
  return namedIds(contactSubmissions, id, [firstName, lastName, company], words);
}

/**
 * The messages that hold a text and pass `where`, as a FROM clause and its condition: the text's ids,
 * the first `reads` of them when given, joined to the one index that holds every filtered column, so
 * neither a count nor the list's choice of a page reads a message (16 ms for 10,000 of 40,000 matches,
 * where reading the rows took 57 ms).
 */
export function textRows(
  text: Words,
  filter: ContactFilter,
  where: SQL | undefined,
  reads?: number,
): { from: SQL; where: SQL | undefined } {
  return {
    from: sql`(${textIds(text, filter, reads)}) AS matched
      JOIN ${contactSubmissions} INDEXED BY ${sql.identifier(FACETS_INDEX)} ON ${contactSubmissions.id} = matched.id`,
    where,
  };
}
