import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DigestFacts, OldestItem } from "~/emails/staff-digest-email";
import type { MessageState } from "~/lib/message-states";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";

// What a digest tells: the messages by state, the pending registrations, and the oldest of each, read in
// one D1 batch as the digest is about to go (decision 154). Each count and each oldest is served by an index
// (contact_submissions_state_idx, users_pending_idx).

const isPending = and(eq(users.isApproved, false), isNull(users.rejectedAt));
const count = sql<number>`count(*)`;

function oldestOf(rows: { firstName: string; lastName: string; createdAt: Date }[]): OldestItem | null {
  const [row] = rows;
  return row ? { name: `${row.firstName} ${row.lastName}`, since: row.createdAt } : null;
}

export async function readDigestFacts(db: Database): Promise<DigestFacts> {
  const person = {
    firstName: contactSubmissions.firstName,
    lastName: contactSubmissions.lastName,
    createdAt: contactSubmissions.createdAt,
  };
  const countIn = (state: MessageState) =>
    db.select({ count }).from(contactSubmissions).where(eq(contactSubmissions.state, state));
  const oldestIn = (state: MessageState) =>
    db
      .select(person)
      .from(contactSubmissions)
      .where(eq(contactSubmissions.state, state))
      .orderBy(asc(contactSubmissions.createdAt), asc(contactSubmissions.id))
      .limit(1);
  const [newCount, waitingCount, pendingCount, oldestNew, oldestWaiting, oldestPending] = await db.batch([
    countIn("new"),
    countIn("waiting"),
    db.select({ count }).from(users).where(isPending),
    oldestIn("new"),
    oldestIn("waiting"),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt })
      .from(users)
      .where(isPending)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1),
  ]);
  return {
    newMessages: newCount[0]?.count ?? 0,
    waitingMessages: waitingCount[0]?.count ?? 0,
    pendingRegistrations: pendingCount[0]?.count ?? 0,
    oldestNew: oldestOf(oldestNew),
    oldestWaiting: oldestOf(oldestWaiting),
    oldestPending: oldestOf(oldestPending),
  };
}
