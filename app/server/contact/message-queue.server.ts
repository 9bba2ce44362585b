import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ContactFilter } from "~/lib/contact-filter";
import { COUNT_CAP } from "~/lib/counts";
import { isClosedView, type StateView } from "~/lib/message-states";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import {
  afterCursor,
  type Cursor,
  cappedCount,
  type Keyset,
  keysetOrder,
  keysetPage,
  upToCursor,
} from "../keyset.server";
import { rowsWhere } from "./filter-conditions.server";
import { talliedCount, talliedCountQuery } from "./message-counts.server";
import {
  COUNT_READS,
  countInPassing,
  type IdSpan,
  PROBE_WINDOW,
  pastCountReads,
  planOf,
  probeHolds,
  type QueueText,
  readQueueText,
  textRows,
  textWhere,
  worthCounting,
} from "./queue-text.server";

// The workbench's queue of contact messages (docs/decisions/152-message-states-and-claims.md): one list
// narrowed by state, area of interest, payment method, the day received, who holds it and a text query;
// open messages oldest first, closed ones newest first, paged by keyset; and the counts beside each filter
// (Django's list_filter with facets), each under the other filters.

export type { ContactFilter };

/** The filter as SQL, for the caller `adminId` (whose "mine" it is). */
export function contactWhere(filter: ContactFilter, adminId: number): SQL | undefined {
  return and(rowsWhere(filter, adminId), textWhere(filter));
}

/**
 * The filter's text as the queue reads it (`readQueueText`), once for the list, its count and, where
 * `facets` (the dashboard; the JSON list has none), the counts beside the filters.
 */
export const queueText = (
  db: Database,
  filter: ContactFilter,
  adminId: number,
  { facets }: { facets: boolean },
): Promise<QueueText | null> =>
  readQueueText(
    db,
    filter,
    rowsWhere(filter, adminId),
    talliedCountQuery({ ...filter, query: null }, adminId),
    facets,
  );

/** Open messages oldest first (a queue); a closed state newest first (a record). */
export function queueKeyset(state: StateView): Keyset {
  return {
    at: contactSubmissions.createdAt,
    id: contactSubmissions.id,
    direction: isClosedView(state) ? "desc" : "asc",
  };
}

const claimer = alias(users, "claimer");
const closer = alias(users, "closer");

/** A message as the workbench shows it, in a row or on its page: what was sent, and where it stands. */
export const messageColumns = {
  id: contactSubmissions.id,
  firstName: contactSubmissions.firstName,
  lastName: contactSubmissions.lastName,
  email: contactSubmissions.email,
  company: contactSubmissions.company,
  phone: contactSubmissions.phone,
  userTypeId: contactSubmissions.userTypeId,
  message: contactSubmissions.message,
  paymentMethod: contactSubmissions.paymentMethod,
  createdAt: contactSubmissions.createdAt,
  state: contactSubmissions.state,
  claimedBy: contactSubmissions.claimedBy,
};

const queueFields = {
  ...messageColumns,
  claimedByName: sql<string | null>`${claimer.firstName} || ' ' || ${claimer.lastName}`,
  processedAt: contactSubmissions.processedAt,
  processedBy: contactSubmissions.processedBy,
  processedByName: sql<string | null>`${closer.firstName} || ' ' || ${closer.lastName}`,
};

export type QueuedMessage = Awaited<ReturnType<typeof selectMessages>>[number];

function selectMessages(db: Database, where: SQL | undefined, keyset: Keyset, limit: number) {
  return db
    .select(queueFields)
    .from(contactSubmissions)
    .leftJoin(claimer, eq(claimer.id, contactSubmissions.claimedBy))
    .leftJoin(closer, eq(closer.id, contactSubmissions.processedBy))
    .where(where)
    .orderBy(...keysetOrder(keyset))
    .limit(limit);
}

/** A page's rows, and the whole selection's count when reading the page counted it. */
interface Listed {
  rows: QueuedMessage[];
  total?: number;
}

async function listMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  limit: number,
  text: QueueText | null,
): Promise<Listed> {
  const keyset = queueKeyset(filter.state);
  const after = afterCursor(keyset, cursor);
  const others = rowsWhere(filter, adminId);
  if (text === null) return { rows: await selectMessages(db, and(others, after), keyset, limit) };
  // No message of the filter's state holds the text: the search index said so as the text was read.
  if (text.held === 0) return { rows: [], total: 0 };
  const { plan, read } = planOf(text, limit);
  // Only the index's words are probed (planOf): short words alone are a set from the names' indexes.
  // A probe or a scan reads the queue's next messages up to a window of twice what it expects to read
  // (at least MIN_WINDOW, at most PROBE_WINDOW or SCAN_WINDOW), so it reads no more than that even where
  // the other filters and the words rarely meet (a message the index of the queue's order does not
  // cover is read from its row, dear under an area, a payment or a holder); a scan gathers only the
  // text's ids in the window's span of ids, which follow arrival.
  // A page that does not fill inside its window is read by the "matches" plan, or by a scan of them all.
  const probed = plan === "probe" ? text.anyState.match : null;
  if (probed !== null || plan === "scan") {
    const most = probed !== null ? PROBE_WINDOW : SCAN_WINDOW;
    const size = Math.min(most, Math.max(MIN_WINDOW, Math.ceil(2 * read)));
    const window = await queueWindow(db, and(others, after), keyset, size);
    if (!window) return { rows: [] };
    const holds = probed !== null ? probeHolds(probed) : textWhere(filter, "scan", window.ids);
    const rows = await selectMessages(db, and(others, holds, after, window.upTo), keyset, limit);
    if (rows.length === limit || !window.upTo) return { rows };
  }
  if (plan === "scan") {
    return { rows: await selectMessages(db, and(others, textWhere(filter, "scan"), after), keyset, limit) };
  }
  return matchedPage(db, text, filter, others, after, keyset, limit);
}

/** The most of the queue's next messages a scan gathers the text's ids for before it reads them all. */
const SCAN_WINDOW = 5_000;
/** The fewest of the queue's next messages a probe or a scan reads before it gives way. */
const MIN_WINDOW = 200;

/**
 * The queue's next `size` messages that `where` selects: the span of their ids, and the condition that
 * ends the list at the last of them; null when none remains. Where fewer remain, the window is the rest
 * of the queue, open above: a message that arrives meanwhile is in it.
 */
async function queueWindow(
  db: Database,
  where: SQL | undefined,
  keyset: Keyset,
  size: number,
): Promise<{ ids: IdSpan; upTo: SQL | undefined } | null> {
  const { id, createdAt } = contactSubmissions;
  const back = keyset.direction === "asc" ? sql`DESC` : sql`ASC`;
  const [row] = await db.all<{ lo: number; hi: number; n: number; id: number; at: number }>(
    sql`WITH next AS MATERIALIZED (SELECT ${id} AS id, ${createdAt} AS at FROM ${contactSubmissions}
        ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${sql.join(keysetOrder(keyset), sql`, `)} LIMIT ${size})
      SELECT (SELECT min(id) FROM next) AS lo, (SELECT max(id) FROM next) AS hi,
        (SELECT count(*) FROM next) AS n, last.id, last.at
      FROM (SELECT id, at FROM next ORDER BY at ${back}, id ${back} LIMIT 1) AS last`,
  );
  if (!row) return null;
  if (row.n < size) return { ids: { lo: row.lo, hi: null }, upTo: undefined };
  return { ids: { lo: row.lo, hi: row.hi }, upTo: upToCursor(keyset, { at: row.at, id: row.id }) };
}

/**
 * The "matches" plan: the page's ids chosen in the index of filtered columns from every message that
 * holds the text, then their rows read by id. Where the selection is expected to be small, the same pass
 * counts it (a window over it), so the page needs no count of its own; over a large one the window cost
 * more than a count apart (14,135 of "Müller": 43 ms against 28).
 */
async function matchedPage(
  db: Database,
  text: QueueText,
  filter: ContactFilter,
  others: SQL | undefined,
  after: SQL | undefined,
  keyset: Keyset,
  limit: number,
): Promise<Listed> {
  const rows = textRows(text, filter, others);
  const direction = keyset.direction === "asc" ? sql`ASC` : sql`DESC`;
  const counting = countInPassing(text);
  const page = await db.all<{ id: number; total: number | null }>(
    sql`SELECT id, total FROM (SELECT ${contactSubmissions.id} AS id, ${contactSubmissions.createdAt} AS at,
      ${after ?? sql`1`} AS later, ${counting ? sql`count(*) OVER ()` : sql`NULL`} AS total
      FROM ${rows.from} ${rows.where ? sql`WHERE ${rows.where}` : sql``})
      WHERE later ORDER BY at ${direction}, id ${direction} LIMIT ${limit}`,
  );
  const [first] = page;
  // An empty first page is an empty selection; past a cursor it says nothing of what came before.
  if (!first) return { rows: [], total: after === undefined ? 0 : undefined };
  const ids = page.map((row) => row.id);
  const found = await selectMessages(db, inArray(contactSubmissions.id, ids), keyset, limit);
  return { rows: found, total: first.total === null ? undefined : Math.min(first.total, COUNT_CAP + 1) };
}

/**
 * The count of the messages the filter selects: exact from `message_counts` when the filter has no text,
 * else counted from the messages up to the cap; null (not counted) when the text is in more than
 * COUNT_READS messages and fewer than the cap pass the other filters among those a count reads.
 */
export async function countMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  text: QueueText | null,
): Promise<number | null> {
  if (text === null) return talliedCount(db, filter, adminId);
  if (text.heldIsSelection) return Math.min(text.held, COUNT_CAP + 1);
  if (!worthCounting(text)) return null;
  const rows = textRows(text, filter, rowsWhere(filter, adminId), COUNT_READS);
  const count = await cappedCount(db, rows.from, rows.where);
  return count > COUNT_CAP || !pastCountReads(text) ? count : null;
}

/**
 * One page of the queue after `cursor`, with the capped count of the whole selection; `text` is the
 * filter's text as the queue reads it (`queueText`), read once for the page and the facets. A first page
 * that holds the whole selection is its own count.
 */
export async function messagesPage(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  pageSize: number,
  text: QueueText | null,
) {
  const { rows, total } = await listMessages(db, filter, adminId, cursor, pageSize + 1, text);
  const whole = cursor === null && rows.length <= pageSize ? rows.length : undefined;
  const known = total ?? whole;
  return keysetPage(
    cursor,
    pageSize,
    async () => rows,
    () => (known === undefined ? countMessages(db, filter, adminId, text) : Promise.resolve(known)),
    (row) => row.createdAt,
  );
}

/** Whether anyone holds the message; for the claim's answer. */
export async function holderOf(db: Database, id: number) {
  const [row] = await db
    .select({
      claimedBy: contactSubmissions.claimedBy,
      name: sql<string | null>`${claimer.firstName} || ' ' || ${claimer.lastName}`,
    })
    .from(contactSubmissions)
    .leftJoin(claimer, eq(claimer.id, contactSubmissions.claimedBy))
    .where(eq(contactSubmissions.id, id));
  return row ?? null;
}

export const heldMessages = (adminId: number) =>
  and(isNotNull(contactSubmissions.claimedBy), eq(contactSubmissions.claimedBy, adminId));

/** The newest message's id: a bulk move of "all matching" reaches no further than what was on show. */
export async function newestMessageId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${contactSubmissions.id})` })
    .from(contactSubmissions);
  return row?.id ?? null;
}
