import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DigestFacts, OldestItem } from "~/emails/staff-digest-email";
import { digestStates, type MessageState } from "~/lib/message-states";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";

// What a digest tells: the messages of each state it counts (`digestStates`), the pending registrations,
// and the oldest of each, read in one D1 batch as the digest is about to go (decision 154). Each count and
// each oldest is served by an index (contact_submissions_state_idx, users_pending_idx).

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
  const [pendingCount, oldestPending, ...byState] = await db.batch([
    db.select({ count }).from(users).where(isPending),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt })
      .from(users)
      .where(isPending)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1),
    ...digestStates().flatMap(({ state }) => [countIn(state), oldestIn(state)]),
  ]);
  return {
    states: digestStates().map((item, i) => ({
      ...item,
      messages: (byState[2 * i] as { count: number }[])[0]?.count ?? 0,
      oldestItem: oldestOf(byState[2 * i + 1] as { firstName: string; lastName: string; createdAt: Date }[]),
    })),
    pendingRegistrations: pendingCount[0]?.count ?? 0,
    oldestPending: oldestOf(oldestPending),
  };
}
