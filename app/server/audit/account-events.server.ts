import { waitUntil, env as workerEnv } from "cloudflare:workers";
import { and, desc, eq, isNotNull, isNull, lt, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { OwnEvent } from "~/lib/account-activity";
import {
  ACTIONS_WITHOUT_AN_ACCOUNT_SUBJECT,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditOutcome,
  subjectIsAccount,
} from "~/lib/audit-actions";
import { accountEvents, auditEmails } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller } from "../operation.server";
import {
  type AuditKey,
  auditKeyOf,
  type ChainHead,
  type EntryRow,
  GENESIS,
  HEAD_KV_KEY,
  PRUNE_ACTION,
  parseHead,
  pruneProof,
  sealablePrefix,
  sealedEntries,
  sha256Hex,
  signedHead,
  storedEntryOf,
} from "./audit-chain";

// The account events, which are the audit log: each is written in the same D1 batch as the change it
// records, with who acted (id, and the sha256 of their address at the time), on whom, what, the outcome
// and from where; right after the answer the sealer chains it by HMAC under the AUDIT_LOG_KEY secret and
// moves the signed head kept in KV (docs/decisions/117-audit-log-sealed-after-the-write.md). Never a
// password, token, code or secret. No code changes an entry but the sealer (which only fills its chain
// columns) and the retention prune (pruneAuditLog).

/** Entries whose subject is an account (a contact message's id may equal a person's), as SQL. */
export const accountSubject = notInArray(accountEvents.action, ACTIONS_WITHOUT_AN_ACCOUNT_SUBJECT);

/** A person's own entries: what they did, and what was done to their account (never to a same-numbered message). */
export function entriesOfPerson(userId: number): SQL | undefined {
  return or(eq(accountEvents.actorId, userId), and(eq(accountEvents.subjectId, userId), accountSubject));
}

export interface AccountEvent {
  actorId: number | null;
  /** The actor's address at the time; only its sha256 goes into the entry (audit_emails keeps the address). */
  actorEmail: string | null;
  subjectId: number | null;
  action: AuditAction;
  outcome: AuditOutcome;
}

/**
 * Who acted: an account and its address at the time (null when the address is not to be kept, as by an
 * erasure), or nobody (the retention cron).
 */
export type AuditActor = { readonly id: number; readonly email: string | null } | null;

/**
 * What an entry of `A` takes after its outcome, by what the table says its subject is: an account's id
 * (left out, the actor's own account), the id of what it names, or nothing.
 */
type SubjectOf<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A]["subject"] extends "account"
  ? [subjectId?: number]
  : (typeof AUDIT_ACTIONS)[A]["subject"] extends "none"
    ? []
    : [subjectId: number];

/** An audit entry: who acted, a declared action, how it went, and on what (by default the actor's account). */
export function auditEntry<A extends AuditAction>(
  actor: AuditActor,
  action: A,
  outcome: AuditOutcome,
  ...[subjectId]: SubjectOf<A>
): AccountEvent {
  const subject = AUDIT_ACTIONS[action].subject;
  return {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    subjectId: subject === "none" ? null : (subjectId ?? actor?.id ?? null),
    action,
    outcome,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Builds the audit entries of one batch. Each is a plain INSERT without a hash: D1 gives it the next id, so
 * writers never meet on a shared head, and the sealer (sealAuditLog) chains it moments later.
 */
export class EventChain {
  readonly emails = new Map<string, string>();

  constructor(private readonly db: Database) {}

  /**
   * The statement that writes one entry. With `ifChanged`, only if the statement just before it in the
   * same batch changed exactly one row (no entry without its change), like insertMailEventIfChanged; with
   * `ifAnyChanged`, at least one.
   */
  append(caller: Caller, event: AccountEvent, { ifChanged = false, ifAnyChanged = false } = {}) {
    const actorEmailSha256 = event.actorEmail ? sha256Hex(event.actorEmail) : null;
    if (event.actorEmail && actorEmailSha256) this.emails.set(actorEmailSha256, event.actorEmail);
    const values = [
      nowSeconds(),
      event.actorId,
      event.subjectId,
      event.action,
      event.outcome,
      caller.address === "unknown" ? null : caller.address,
      caller.userAgent,
      caller.country,
      caller.requestId,
      actorEmailSha256,
    ];
    // The selected values follow the table's columns (db/schema.ts `accountEvents`) from `at` on; id and
    // the chain's columns are left to D1 (the next id) and the sealer.
    return this.db.insert(accountEvents).select(
      sql`SELECT NULL, ${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}, NULL, NULL, NULL${ifChanged ? sql` WHERE changes() = 1` : ifAnyChanged ? sql` WHERE changes() > 0` : sql``}`,
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

let cachedKey: { secret: string; key: AuditKey } | null = null;

/** The key entries are sealed under: the AUDIT_LOG_KEY Worker secret. Without it nothing is written. */
export function auditLogKey(env: { AUDIT_LOG_KEY?: string } = workerEnv): AuditKey {
  const secret = env.AUDIT_LOG_KEY;
  if (!secret)
    throw new Error("AUDIT_LOG_KEY is not set: the audit log cannot be written (docs/operations.md)");
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: auditKeyOf(secret) };
  return cachedKey.key;
}

/**
 * Runs `write`, which builds its D1 batch with the chain's statements; then, after the answer, the sealer
 * chains what it wrote (scheduleSeal). Nothing here reads or waits on the chain, so concurrent writers never
 * collide and a failure of the seal never reaches the request.
 */
export async function withEventChain<T>(db: Database, write: (chain: EventChain) => Promise<T>): Promise<T> {
  auditLogKey();
  const chain = new EventChain(db);
  const result = await write(chain);
  await chain.rememberEmails();
  scheduleSeal(db);
  return result;
}

/**
 * Whether this isolate is sealing now (since when), and whether an entry was written since. A seal that ran
 * past waitUntil's 30 seconds was cut off: after that, the next write starts anew.
 */
const sealing = { running: false, since: 0, again: false };
const SEAL_CUT_OFF_MS = 30_000;

/**
 * Seals after the answer (waitUntil). One seal at a time per isolate: a write that finishes while a seal
 * runs asks that seal to run once more when it is done, which then takes every entry written meanwhile. No
 * request waits, none is left behind, and a burst costs a few seals, not one each.
 */
function scheduleSeal(db: Database) {
  if (sealing.running && Date.now() - sealing.since < SEAL_CUT_OFF_MS) {
    sealing.again = true;
    return;
  }
  sealing.running = true;
  sealing.since = Date.now();
  waitUntil(
    (async () => {
      do {
        sealing.again = false;
        await sealAuditLog(db, workerEnv.SESSIONS);
      } while (sealing.again);
      sealing.running = false;
    })(),
  );
}

/** Entries one round of the sealer chains: one read and one batch of this many updates. */
const SEAL_ROUND = 100;

/** The newest sealed entry (the chain's head in D1), or null before the first seal. */
async function sealedHead(db: Database): Promise<ChainHead | null> {
  const [row] = await db
    .select({ id: accountEvents.id, hash: accountEvents.hash })
    .from(accountEvents)
    .where(isNotNull(accountEvents.hash))
    .orderBy(desc(accountEvents.id))
    .limit(1);
  return row?.hash ? { id: row.id, hash: row.hash } : null;
}

/**
 * The sealer: chains every entry written since the newest sealed one, in id order, under the current key
 * (audit-chain.ts `sealedEntries`), then moves the head kept outside D1. Each update also checks that the
 * newest sealed entry before it is still the one it was chained on, so two sealers at once (other isolates,
 * the cron) write the same hashes or nothing. Returns how many entries it sealed; never throws.
 */
export async function sealAuditLog(db: Database, kv: KVNamespace): Promise<number> {
  let sealed = 0;
  let mayCreateHead = false;
  try {
    const key = auditLogKey();
    const kept = parseHead(await kv.get(HEAD_KV_KEY));
    for (let round = 0; ; round += 1) {
      const previous = await sealedHead(db);
      // Only the very first seal of a log writes its first head; after that, a missing head stays missing.
      if (round === 0) mayCreateHead = !kept && previous === null;
      const rows = await db.all<EntryRow>(
        sql`SELECT * FROM account_events WHERE id > ${previous?.id ?? 0} ORDER BY id LIMIT ${SEAL_ROUND}`,
      );
      const { entries: sealable, refusal } = sealablePrefix(rows.map(storedEntryOf), {
        kept,
        // A log this seal began sealing from its start has no head yet: its first head follows this seal.
        anySealed: previous !== null && !mayCreateHead,
        now: nowSeconds(),
      });
      if (refusal) console.error(`audit log: ${refusal}. Run npm run audit:verify.`);
      if (sealable.length === 0) break;
      const entries = sealedEntries(key, previous, sealable);
      const updates = entries.map((entry) =>
        db
          .update(accountEvents)
          .set({ prevHash: entry.prevHash, hash: entry.hash, keyId: entry.keyId })
          .where(
            and(
              eq(accountEvents.id, entry.id),
              isNull(accountEvents.hash),
              sql`(SELECT hash FROM account_events WHERE hash IS NOT NULL AND id < ${entry.id} ORDER BY id DESC LIMIT 1) IS ${entry.prevHash === GENESIS ? null : entry.prevHash}`,
            ),
          ),
      );
      const [first, ...rest] = updates;
      if (!first) break;
      const results = await db.batch([first, ...rest]);
      const changed = results.reduce((sum, result) => sum + result.meta.changes, 0);
      sealed += changed;
      // Another sealer took these entries first (it seals the rest too), or sealing stops here.
      if (changed === 0 || refusal) break;
    }
  } catch (error) {
    console.error("audit log: sealing failed; the next write or the cron seals again", {
      error: String(error),
    });
  }
  await moveHeadOutsideD1(db, kv, { mayCreate: mayCreateHead });
  return sealed;
}

/**
 * Moves the head kept in KV (HEAD_KV_KEY) to the newest sealed entry in D1, signed, with the last entry the
 * newest proven prune removed, and writes it to the Worker's logs (the copy no D1 or KV token can write,
 * docs/operations.md). Best effort: a write may fail (other isolates write too) or land after a newer one,
 * and the head then lags a little until the next seal. It never moves back, and never away from an entry D1
 * no longer holds as it was: after a cut-off end it stays where it was, so `npm run audit:verify` still
 * finds the cut. It writes a first head only for a log's first seal (`mayCreate`): a head removed later is
 * put back by an operator who has checked the log. Never throws.
 */
export async function moveHeadOutsideD1(
  db: Database,
  kv: KVNamespace,
  { mayCreate }: { mayCreate: boolean },
): Promise<void> {
  try {
    const key = auditLogKey();
    // Read again, not taken from the seal that ran just before: another isolate may have moved it since,
    // and a head is never moved back.
    const kept = parseHead(await kv.get(HEAD_KV_KEY));
    if (!kept && !mayCreate) {
      const [sealed] = await db
        .select({ id: accountEvents.id })
        .from(accountEvents)
        .where(isNotNull(accountEvents.hash))
        .limit(1);
      if (sealed) {
        console.error(
          "audit log: no head is kept outside D1, yet D1 holds sealed entries; not writing one. Run npm run audit:verify, then --write-head.",
        );
        return;
      }
    }
    const newestId = sql`(SELECT max(id) FROM account_events WHERE hash IS NOT NULL)`;
    const [rows, prunes] = await db.batch([
      db
        .select({ id: accountEvents.id, hash: accountEvents.hash })
        .from(accountEvents)
        .where(
          kept
            ? or(eq(accountEvents.id, newestId), eq(accountEvents.id, kept.id))
            : eq(accountEvents.id, newestId),
        ),
      db
        .select({ subjectId: accountEvents.subjectId, requestId: accountEvents.requestId })
        .from(accountEvents)
        .where(and(eq(accountEvents.action, PRUNE_ACTION), isNotNull(accountEvents.hash)))
        .orderBy(desc(accountEvents.id))
        .limit(1),
    ]);
    if (kept && !rows.some((row) => row.id === kept.id && row.hash === kept.hash)) {
      console.error(
        `audit log: D1 no longer holds entry ${kept.id} as the head kept in KV names it; the head stays there. Run npm run audit:verify.`,
      );
      return;
    }
    const newest = rows.sort((a, b) => b.id - a.id)[0];
    if (!newest?.hash) return;
    const [prune] = prunes;
    const prunedThrough =
      prune?.subjectId != null && prune.requestId === pruneProof(key, prune.subjectId)
        ? prune.subjectId
        : (kept?.prunedThrough ?? 0);
    if (kept?.mac && kept.id >= newest.id && kept.prunedThrough === prunedThrough) return;
    const head = signedHead(key, { id: newest.id, hash: newest.hash }, prunedThrough);
    await kv.put(HEAD_KV_KEY, JSON.stringify(head));
    console.log(`audit log: head ${head.id}:${head.hash} pruned-through ${head.prunedThrough}`);
  } catch (error) {
    console.warn("audit log: the head outside D1 did not move this time", { error: String(error) });
  }
}

/**
 * Removes the entries older than `before`, never the newest sealed one, and in the same batch writes an entry
 * naming the last one removed, with its proof (audit-chain.ts `pruneProof`); then seals it, and the head
 * kept outside D1 records the prune. Everything written before is sealed first, so only sealed entries go.
 * Returns how many entries it removed.
 */
export async function pruneAuditLog(db: Database, kv: KVNamespace, before: Date): Promise<number> {
  await sealAuditLog(db, kv);
  const key = auditLogKey();
  const newestSealed = sql`(SELECT max(id) FROM account_events WHERE hash IS NOT NULL)`;
  const [last] = await db
    .select({ id: sql<number | null>`max(${accountEvents.id})` })
    .from(accountEvents)
    .where(
      and(isNotNull(accountEvents.hash), lt(accountEvents.at, before), lt(accountEvents.id, newestSealed)),
    );
  const through = last?.id;
  if (!through) return 0;
  const chain = new EventChain(db);
  const caller: Caller = {
    session: null,
    origin: "",
    address: "unknown",
    userAgent: "retention (daily cron)",
    country: null,
    requestId: pruneProof(key, through),
  };
  const [removed] = await db.batch([
    db.delete(accountEvents).where(lte(accountEvents.id, through)),
    chain.append(caller, auditEntry(null, PRUNE_ACTION, "success", through), { ifAnyChanged: true }),
  ]);
  await sealAuditLog(db, kv);
  return removed.meta.changes;
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
