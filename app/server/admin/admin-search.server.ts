import { sql } from "drizzle-orm";
import { COUNT_CAP } from "~/lib/counts";
import { messagePreview } from "~/lib/message-preview";
import type { MessageState } from "~/lib/message-states";
import type { PaymentMethod } from "~/lib/payment-methods";
import { ftsMatch, searchTerms, shortTerms } from "~/lib/search-query";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { namedIds } from "../named-ids.server";
import { textParam } from "./admin-lists.server";

// One search over the messages and the people (docs/decisions/155-search-is-an-index.md): FTS5 indexes
// kept by triggers (db/migrations/0017_search_index.sql), ranked by bm25 with names and addresses above
// company and message text, paged by keyset on (score, id): a page after a cursor reads no row before it.

/** Rows a section shows on the search's first screen, and on a page of one section. */
export const SEARCH_PREVIEW = 10;
export const SEARCH_PAGE_SIZE = 50;
/** Matches counted at most, as every list counts them; more show as "10,000+". */
export const SEARCH_COUNT_CAP = COUNT_CAP;

export type SearchSection = "messages" | "people";

// bm25's weights, column by column: a hit in a name or an address ranks above one in a company, and that
// above one in a message's text.
// The sixth column of the messages' index is their state (migration 0025), which no query's word can match.
const MESSAGE_WEIGHTS = sql.raw("bm25(messages_search, 10.0, 10.0, 8.0, 3.0, 1.0, 0.0)");
const PEOPLE_WEIGHTS = sql.raw("bm25(people_search, 10.0, 10.0, 8.0, 3.0)");

/**
 * A broad query (a word in a fifth of the messages) cannot be ranked whole within the time a page has:
 * bm25 scores every match. The ranking reads the newest RANK_WINDOW matches (id at or above `floor`), and
 * the page says so; a narrower query ranks all its matches.
 */
export const RANK_WINDOW = 2_000;

/** Where a page starts: after the row with this score and id (scores ascend: best first), in one window. */
export interface RankCursor {
  score: number;
  id: number;
  floor: number;
}

/** "score_id_floor" → a cursor; anything else → null (the first page). */
export function rankCursor(raw: string | null): RankCursor | null {
  const match = /^(-?[\d.]{1,40}(?:e[-+]?\d{1,3})?)_(\d{1,15})_(\d{1,15})$/i.exec(raw ?? "");
  if (!match) return null;
  const [score, id, floor] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return Number.isFinite(score) && Number.isSafeInteger(id) && Number.isSafeInteger(floor)
    ? { score, id, floor }
    : null;
}

export const formatRankCursor = ({ score, id, floor }: RankCursor) => `${score}_${id}_${floor}`;

export interface MessageHit {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
  message: string;
  /** Its substance on one line, greetings left out (lib/message-preview.ts): what its row shows. */
  preview: string;
  paymentMethod: PaymentMethod | null;
  state: MessageState;
  createdAt: string;
}

export interface PersonHit {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
  isApproved: boolean;
  isActive: boolean;
  rejected: boolean;
  createdAt: string;
}

/**
 * One section's page: its rows, the cursor of the next page (null at the end), its count (capped at
 * SEARCH_COUNT_CAP + 1) and whether the ranking read only the newest RANK_WINDOW matches.
 */
export interface SearchPage<T> {
  items: T[];
  next: string | null;
  total: number;
  windowed: boolean;
  /** Whether this is the section's first page, and its size (the shape of a keyset page). */
  first: boolean;
  pageSize: number;
}

const after = (cursor: RankCursor | null) =>
  cursor ? sql`WHERE score > ${cursor.score} OR (score = ${cursor.score} AND id > ${cursor.id})` : sql``;

const epoch = (seconds: number | null) => new Date((seconds ?? 0) * 1000).toISOString();

type Query = ReturnType<typeof sql>;

interface Ranked {
  /** The table to search, "messages_search" or "people_search". */
  index: "messages_search" | "people_search";
  /** The rows of a page: `ranked` is the subquery of ids and scores, best first, to join. */
  rows: (ranked: Query) => Query;
  weights: Query;
  /** The ids whose names or company are the short words of a query of short words alone. */
  named: (words: readonly string[]) => Query;
}

/** What a section looks for: the index's match of the words, or short words alone as whole names. */
type Sought = { match: string } | { names: readonly string[] };

/** The id of the RANK_WINDOW-th newest match: the window's floor (0 when there are fewer matches). */
async function windowFloor(db: Database, index: Ranked["index"], match: string): Promise<number> {
  const table = sql.raw(index);
  const [row] = await db.all<{ id: number }>(
    sql`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${match} ORDER BY rowid DESC LIMIT 1 OFFSET ${RANK_WINDOW - 1}`,
  );
  return row?.id ?? 0;
}

async function rankedPage<Row extends { id: number; score: number }, T>(
  db: Database,
  ranked: Ranked,
  sought: Sought,
  cursor: RankCursor | null,
  limit: number,
  shape: (row: Row) => T,
): Promise<SearchPage<T>> {
  if ("names" in sought) return namedPage(db, ranked, sought.names, cursor, limit, shape);
  const { index, rows, weights } = ranked;
  const { match } = sought;
  const table = sql.raw(index);
  const [floor, [counted]] = await Promise.all([
    cursor ? cursor.floor : windowFloor(db, index, match),
    db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ${match} LIMIT ${SEARCH_COUNT_CAP + 1})`,
    ),
  ]);
  // The scores are materialized before the cursor compares them: flattened into the FTS5 scan, bm25()
  // in a WHERE clause is read before it has a row to score. The floor is cast: D1 binds a number as a
  // REAL, by which FTS5 does not seek (decision 175).
  const found = await db.all<Row>(
    rows(sql`WITH scored AS MATERIALIZED (SELECT rowid AS id, ${weights} AS score FROM ${table}
      WHERE ${table} MATCH ${match} AND rowid >= CAST(${floor} AS INTEGER))
      SELECT id, score FROM scored ${after(cursor)} ORDER BY score, id LIMIT ${limit + 1}`),
  );
  const items = found.slice(0, limit);
  const last = items.at(-1);
  const next =
    found.length > limit && last ? formatRankCursor({ score: last.score, id: last.id, floor }) : null;
  return {
    items: items.map(shape),
    next,
    total: counted?.n ?? 0,
    windowed: floor > 0,
    first: cursor === null,
    pageSize: limit,
  };
}

/**
 * A section's page for short words alone: the rows whose names or company are the words, which no score
 * ranks, oldest first (each word's lookups yield their ids in order, so a page stops early).
 */
async function namedPage<Row extends { id: number; score: number }, T>(
  db: Database,
  { rows, named }: Ranked,
  words: readonly string[],
  cursor: RankCursor | null,
  limit: number,
  shape: (row: Row) => T,
): Promise<SearchPage<T>> {
  const ids = named(words);
  const [[counted], found] = await Promise.all([
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${ids} LIMIT ${SEARCH_COUNT_CAP + 1})`),
    db.all<Row>(
      rows(sql`SELECT id, score FROM (SELECT id, 0 AS score FROM (${ids})) ${after(cursor)}
        ORDER BY score, id LIMIT ${limit + 1}`),
    ),
  ]);
  const items = found.slice(0, limit);
  const last = items.at(-1);
  const next = found.length > limit && last ? formatRankCursor({ score: 0, id: last.id, floor: 0 }) : null;
  return {
    items: items.map(shape),
    next,
    total: counted?.n ?? 0,
    windowed: false,
    first: cursor === null,
    pageSize: limit,
  };
}

type MessageRow = {
  id: number;
  score: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  phone: string | null;
  user_type_id: number | null;
  message: string;
  payment_method: PaymentMethod | null;
  state: MessageState;
  created_at: number;
};

export function searchMessages(db: Database, sought: Sought, cursor: RankCursor | null, limit: number) {
  return rankedPage<MessageRow, MessageHit>(
    db,
    {
      index: "messages_search",
      weights: MESSAGE_WEIGHTS,
      named: (words) =>
        namedIds(
          contactSubmissions,
          contactSubmissions.id,
          [contactSubmissions.firstName, contactSubmissions.lastName, contactSubmissions.company],
          words,
        ),
      rows: (ranked) => sql`SELECT c.id, r.score, c.first_name, c.last_name, c.email, c.company, c.phone,
        c.user_type_id, c.message, c.payment_method, c.state, c.created_at
        FROM (${ranked}) AS r JOIN contact_submissions AS c ON c.id = r.id ORDER BY r.score, r.id`,
    },
    sought,
    cursor,
    limit,
    (row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      company: row.company,
      phone: row.phone,
      userTypeId: row.user_type_id,
      message: row.message,
      preview: messagePreview(row.message),
      paymentMethod: row.payment_method,
      state: row.state,
      createdAt: epoch(row.created_at),
    }),
  );
}

type PersonRow = {
  id: number;
  score: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  phone: string | null;
  user_type_id: number | null;
  is_approved: number;
  is_active: number;
  rejected_at: number | null;
  created_at: number;
};

export function searchPeople(db: Database, sought: Sought, cursor: RankCursor | null, limit: number) {
  return rankedPage<PersonRow, PersonHit>(
    db,
    {
      index: "people_search",
      weights: PEOPLE_WEIGHTS,
      named: (words) => namedIds(users, users.id, [users.firstName, users.lastName, users.company], words),
      rows: (ranked) => sql`SELECT u.id, r.score, u.first_name, u.last_name, u.email, u.company, u.phone,
        u.user_type_id, u.is_approved, u.is_active, u.rejected_at, u.created_at
        FROM (${ranked}) AS r JOIN users AS u ON u.id = r.id ORDER BY r.score, r.id`,
    },
    sought,
    cursor,
    limit,
    (row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      company: row.company,
      phone: row.phone,
      userTypeId: row.user_type_id,
      isApproved: row.is_approved === 1,
      isActive: row.is_active === 1,
      rejected: row.rejected_at !== null,
      createdAt: epoch(row.created_at),
    }),
  );
}

export interface AdminSearch {
  /** The query as the box shows it again: trimmed and cut to ADMIN_SEARCH_MAX characters. */
  query: string;
  /** One section paged on its own (`in=`), or both sections' first rows. */
  section: SearchSection | null;
  /** Words too short for the index (under 3 characters), left out of the search. */
  ignored: string[];
  /** Whether the query was short words alone, looked for as whole names or companies. */
  names: boolean;
  messages: SearchPage<MessageHit> | null;
  people: SearchPage<PersonHit> | null;
}

const EMPTY = { items: [], next: null, total: 0, windowed: false, first: true, pageSize: SEARCH_PAGE_SIZE };

/**
 * The search tab's results for a query string (`q`, `in`, `after`): both sections' best rows, or one
 * section's page after a cursor. An empty query, or one with no word in it, searches nothing; short
 * words alone are whole names or companies (docs/decisions/160).
 */
export async function adminSearch(db: Database, params: URLSearchParams): Promise<AdminSearch> {
  const query = textParam(params.get("q")) ?? "";
  const raw = params.get("in");
  const section: SearchSection | null = raw === "messages" || raw === "people" ? raw : null;
  const match = ftsMatch(query);
  const words = searchTerms(query);
  const names = match === null && words.length > 0;
  const ignored = match === null ? [] : shortTerms(query);
  if (!match && !names) {
    return { query, section, ignored, names, messages: query ? EMPTY : null, people: query ? EMPTY : null };
  }
  const sought: Sought = match ? { match } : { names: words };
  const cursor = section ? rankCursor(params.get("after")) : null;
  const limit = section ? SEARCH_PAGE_SIZE : SEARCH_PREVIEW;
  const [messages, people] = await Promise.all([
    section !== "people" ? searchMessages(db, sought, cursor, limit) : null,
    section !== "messages" ? searchPeople(db, sought, cursor, limit) : null,
  ]);
  return { query, section, ignored, names, messages, people };
}
