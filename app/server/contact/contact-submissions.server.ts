import { and, eq, inArray, isNotNull, isNull, ne, type SQL } from "drizzle-orm";
import { isClosedState, type MessageState } from "~/lib/message-states";
import { contactSubmissions } from "../../../db/schema";
import type { Database } from "../db.server";

/**
 * Moves messages to `state`, recording who closed them and when for Done and Spam (the spec's
 * processed_by and processed_at), and clearing that record when a message opens again. Of the rows that
 * `rows` selects, only those not already in `state` change (`changingState` selects them for the entries).
 */
export function messageStateStatement(
  db: Database,
  rows: SQL | undefined,
  state: MessageState,
  adminId: number,
) {
  const closed = isClosedState(state);
  return db
    .update(contactSubmissions)
    .set({
      state,
      isProcessed: closed,
      processedBy: closed ? adminId : null,
      processedAt: closed ? new Date() : null,
    })
    .where(and(rows, ne(contactSubmissions.state, state)))
    .returning({ id: contactSubmissions.id });
}

/** The ids of the rows that `messageStateStatement` with the same arguments would change. */
export function changingState(db: Database, rows: SQL | undefined, state: MessageState) {
  return db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(rows, ne(contactSubmissions.state, state)))
    .getSQL();
}

export const oneMessage = (id: number): SQL => eq(contactSubmissions.id, id);
export const someMessages = (ids: readonly number[]): SQL => inArray(contactSubmissions.id, [...ids]);

/**
 * Gives a message to `adminId` ("mine") if nobody holds it; a repeat by its holder changes nothing. Returns
 * the id when it changed.
 */
export function claimStatement(db: Database, id: number, adminId: number) {
  return db
    .update(contactSubmissions)
    .set({ claimedBy: adminId, claimedAt: new Date() })
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.claimedBy)))
    .returning({ id: contactSubmissions.id });
}

/** Lets a held message go, whoever holds it (any administrator may, and the entry says who did). */
export function releaseStatement(db: Database, id: number) {
  return db
    .update(contactSubmissions)
    .set({ claimedBy: null, claimedAt: null })
    .where(and(eq(contactSubmissions.id, id), isNotNull(contactSubmissions.claimedBy)))
    .returning({ id: contactSubmissions.id });
}

export async function contactExists(db: Database, id: number): Promise<boolean> {
  const row = await db.query.contactSubmissions.findFirst({
    columns: { id: true },
    where: eq(contactSubmissions.id, id),
  });
  return row !== undefined;
}
