import { tracing, waitUntil, env as workerEnv } from "cloudflare:workers";
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { accountEvents } from "../../../db/schema";
import type { Database } from "../db.server";
import { emit } from "../events.server";
import {
  type AuditKey,
  auditKeyOf,
  type ChainHead,
  type EntryRow,
  GENESIS,
  HEAD_KV_KEY,
  headIsBehind,
  type KeptHead,
  PRUNE_ACTION,
  parseHead,
  pruneProof,
  sealablePrefix,
  sealedEntries,
  signedHead,
  storedEntryOf,
} from "./audit-chain";
import { headProblem } from "./chain-verification";
import { raiseWitnessAlarm, type WitnessState, witnessHead, witnessLatest } from "./head-witness";

// The sealer of the audit log: after each answer that wrote entries, and from the five-minute cron, it
// chains every entry written since the newest sealed one by HMAC under the AUDIT_LOG_KEY secret
// (audit-chain.ts), then moves the signed head kept outside D1
// (docs/decisions/117-audit-log-sealed-after-the-write.md).

const nowSeconds = () => Math.floor(Date.now() / 1000);

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
export function scheduleSeal(db: Database) {
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
export function sealAuditLog(db: Database, kv: KVNamespace): Promise<number> {
  return tracing.enterSpan("audit.seal", async (span) => {
    const run = await sealInOrder(db, kv);
    span.setAttributes({ sealed: run.sealed, outcome: run.outcome });
    // A seal that chained nothing and found nothing wrong is no event: the cron and every write run one.
    if (run.sealed > 0 || run.outcome !== "sealed") emit("audit.sealed", run);
    return run.sealed;
  });
}

interface SealRun {
  sealed: number;
  /** The newest entry chained by this run. */
  through: number | null;
  /** How long the oldest entry this run chained had waited, in seconds: the sealer's lag. */
  lagSeconds: number | null;
  outcome: "sealed" | "refused" | "failed";
}

async function sealInOrder(db: Database, kv: KVNamespace): Promise<SealRun> {
  let mayCreateHead = false;
  const run: SealRun = { sealed: 0, through: null, lagSeconds: null, outcome: "sealed" };
  try {
    const key = auditLogKey();
    const { authority: kept } = await headsOutsideD1(kv);
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
      if (refusal) {
        run.outcome = "refused";
        console.error(`audit log: ${refusal}. Run npm run audit:verify.`);
      }
      if (sealable.length === 0) break;
      // Entries after a gap that swallowed the head (ids raised past it by hand) are not chained on.
      if (kept && (previous?.id ?? 0) < kept.id) {
        run.outcome = "refused";
        console.error(
          `audit log: D1's newest sealed entry is ${previous?.id ?? "none"}, before the head kept outside D1 (entry ${kept.id}); not sealing. Run npm run audit:verify.`,
        );
        break;
      }
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
      run.sealed += changed;
      if (changed > 0) {
        run.through = entries[entries.length - 1]?.id ?? run.through;
        run.lagSeconds ??= Math.max(0, nowSeconds() - (sealable[0]?.at ?? nowSeconds()));
      }
      // Another sealer took these entries first (it seals the rest too), or sealing stops here.
      if (changed === 0 || refusal) break;
    }
  } catch (error) {
    run.outcome = "failed";
    console.error("audit log: sealing failed; the next write or the cron seals again", {
      error: String(error),
    });
  }
  await moveHeadOutsideD1(db, kv, { mayCreate: mayCreateHead });
  return run;
}

/**
 * The heads kept outside D1 as the sealer trusts them. Where the witness holds a head, it alone says what
 * was sealed: only this Worker writes it, while anyone who writes KV can put any head there. Before it
 * holds one (a new log, or a log from before the witness), the KV head does, as it did.
 */
async function headsOutsideD1(kv: KVNamespace) {
  const inKv = parseHead(await kv.get(HEAD_KV_KEY));
  const witness = await witnessLatest(workerEnv.AUDIT_HEADS);
  return { inKv, witness, authority: witness.head ?? inKv };
}

/**
 * Moves the head kept outside D1 to the newest sealed entry in D1, signed, with the last entry the newest
 * proven prune removed and the next seal counter: first in KV (HEAD_KV_KEY), then in the witness
 * (head-witness.ts, the copy no D1 or KV token can write), and in the Worker's logs. Best effort: a write
 * may fail or lose a race with another isolate, and the head then lags a little until the next seal (the
 * cron's at the latest), which also brings KV up to the witness. Nothing is taken from a KV head that is
 * not signed under the key. It never moves back, and never away from an entry D1 no longer holds as the
 * witness (or a signed KV head ahead of it) names it: it stays, and the witness records why, so
 * `npm run audit:verify` fails until someone has looked, whatever D1 and KV say later. It writes a first
 * head only for a log's first seal (`mayCreate`). Never throws.
 */
export async function moveHeadOutsideD1(
  db: Database,
  kv: KVNamespace,
  { mayCreate }: { mayCreate: boolean },
): Promise<void> {
  try {
    const key = auditLogKey();
    // Read again, not taken from the seal that ran just before: another isolate may have moved them since,
    // and a head is never moved back.
    const { inKv, witness, authority } = await headsOutsideD1(kv);
    const signedKv = inKv && headProblem(inKv, [key]) === null ? inKv : null;
    if (!authority && !mayCreate) {
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
    // What D1 must still hold: the head in charge, and a signed KV head ahead of the witness's.
    const required = [
      { place: witness.head ? "the witness" : "KV", head: authority },
      {
        place: "KV",
        head: witness.head && signedKv && headIsBehind(witness.head, signedKv) ? signedKv : null,
      },
    ].filter((entry): entry is { place: string; head: KeptHead } => entry.head !== null);
    const newestId = sql`(SELECT max(id) FROM account_events WHERE hash IS NOT NULL)`;
    const [rows, prunes] = await db.batch([
      db
        .select({ id: accountEvents.id, hash: accountEvents.hash })
        .from(accountEvents)
        .where(
          or(eq(accountEvents.id, newestId), ...required.map(({ head }) => eq(accountEvents.id, head.id))),
        ),
      db
        .select({ subjectId: accountEvents.subjectId, requestId: accountEvents.requestId })
        .from(accountEvents)
        .where(and(eq(accountEvents.action, PRUNE_ACTION), isNotNull(accountEvents.hash)))
        .orderBy(desc(accountEvents.id))
        .limit(1),
    ]);
    for (const { place, head } of required) {
      if (!rows.some((row) => row.id === head.id && row.hash === head.hash)) {
        await refuseToMove(
          witness,
          `D1 no longer holds entry ${head.id} as the head kept in ${place} names it; the head stays there`,
        );
        return;
      }
    }
    const newest = rows.sort((a, b) => b.id - a.id)[0];
    if (!newest?.hash) return;
    const [prune] = prunes;
    const prunedThrough =
      prune?.subjectId != null && prune.requestId === pruneProof(key, prune.subjectId)
        ? prune.subjectId
        : ((witness.head ?? signedKv)?.prunedThrough ?? 0);
    const target = { id: newest.id, prunedThrough };
    // A signed, ordered head that already names the target, the witness's first: nothing new to sign.
    const current = [witness.head, signedKv].find(
      (candidate): candidate is KeptHead =>
        candidate?.mac != null && candidate.seq > 0 && !headIsBehind(candidate, target),
    );
    const head =
      current ??
      signedHead(key, { id: newest.id, hash: newest.hash }, prunedThrough, {
        seq: Math.max(witness.head?.seq ?? 0, signedKv?.seq ?? 0) + 1,
        sealedAt: nowSeconds(),
      });
    if (head.mac !== inKv?.mac) {
      await kv.put(HEAD_KV_KEY, JSON.stringify(head));
      console.log(
        `audit log: head ${head.id}:${head.hash} pruned-through ${head.prunedThrough} seal ${head.seq} at ${head.sealedAt}`,
      );
    }
    // False when another isolate moved the witness on first: it holds the newer head.
    if (head.mac !== witness.head?.mac) await witnessHead(workerEnv.AUDIT_HEADS, head, witness);
  } catch (error) {
    console.warn("audit log: the head outside D1 did not move this time", { error: String(error) });
  }
}

/** The sealer will not move the heads: logged, and recorded in the witness where nothing erases it. */
async function refuseToMove(witness: WitnessState, reason: string) {
  console.error(`audit log: ${reason}. Run npm run audit:verify.`);
  await raiseWitnessAlarm(workerEnv.AUDIT_HEADS, witness, reason);
}
