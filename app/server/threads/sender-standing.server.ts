import { inArray, sql } from "drizzle-orm";
import { SENDER_STANDINGS, type SenderStanding } from "~/lib/sender-standing";
import { contactSubmissions } from "../../../db/schema";
import type { Database } from "../db.server";

// Who wrote each message (app/lib/sender-standing.ts), read from D1 for the messages a page shows: sent
// signed in; else proven by an answer from its address through its thread; else typed with an account's
// address; else a visitor's.

// Written with the table's name: in a subquery, an unqualified column would name the subquery's own.
const standing = sql<SenderStanding>`CASE
  WHEN contact_submissions.sender_id IS NOT NULL THEN 'account'
  WHEN EXISTS (SELECT 1 FROM message_answers AS proof
    WHERE proof.contact_id = contact_submissions.id AND proof.from_sender = 1) THEN 'proven'
  WHEN EXISTS (SELECT 1 FROM users WHERE users.email = contact_submissions.email) THEN 'typed'
  ELSE 'visitor' END`;

/** The standing of each of `ids` that exists. */
export async function standingsOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, SenderStanding>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contactSubmissions.id, standing })
    .from(contactSubmissions)
    .where(inArray(contactSubmissions.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.standing]));
}

/**
 * What the list shows of each: a visitor's message, the most common, unmarked (its row stays one line);
 * the words, not the table, so the list's JavaScript carries only what it shows.
 */
export function senderLabels(standings: Map<number, SenderStanding>): Record<number, string> {
  const labels: Record<number, string> = {};
  for (const [id, standing] of standings) {
    if (standing !== "visitor") labels[id] = SENDER_STANDINGS[standing].label;
  }
  return labels;
}
