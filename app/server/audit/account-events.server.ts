import { and, isNotNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { AUDIT_ACTIONS, type AuditAction, type AuditOutcome } from "~/lib/audit-actions";
import { accountEvents, auditEmails } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller } from "../operation.server";
import { PRUNE_ACTION, pruneProof, sha256Hex } from "./audit-chain";
import { auditLogKey, scheduleSeal, sealAuditLog } from "./audit-sealer.server";

// The account events, which are the audit log: each is written in the same D1 batch as the change it
// records, with who acted (id, and the sha256 of their address at the time), on whom, what, the outcome
// and from where; right after the answer the sealer (audit-sealer.server.ts) chains it by HMAC under the
// AUDIT_LOG_KEY secret and moves the signed head kept in KV (docs/decisions/117-audit-log-sealed-after-the-write.md).
// Never a password, token, code or secret. No code changes an entry but the sealer (which only fills its
// chain columns) and the retention prune (pruneAuditLog). Every entry is made by auditEntry, of an action
// declared in app/lib/audit-actions.ts.

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

  /**
   * One entry for each id that `subjects` selects (a SELECT of one column, `id`), all alike but for their
   * subject: a bulk action's entries, written before the statement that changes those rows, in the same
   * batch and under the same condition, so there is one entry per row changed and none for a row left alone.
   */
  appendEach(caller: Caller, event: Omit<AccountEvent, "subjectId">, subjects: SQL) {
    const actorEmailSha256 = event.actorEmail ? sha256Hex(event.actorEmail) : null;
    if (event.actorEmail && actorEmailSha256) this.emails.set(actorEmailSha256, event.actorEmail);
    const before = [nowSeconds(), event.actorId].map((value) => sql`${value}`);
    const after = [
      event.action,
      event.outcome,
      caller.address === "unknown" ? null : caller.address,
      caller.userAgent,
      caller.country,
      caller.requestId,
      actorEmailSha256,
    ].map((value) => sql`${value}`);
    return this.db
      .insert(accountEvents)
      .select(
        sql`SELECT NULL, ${sql.join(before, sql`, `)}, subject.id, ${sql.join(after, sql`, `)}, NULL, NULL, NULL FROM (${subjects}) AS subject`,
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
