import { and, desc, eq, notInArray, or, type SQL, sql } from "drizzle-orm";
import { accountEvents, auditEmails } from "../../db/schema";
import { entryHash, GENESIS, sha256Hex } from "./audit-chain";
import type { Database } from "./db.server";
import type { Caller } from "./operation.server";

// The account events, which are the audit log: each is written in the same D1 batch as the change it
// records, with who acted (id, and the sha256 of their address at the time), on whom, what, the outcome
// and from where, chained by hash. Never a password, token, code or secret. No code updates or deletes an
// entry but the retention prune (retention.server.ts).

/** Every action an entry can record; the Activity tab filters by them. */
export const ACCOUNT_ACTIONS = [
  "sign-in",
  "sign-out",
  "session-ended",
  "other-sessions-ended",
  "profile-changed",
  "password-changed",
  "email-change-requested",
  "email-changed",
  "data-exported",
  "account-deleted",
  "data-erased",
  "user-approved",
  "user-rejected",
  "user-deactivated",
  "user-reactivated",
  "contact-processed",
  "sign-in-code",
  "sign-in-recovery-code",
  "sign-in-passkey",
  "sign-in-locked-out",
  "reauthenticated",
  "reauthenticated-password",
  "reauthenticated-recovery-code",
  "totp-enabled",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "recovery-codes-generated",
  "second-factors-reset",
  "sessions-ended",
  "audit-exported",
  "passkey-counter-decreased",
  "passkeys-removed-at-reset",
] as const;

export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/**
 * The actions whose subject id is not an account's: a processed contact's subject is the contact message.
 * Every other entry's subject, when it has one, is an account (a person).
 */
const SUBJECT_IS_NOT_AN_ACCOUNT: readonly AccountAction[] = ["contact-processed"];

/** Whether an entry of this action names an account as its subject. */
export function subjectIsAccount(action: string): boolean {
  return !(SUBJECT_IS_NOT_AN_ACCOUNT as readonly string[]).includes(action);
}

/** The same as SQL: entries whose subject is an account (a contact message's id may equal a person's). */
export const accountSubject = notInArray(accountEvents.action, [...SUBJECT_IS_NOT_AN_ACCOUNT]);

/** A person's own entries: what they did, and what was done to their account (never to a same-numbered message). */
export function entriesOfPerson(userId: number): SQL | undefined {
  return or(eq(accountEvents.actorId, userId), and(eq(accountEvents.subjectId, userId), accountSubject));
}

export interface AccountEvent {
  actorId: number | null;
  /** The actor's address at the time; only its sha256 goes into the entry (audit_emails keeps the address). */
  actorEmail: string | null;
  subjectId: number | null;
  action: AccountAction;
  outcome: "success" | "failure";
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Appends entries to the audit log's chain (audit-chain.ts): each gets the next id and the hash of the
 * entry before it, computed here from the head read just before its batch. Two writers that read the same
 * head collide on the id; withEventChain runs the loser's batch again on the new head.
 */
export class EventChain {
  readonly emails = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private head: { id: number; hash: string },
  ) {}

  /**
   * The statement that appends one entry. With `ifChanged`, only if the statement just before it in the
   * same batch changed exactly one row (no entry without its change), like insertMailEventIfChanged.
   */
  append(caller: Caller, event: AccountEvent, { ifChanged = false } = {}) {
    const actorEmailSha256 = event.actorEmail ? sha256Hex(event.actorEmail) : null;
    if (event.actorEmail && actorEmailSha256) this.emails.set(actorEmailSha256, event.actorEmail);
    const fields = {
      id: this.head.id + 1,
      at: nowSeconds(),
      actorId: event.actorId,
      actorEmailSha256,
      subjectId: event.subjectId,
      action: event.action,
      outcome: event.outcome,
      ip: caller.address === "unknown" ? null : caller.address,
      userAgent: caller.userAgent,
      country: caller.country,
      requestId: caller.requestId,
      prevHash: this.head.hash,
    };
    const hash = entryHash(fields);
    this.head = { id: fields.id, hash };
    const f = fields;
    if (!ifChanged) {
      return this.db.insert(accountEvents).values({ ...f, at: new Date(f.at * 1000), hash });
    }
    // The selected values follow the table's columns (db/schema.ts `accountEvents`).
    return this.db
      .insert(accountEvents)
      .select(
        sql`SELECT ${f.id}, ${f.at}, ${f.actorId}, ${f.subjectId}, ${f.action}, ${f.outcome}, ${f.ip}, ${f.userAgent}, ${f.country}, ${f.requestId}, ${f.actorEmailSha256}, ${f.prevHash}, ${hash} WHERE changes() = 1`,
      );
  }

  /** Keeps the address behind each actor digest written, for the Activity list. */
  async rememberEmails(): Promise<void> {
    if (this.emails.size === 0) return;
    await this.db
      .insert(auditEmails)
      .values([...this.emails].map(([sha256, email]) => ({ sha256, email })))
      .onConflictDoNothing();
  }
}

async function chainHead(db: Database): Promise<{ id: number; hash: string }> {
  const [last] = await db
    .select({ id: accountEvents.id, hash: accountEvents.hash })
    .from(accountEvents)
    .orderBy(desc(accountEvents.id))
    .limit(1);
  return last ? { id: last.id, hash: last.hash ?? GENESIS } : { id: 0, hash: GENESIS };
}

/** Another writer appended first: our entry's id is taken, and D1 rolled our whole batch back. */
function isChainCollision(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: account_events\.id/.test(String(cause))) return true;
  }
  return false;
}

/** Enough for a crowd of writers at one instant; each round, one of them wins. */
const CHAIN_ATTEMPTS = 40;

/**
 * Runs `write` (which builds its D1 batch with the chain's statements) on the chain's current head; if
 * another request appended in between, the batch failed as a whole and runs again on the new head.
 */
export async function withEventChain<T>(db: Database, write: (chain: EventChain) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const chain = new EventChain(db, await chainHead(db));
    try {
      const result = await write(chain);
      await chain.rememberEmails();
      return result;
    } catch (error) {
      if (attempt >= CHAIN_ATTEMPTS || !isChainCollision(error)) throw error;
      // A little random wait, so the writers that lost do not all meet again on the next head.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 10)));
    }
  }
}

/** An event on its own (a failure, or a change whose own statements ran already). */
export function recordEvent(db: Database, caller: Caller, event: AccountEvent): Promise<void> {
  return withEventChain(db, async (chain) => {
    await chain.append(caller, event);
  });
}

export interface OwnEvent {
  id: number;
  at: string;
  action: string;
  outcome: string;
  /** Done to this account by someone else (an administrator): where they were is theirs, not shown. */
  byAnother: boolean;
  /** Done by this person to another account (an administrator's action). */
  onAnother: boolean;
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
