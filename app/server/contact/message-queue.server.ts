import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ContactFilter } from "~/lib/contact-filter";
import { messagePreview } from "~/lib/message-preview";
import { isClosedView } from "~/lib/message-states";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { afterCursor, type Cursor, type Keyset, keysetOrder, keysetPage } from "../keyset.server";
import { rowsWhere } from "./filter-conditions.server";
import { talliedCount } from "./message-counts.server";
import { excludedCount, excludedWhere, queueText, textPage, textWhere } from "./queue-text.server";

// The workbench's queue of contact messages (docs/decisions/152-message-states-and-claims.md): one list
// narrowed by the filters of lib/contact-filter.ts, open messages oldest first, paged by keyset.

export type { ContactFilter };

/** The filter as SQL, for the caller `adminId` (whose "mine" it is). */
export function contactWhere(filter: ContactFilter, adminId: number): SQL | undefined {
  return and(rowsWhere(filter, adminId), textWhere(filter));
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

/**
 * One page of the queue after `cursor` (open messages oldest first, a closed state newest first), with
 * the count of the whole selection: exact from `message_counts` without a text (a first page that holds
 * the whole selection is its own count; `-word` terms alone subtract what they leave out), else as the
 * text's page reads it (`textPage`).
 */
export async function messagesPage(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  cursor: Cursor | null,
  pageSize: number,
) {
  const { createdAt, id } = contactSubmissions;
  const keyset: Keyset = { at: createdAt, id, direction: isClosedView(filter.state) ? "desc" : "asc" };
  const chosen = rowsWhere(filter, adminId);
  const excluded = excludedWhere(filter);
  const others = and(chosen, excluded);
  const text = queueText(filter);
  const read = text && (await textPage(db, text, filter, others, keyset, cursor, pageSize + 1));
  const where = read ? inArray(id, read.ids) : and(others, afterCursor(keyset, cursor));
  const selected = read?.ids.length === 0 ? [] : await selectMessages(db, where, keyset, pageSize + 1);
  // Each row's substance, greetings left out: made here, so the browser's bundle carries no word table.
  const rows = selected.map((row) => ({ ...row, preview: messagePreview(row.message) }));
  const whole = cursor === null && rows.length <= pageSize ? rows.length : undefined;
  const count = async (): Promise<number | null> => {
    if (read) return read.total;
    if (whole !== undefined) return whole;
    if (!excluded) return talliedCount(db, filter, adminId);
    // `-word` terms alone: the tally, less the messages they leave out (unless too many hold one).
    const [all, left] = await Promise.all([
      talliedCount(db, filter, adminId),
      excludedCount(db, filter, chosen),
    ]);
    return left === null ? null : all - left;
  };
  return keysetPage(
    cursor,
    pageSize,
    async () => rows,
    count,
    (row) => row.createdAt,
  );
}

/**
 * The message next to `from` in the queue the filter lists (the first after it in the list's order, or
 * before it when `back`): a message page's Previous and Next (docs/decisions/176). `from` need not be in
 * the list any more (a message just moved out of it): its place in the order is enough.
 */
export async function stepInQueue(
  db: Database,
  filter: ContactFilter,
  adminId: number,
  from: Cursor,
  back = false,
): Promise<number | null> {
  const { createdAt, id } = contactSubmissions;
  const closed = isClosedView(filter.state);
  const keyset: Keyset = { at: createdAt, id, direction: closed === back ? "asc" : "desc" };
  const others = and(rowsWhere(filter, adminId), excludedWhere(filter));
  const text = queueText(filter);
  if (text) return (await textPage(db, text, filter, others, keyset, from, 1)).ids[0] ?? null;
  const [row] = await db
    .select({ id })
    .from(contactSubmissions)
    .where(and(others, afterCursor(keyset, from)))
    .orderBy(...keysetOrder(keyset))
    .limit(1);
  return row?.id ?? null;
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

/** The newest message's id: a bulk move of "all matching" reaches no further than what was on show. */
export async function newestMessageId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${contactSubmissions.id})` })
    .from(contactSubmissions);
  return row?.id ?? null;
}
