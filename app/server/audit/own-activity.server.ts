import { and, desc, eq, notInArray, or, type SQL } from "drizzle-orm";
import type { OwnEvent } from "~/lib/account-activity";
import { ACTIONS_WITHOUT_AN_ACCOUNT_SUBJECT, subjectIsAccount } from "~/lib/audit-actions";
import { accountEvents } from "../../../db/schema";
import type { Database } from "../db.server";

// A person's own audit entries, as /account lists them and the copy of their data holds them: what they
// did, and what was done to their account (app/lib/audit-actions.ts says which actions have an account as
// their subject); where an administrator acted from stays in the log.

/** Entries whose subject is an account (a contact message's id may equal a person's), as SQL. */
export const accountSubject = notInArray(accountEvents.action, ACTIONS_WITHOUT_AN_ACCOUNT_SUBJECT);

/** A person's own entries: what they did, and what was done to their account (never to a same-numbered message). */
export function entriesOfPerson(userId: number): SQL | undefined {
  return or(eq(accountEvents.actorId, userId), and(eq(accountEvents.subjectId, userId), accountSubject));
}

/** A person's own events, newest first: what they did, and what was done to their account. */
export async function listOwnEvents(
  db: Database,
  userId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<OwnEvent[]> {
  const rows = await db
    .select()
    .from(accountEvents)
    .where(entriesOfPerson(userId))
    .orderBy(desc(accountEvents.at), desc(accountEvents.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    onAnother: subjectIsAccount(row.action) && row.subjectId !== null && row.subjectId !== userId,
    ...asSeenBy(row, userId),
  }));
}

/**
 * An event as the person `userId` may see it: whether someone else (an administrator) acted, and where it
 * came from only when it was them; an administrator's address, device and country stay in the audit log.
 */
export function asSeenBy(
  row: { actorId: number | null; ip: string | null; userAgent: string | null; country: string | null },
  userId: number | undefined,
): { byAnother: boolean; ip: string | null; userAgent: string | null; country: string | null } {
  const byAnother = row.actorId !== null && row.actorId !== userId;
  return byAnother
    ? { byAnother, ip: null, userAgent: null, country: null }
    : { byAnother, ip: row.ip, userAgent: row.userAgent, country: row.country };
}
