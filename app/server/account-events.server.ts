import { desc, eq, or } from "drizzle-orm";
import { accountEvents } from "../../db/schema";
import type { Database } from "./db.server";
import type { Caller } from "./operation.server";

// The account events (the table the admin audit log grows out of): each is written in the same D1 batch
// as the change it records, with who acted, on whom, what, the outcome and from where. Never a password,
// token, code or secret: only ids and the request's own facts.

export type AccountAction =
  | "sign-in"
  | "sign-out"
  | "session-ended"
  | "other-sessions-ended"
  | "profile-changed"
  | "password-changed"
  | "email-change-requested"
  | "email-changed"
  | "data-exported"
  | "account-deleted"
  | "data-erased";

export interface AccountEvent {
  actorId: number | null;
  subjectId: number | null;
  action: AccountAction;
  outcome: "success" | "failure";
}

export function insertEventStatement(db: Database, caller: Caller, event: AccountEvent) {
  return db.insert(accountEvents).values({
    ...event,
    ip: caller.address === "unknown" ? null : caller.address,
    userAgent: caller.userAgent,
    country: caller.country,
    requestId: caller.requestId,
  });
}

export interface OwnEvent {
  id: number;
  at: string;
  action: string;
  outcome: string;
  byAnother: boolean;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
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
    .where(or(eq(accountEvents.subjectId, userId), eq(accountEvents.actorId, userId)))
    .orderBy(desc(accountEvents.at), desc(accountEvents.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    byAnother: row.actorId !== null && row.actorId !== userId,
    ip: row.ip,
    country: row.country,
    userAgent: row.userAgent,
  }));
}
