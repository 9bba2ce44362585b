import { waitUntil, env as workerEnv } from "cloudflare:workers";
import { and, desc, eq, notInArray, or, type SQL, sql } from "drizzle-orm";
import { ACCOUNT_ACTIONS, type AccountAction, type OwnEvent } from "~/lib/account-activity";
import { accountEvents, auditEmails } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller } from "../operation.server";
import {
  type AuditKey,
  auditKeyOf,
  type ChainHead,
  entrySelect,
  GENESIS,
  HEAD_KV_KEY,
  keyedEntryHash,
  parseHead,
  sha256Hex,
} from "./audit-chain";

// The account events, which are the audit log: each is written in the same D1 batch as the change it
// records, with who acted (id, and the sha256 of their address at the time), on whom, what, the outcome
// and from where, chained by HMAC under the AUDIT_LOG_KEY secret, the head also kept in KV. Never a
// password, token, code or secret. No code updates or deletes an entry but the retention prune
// (retention.server.ts).

export { ACCOUNT_ACTIONS, type AccountAction, type OwnEvent };

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

/** At most this many heads one entry is computed for: three `ifChanged` entries in one batch. */
const MAX_HEADS = 8;

/**
 * Appends entries to the audit log's chain (audit-chain.ts): each gets the next id and the HMAC of its
 * fields and the hash of the entry before it, computed here from the head read just before its batch. An
 * `ifChanged` entry may not be written, so each entry after it is computed for both heads, and its
 * statement writes the one that follows the head it finds (`entrySelect`): the head moves only with an
 * entry. Two writers that read the same head collide; withEventChain runs the loser's batch again.
 */
export class EventChain {
  readonly emails = new Map<string, string>();
  /** Every head the chain may have once the statements built so far have run. */
  private heads: ChainHead[];

  constructor(
    private readonly db: Database,
    private readonly key: AuditKey,
    head: ChainHead,
  ) {
    this.heads = [head];
  }

  /**
   * The statement that appends one entry. With `ifChanged`, only if the statement just before it in the
   * same batch changed exactly one row (no entry without its change), like insertMailEventIfChanged.
   */
  append(caller: Caller, event: AccountEvent, { ifChanged = false } = {}) {
    const actorEmailSha256 = event.actorEmail ? sha256Hex(event.actorEmail) : null;
    if (event.actorEmail && actorEmailSha256) this.emails.set(actorEmailSha256, event.actorEmail);
    const at = nowSeconds();
    const variants = this.heads.map((head) => {
      const fields = {
        id: head.id + 1,
        at,
        actorId: event.actorId,
        actorEmailSha256,
        subjectId: event.subjectId,
        action: event.action,
        outcome: event.outcome,
        ip: caller.address === "unknown" ? null : caller.address,
        userAgent: caller.userAgent,
        country: caller.country,
        requestId: caller.requestId,
        prevHash: head.hash,
        keyId: this.key.id,
      };
      return { ...fields, hash: keyedEntryHash(this.key, fields) };
    });
    const written = variants.map(({ id, hash }) => ({ id, hash }));
    this.heads = ifChanged ? [...this.heads, ...written] : written;
    if (this.heads.length > MAX_HEADS) throw new Error("too many ifChanged entries in one batch");
    const parts = entrySelect(variants, { ifChanged });
    // The selected values follow the table's columns (db/schema.ts `accountEvents`, ENTRY_COLUMNS).
    return this.db
      .insert(accountEvents)
      .select(sql.join(parts.map((part) => ("sql" in part ? sql.raw(part.sql) : sql`${part.value}`))));
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

async function chainHead(db: Database): Promise<ChainHead> {
  const [last] = await db
    .select({ id: accountEvents.id, hash: accountEvents.hash })
    .from(accountEvents)
    .orderBy(desc(accountEvents.id))
    .limit(1);
  return last ? { id: last.id, hash: last.hash ?? GENESIS } : { id: 0, hash: GENESIS };
}

/**
 * Another writer appended first: our entry's id is taken, or the head our entry follows is not there (its
 * `at` came out NULL, entrySelect), and D1 rolled our whole batch back.
 */
function isChainCollision(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (
      /(UNIQUE constraint failed: account_events\.id|NOT NULL constraint failed: account_events\.at)/.test(
        String(cause),
      )
    ) {
      return true;
    }
  }
  return false;
}

/** Enough for a crowd of writers at one instant; each round, one of them wins. */
const CHAIN_ATTEMPTS = 40;

let cachedKey: { secret: string; key: AuditKey } | null = null;

/** The key entries are written under: the AUDIT_LOG_KEY Worker secret. Without it nothing is written. */
function auditLogKey(): AuditKey {
  const secret = workerEnv.AUDIT_LOG_KEY;
  if (!secret)
    throw new Error("AUDIT_LOG_KEY is not set: the audit log cannot be written (docs/operations.md)");
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: auditKeyOf(secret) };
  return cachedKey.key;
}

/**
 * Runs `write` (which builds its D1 batch with the chain's statements) on the chain's current head; if
 * another request appended in between, the batch failed as a whole and runs again on the new head. Then,
 * after the answer, the head moves outside D1 too (scheduleHeadMove).
 */
export async function withEventChain<T>(db: Database, write: (chain: EventChain) => Promise<T>): Promise<T> {
  const key = auditLogKey();
  for (let attempt = 1; ; attempt += 1) {
    const chain = new EventChain(db, key, await chainHead(db));
    try {
      const result = await write(chain);
      await chain.rememberEmails();
      scheduleHeadMove(db);
      return result;
    } catch (error) {
      if (attempt >= CHAIN_ATTEMPTS || !isChainCollision(error)) throw error;
      // A little random wait, so the writers that lost do not all meet again on the next head.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 10)));
    }
  }
}

/**
 * Whether this isolate is moving the head outside D1 now (since when), and whether an entry was written
 * since. A move that ran past waitUntil's 30 seconds was cut off: after that, the next append starts anew.
 */
const headMoves = { running: false, since: 0, again: false };
const HEAD_MOVE_CUT_OFF_MS = 30_000;

/**
 * Moves the head outside D1 after the answer (waitUntil). One move at a time per isolate: an append that
 * finishes while a move runs asks that move to run once more when it is done, which then takes whatever
 * entry is newest. No append waits, none is left behind, and a burst costs a few KV writes, not one each.
 */
function scheduleHeadMove(db: Database) {
  if (headMoves.running && Date.now() - headMoves.since < HEAD_MOVE_CUT_OFF_MS) {
    headMoves.again = true;
    return;
  }
  headMoves.running = true;
  headMoves.since = Date.now();
  waitUntil(
    (async () => {
      do {
        headMoves.again = false;
        await moveHeadOutsideD1(db, workerEnv.SESSIONS);
      } while (headMoves.again);
      headMoves.running = false;
    })(),
  );
}

/**
 * Moves the head kept in KV (HEAD_KV_KEY) to the newest entry in D1, best effort: a write may fail (other
 * isolates write too) or land after a newer one, and the head outside D1 then lags a little behind until
 * the next entry. It never moves back, and never away from an entry D1 no longer holds as it was: after
 * a cut-off end it stays where it was, so `npm run audit:verify` still finds the cut. Never throws.
 */
export async function moveHeadOutsideD1(db: Database, kv: KVNamespace): Promise<void> {
  try {
    const kept = parseHead(await kv.get(HEAD_KV_KEY));
    const newestId = sql`(SELECT max(id) FROM account_events)`;
    const rows = await db
      .select({ id: accountEvents.id, hash: accountEvents.hash })
      .from(accountEvents)
      .where(
        kept
          ? or(eq(accountEvents.id, newestId), eq(accountEvents.id, kept.id))
          : eq(accountEvents.id, newestId),
      );
    if (kept && !rows.some((row) => row.id === kept.id && row.hash === kept.hash)) {
      console.error(
        `audit log: D1 no longer holds entry ${kept.id} as the head kept in KV names it; the head stays there. Run npm run audit:verify.`,
      );
      return;
    }
    const newest = rows.sort((a, b) => b.id - a.id)[0];
    if (!newest?.hash || (kept && kept.id >= newest.id)) return;
    await kv.put(HEAD_KV_KEY, JSON.stringify({ id: newest.id, hash: newest.hash }));
  } catch (error) {
    console.warn("audit log: the head outside D1 did not move this time", { error: String(error) });
  }
}

/** An event on its own (a failure, or a change whose own statements ran already). */
export function recordEvent(db: Database, caller: Caller, event: AccountEvent): Promise<void> {
  return withEventChain(db, async (chain) => {
    await chain.append(caller, event);
  });
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
