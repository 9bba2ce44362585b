import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ContactFilter } from "~/lib/contact-filter";
import { isClosedView, type StateView } from "~/lib/message-states";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { afterCursor, type Cursor, type Keyset, keysetOrder, keysetPage } from "../keyset.server";
import { rowsWhere } from "./filter-conditions.server";
import { talliedCount } from "./message-counts.server";
import { queueText, textCount, textPage, textWhere } from "./queue-text.server";

// The workbench's queue of contact messages (docs/decisions/152-message-states-and-claims.md): one list
// narrowed by state, area of interest, payment method, the day received, who holds it and a text query;
// open messages oldest first, closed ones newest first, paged by keyset; and the counts beside each filter
// (Django's list_filter with facets), each under the other filters.

export type { ContactFilter };

/** The filter as SQL, for the caller `adminId` (whose "mine" it is). */
export function contactWhere(filter: ContactFilter, adminId: number): SQL | undefined {
  return and(rowsWhere(filter, adminId), textWhere(filter));
}

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

async function listMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  limit: number,
): Promise<QueuedMessage[]> {
  const keyset = queueKeyset(filter.state);
  const where = and(rowsWhere(filter, adminId), afterCursor(keyset, cursor));
  const text = queueText(filter);
  if (text === null) return selectMessages(db, where, keyset, limit);
  const ids = await textPage(db, text, filter, where, keyset, cursor, limit);
  return ids.length === 0 ? [] : selectMessages(db, inArray(contactSubmissions.id, ids), keyset, limit);
}

/**
 * The count of the messages the filter selects: exact from `message_counts` when the filter has no text,
 * else read from the search index's matches, up to the cap, or null (not counted; `textCount`).
 */
export async function countMessages(
  db: Database,
  filter: ContactFilter,
  adminId: number,
): Promise<number | null> {
  const text = queueText(filter);
  if (text === null) return talliedCount(db, filter, adminId);
  return textCount(db, text, filter, rowsWhere(filter, adminId));
}

/**
 * One page of the queue after `cursor`, with the capped count of the whole selection. A first page that
 * holds the whole selection is its own count.
 */
export async function messagesPage(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  pageSize: number,
) {
  const rows = await listMessages(db, filter, adminId, cursor, pageSize + 1);
  const whole = cursor === null && rows.length <= pageSize ? rows.length : undefined;
  return keysetPage(
    cursor,
    pageSize,
    async () => rows,
    () => (whole === undefined ? countMessages(db, filter, adminId) : Promise.resolve(whole)),
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
