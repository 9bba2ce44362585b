import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeHexLowerCase } from "@oslojs/encoding";
import type { AuditAction } from "~/lib/audit-actions";

// The chain of the audit log (account_events), as pure functions the Worker and `npm run audit:seal` seal
// with; chain-verification.ts checks it with them (`npm run audit:verify`). Entries are written freely, without a hash, in the batch of the change
// they record; a sealer then chains them in id order (docs/decisions/117-audit-log-sealed-after-the-write.md):
// each entry's hash is an HMAC-SHA256, under a Worker secret that is not in D1 (AUDIT_LOG_KEY), of its
// fields and the hash of the entry before it, so changing, inserting or deleting a sealed entry breaks every
// link after it, and nobody without the key can compute the links again. Entries written before the key
// existed keep their plain sha256 (no key id); they may only come before the first keyed entry. The newest
// sealed entry is also kept outside D1, signed (the head, in KV and in the Worker's logs), so a cut-off end
// is found too; pruning writes a signed entry naming the last entry it removed, so a missing start is found.
// No imports of values by alias: the scripts load this file in Node as it is (a type import is erased).

/** The "previous hash" of the first entry of the chain. */
export const GENESIS = "0".repeat(64);

/** The KV key (SESSIONS namespace) that holds the head outside D1: `{ "id": …, "hash": "…" }`. */
export const HEAD_KV_KEY = "audit-head";

export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
}

/** A key of the audit log: its bytes, and the id entries name it by (derived from it, revealing nothing). */
export interface AuditKey {
  id: string;
  bytes: Uint8Array;
}

/** A key from its secret: at least 32 random bytes in base64 (`openssl rand -base64 32`). */
export function auditKeyOf(secret: string): AuditKey {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(secret.trim());
  } catch {
    throw new Error("An audit-log key must be base64 (openssl rand -base64 32).");
  }
  if (bytes.length < 32) throw new Error("An audit-log key must be at least 32 bytes in base64.");
  const id = encodeHexLowerCase(hmac(SHA256, bytes, new TextEncoder().encode("facets audit-log key id")));
  return { id: id.slice(0, 16), bytes };
}

/** Keys from a list of secrets separated by spaces, commas or new lines (AUDIT_LOG_KEYS). */
export function auditKeysOf(list: string): AuditKey[] {
  return list
    .split(/[\s,]+/)
    .filter((secret) => secret !== "")
    .map(auditKeyOf);
}

/** An entry as the chain sees it: every stored field, the time in whole seconds. */
export interface ChainedFields {
  id: number;
  at: number;
  actorId: number | null;
  actorEmailSha256: string | null;
  subjectId: number | null;
  action: string;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  requestId: string | null;
  prevHash: string;
  /** The id of the key its hash is under; null for the plain sha256 entries made before the key. */
  keyId: string | null;
}

/** The fields as one JSON array, so no value a person typed (a user agent, say) can pass for a boundary. */
function fieldsJson(entry: ChainedFields, withKey: boolean): string {
  const fields = [
    entry.id,
    entry.at,
    entry.actorId,
    entry.actorEmailSha256,
    entry.subjectId,
    entry.action,
    entry.outcome,
    entry.ip,
    entry.userAgent,
    entry.country,
    entry.requestId,
    entry.prevHash,
  ];
  return JSON.stringify(withKey ? [...fields, entry.keyId] : fields);
}

/** The hash of an entry made before the key: sha256 of its fields (anyone can compute it). */
export function plainEntryHash(entry: ChainedFields): string {
  return sha256Hex(fieldsJson(entry, false));
}

/** The hash of an entry: HMAC-SHA256 under the key of its fields, its previous hash and its key id. */
export function keyedEntryHash(key: AuditKey, entry: ChainedFields): string {
  return encodeHexLowerCase(hmac(SHA256, key.bytes, new TextEncoder().encode(fieldsJson(entry, true))));
}

/** An entry of the chain by its id and hash: the newest sealed one is the chain's head. */
export interface ChainHead {
  id: number;
  hash: string;
}

/**
 * The head as kept outside D1: the newest sealed entry, the last entry a prune removed (0 for none), its
 * place in time (the seal counter, one more than the head before it, and the seal time), and an HMAC of all
 * of it under the key it names, so a writer of D1 and KV can neither move it back with the entries nor pass
 * an older head for a newer one (decision 163).
 */
export interface KeptHead extends ChainHead {
  prunedThrough: number;
  /** The seal counter: 0 on a head written before heads were ordered. */
  seq: number;
  /** When it was written, in seconds since the epoch: 0 on a head written before heads were ordered. */
  sealedAt: number;
  keyId: string | null;
  /** Null on a head written before heads were signed. */
  mac: string | null;
}

type HeadFields = ChainHead & Pick<KeptHead, "prunedThrough" | "seq" | "sealedAt">;

/** The signature of a head kept outside D1; a head of before the counter (seq 0) is signed as it was. */
export function headMac(key: AuditKey, head: HeadFields): string {
  const fields =
    head.seq === 0 && head.sealedAt === 0
      ? ["facets audit head", head.id, head.hash, head.prunedThrough, key.id]
      : ["facets audit head 2", head.id, head.hash, head.prunedThrough, head.seq, head.sealedAt, key.id];
  return encodeHexLowerCase(hmac(SHA256, key.bytes, new TextEncoder().encode(JSON.stringify(fields))));
}

/** The head to keep outside D1, signed under `key`, as the `seq`th head, written at `sealedAt`. */
export function signedHead(
  key: AuditKey,
  head: ChainHead,
  prunedThrough: number,
  order: { seq: number; sealedAt: number },
): KeptHead {
  const fields = { id: head.id, hash: head.hash, prunedThrough, ...order };
  return { ...fields, keyId: key.id, mac: headMac(key, fields) };
}

/** The head as KV or the witness holds it, or null for anything else. */
export function parseHead(text: string | null | undefined): KeptHead | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptHead>;
    const count = (field: unknown) =>
      Number.isSafeInteger(field) && (field as number) >= 0 ? (field as number) : 0;
    if (
      Number.isSafeInteger(value.id) &&
      typeof value.hash === "string" &&
      /^[0-9a-f]{64}$/.test(value.hash)
    ) {
      return {
        id: value.id as number,
        hash: value.hash,
        prunedThrough: count(value.prunedThrough),
        seq: count(value.seq),
        sealedAt: count(value.sealedAt),
        keyId: typeof value.keyId === "string" ? value.keyId : null,
        mac: typeof value.mac === "string" ? value.mac : null,
      };
    }
  } catch {}
  return null;
}

/**
 * Whether head `a` names less of the log than head `b`: an older entry, or the same entry before a prune
 * `b` records. Heads written at once by two isolates may share a counter, so the order of what they name,
 * not of their counters, says which is behind.
 */
export function headIsBehind(
  a: Pick<KeptHead, "id" | "prunedThrough">,
  b: Pick<KeptHead, "id" | "prunedThrough">,
) {
  return a.id < b.id || (a.id === b.id && a.prunedThrough < b.prunedThrough);
}

/** An entry ready to be written: its fields and hash. */
export interface HashedEntry extends ChainedFields {
  hash: string;
}

/**
 * Chains entries not yet sealed, in id order, after `previous` (the newest sealed entry, or none): each
 * gets the hash of the one before it and its own HMAC under `key`. Pure: two sealers that read the same
 * entries compute the same hashes, so a race between them writes nothing different.
 */
export function sealedEntries(
  key: AuditKey,
  previous: ChainHead | null,
  pending: readonly StoredEntry[],
): HashedEntry[] {
  let prevHash = previous?.hash ?? GENESIS;
  return pending.map((entry) => {
    const fields = { ...entry, prevHash, keyId: key.id };
    const hash = keyedEntryHash(key, fields);
    prevHash = hash;
    return { ...fields, hash };
  });
}

/**
 * Of the entries waiting after the newest sealed one, those a sealer may seal now, and why it stops before
 * the rest. A sealer never seals what should have been sealed long ago, so a writer of D1 and KV cannot
 * strip an old tail of its hashes, edit it, and have the Worker seal it again: an entry at or before the
 * head kept outside D1 (sealed once, so its hash was removed), any entry when D1 holds sealed entries but
 * no head is kept (the head was removed with them), and an entry older than SEAL_DEADLINE_SECONDS (unless
 * an operator who has looked at it says `force`).
 */
export function sealablePrefix(
  pending: readonly StoredEntry[],
  context: { kept: ChainHead | null; anySealed: boolean; now: number; force?: boolean },
): { entries: StoredEntry[]; refusal: string | null } {
  if (pending.length === 0) return { entries: [], refusal: null };
  if (!context.kept && context.anySealed && !context.force) {
    return {
      entries: [],
      refusal:
        "no head is kept outside D1, yet D1 holds sealed entries: nothing is sealed until an operator has checked the log and written the head again (npm run audit:verify -- --write-head)",
    };
  }
  const entries: StoredEntry[] = [];
  for (const entry of pending) {
    if (context.kept && entry.id <= context.kept.id) {
      return {
        entries,
        refusal: `entry ${entry.id} has no hash, yet the head kept outside D1 is entry ${context.kept.id}: its hash was removed; not sealing it again`,
      };
    }
    if (!context.force && entry.at < context.now - SEAL_DEADLINE_SECONDS) {
      return {
        entries,
        refusal: `entry ${entry.id} has waited more than ${SEAL_DEADLINE_SECONDS / 60} minutes for the sealer: not sealing it until an operator has looked (npm run audit:seal -- --force)`,
      };
    }
    entries.push(entry);
  }
  return { entries, refusal: null };
}

/** The action of the entry a prune writes: its subject is the id of the last entry it removed. */
export const PRUNE_ACTION = "audit-pruned" satisfies AuditAction;

/**
 * What a prune entry carries in its request id: an HMAC naming the last entry removed, so an entry a writer
 * of D1 inserts (which the sealer would seal like any other) cannot vouch for a prefix it deleted.
 */
export function pruneProof(key: AuditKey, prunedThrough: number): string {
  const text = JSON.stringify(["facets audit prune", prunedThrough, key.id]);
  return `${key.id}:${encodeHexLowerCase(hmac(SHA256, key.bytes, new TextEncoder().encode(text)))}`;
}

/**
 * How long an entry may wait for the sealer: the Worker seals after each answer, and a cron every five
 * minutes seals what an interrupted isolate left. An older entry without a hash had it removed, or the
 * sealer is down: either way someone must look.
 */
export const SEAL_DEADLINE_SECONDS = 15 * 60;

export interface StoredEntry extends Omit<ChainedFields, "prevHash"> {
  prevHash: string | null;
  hash: string | null;
}

/** An entry as D1 returns it (column names), e.g. from `SELECT * FROM account_events`. */
export interface EntryRow {
  id: number;
  at: number;
  actor_id: number | null;
  actor_email_sha256: string | null;
  subject_id: number | null;
  action: string;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
  country: string | null;
  request_id: string | null;
  prev_hash: string | null;
  hash: string | null;
  key_id: string | null;
}

export function storedEntryOf(row: EntryRow): StoredEntry {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmailSha256: row.actor_email_sha256,
    subjectId: row.subject_id,
    action: row.action,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    country: row.country,
    requestId: row.request_id,
    prevHash: row.prev_hash,
    hash: row.hash,
    keyId: row.key_id ?? null,
  };
}
