import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeHexLowerCase } from "@oslojs/encoding";

// The chain of the audit log (account_events), as pure functions the Worker writes with and
// `npm run audit:verify` checks with. Each entry's hash is an HMAC-SHA256, under a Worker secret that is not
// in D1 (AUDIT_LOG_KEY), of its fields and the hash of the entry before it: changing, inserting or deleting
// an entry breaks every link after it, and nobody without the key can compute the links again. Entries
// written before the key existed keep their plain sha256 (no key id); they may only come before the first
// keyed entry. The newest entry is also kept outside D1 (the head, in KV) so a cut-off end is found too.
// No relative imports: the scripts load this file in Node as it is.

/** The "previous hash" of the first entry of the chain. */
export const GENESIS = "0".repeat(64);

/** The KV key (SESSIONS namespace) that holds the head outside D1: `{ "id": …, "hash": "…" }`. */
export const HEAD_KV_KEY = "audit-head";

/**
 * How long entries under a key may still appear after the first entry under its successor: Worker
 * instances still running the old version finish their requests during a rotation.
 */
export const RETIRED_KEY_GRACE_SECONDS = 300;

/** What stands for "no key" (plain sha256, before the key existed) in the order of keys. */
const PLAIN = "plain";

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

/** The newest entry of the chain: its id and hash. Kept in D1 (the newest row) and outside it (KV). */
export interface ChainHead {
  id: number;
  hash: string;
}

/** The head as KV holds it, or null for anything else. */
export function parseHead(text: string | null | undefined): ChainHead | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ChainHead>;
    if (
      Number.isSafeInteger(value.id) &&
      typeof value.hash === "string" &&
      /^[0-9a-f]{64}$/.test(value.hash)
    ) {
      return { id: value.id as number, hash: value.hash };
    }
  } catch {}
  return null;
}

/** A fragment of the SQL that appends an entry: text, or a value to bind. */
export type SqlPart = { sql: string } | { value: string | number | null };

/**
 * The columns of account_events in the order of db/schema.ts `accountEvents` (Drizzle's INSERT … SELECT
 * names them so; the scripts name them themselves).
 */
export const ENTRY_COLUMNS = [
  "id",
  "at",
  "actor_id",
  "subject_id",
  "action",
  "outcome",
  "ip",
  "user_agent",
  "country",
  "request_id",
  "actor_email_sha256",
  "prev_hash",
  "hash",
  "key_id",
] as const;

/** An entry ready to be written: its fields and hash. */
export interface HashedEntry extends ChainedFields {
  hash: string;
}

/**
 * The SELECT that appends one entry, for `INSERT INTO account_events (ENTRY_COLUMNS) <this>`, given the
 * entry computed on each head the chain may have when the statement runs (`variants`: the same fields but
 * id, previous hash and hash). The statement itself reads the head (the newest row) and writes the variant
 * computed on it, so no entry is ever written after one that was not: the head moves only with an entry.
 * With `ifChanged`, nothing is written unless the statement just before changed exactly one row. When
 * the head is none of those computed (another request appended first), the statement fails (a NULL `at`)
 * and D1 rolls back the whole batch, as it does on a taken id.
 */
export function entrySelect(
  variants: readonly HashedEntry[],
  { ifChanged }: { ifChanged: boolean },
): SqlPart[] {
  const [first] = variants;
  if (!first) throw new Error("an entry needs at least one head to follow");
  const parts: SqlPart[] = [];
  const text = (sql: string) => parts.push({ sql });
  const value = (v: string | number | null) => parts.push({ value: v });
  text("SELECT v.column1, v.column2");
  for (const field of [
    first.actorId,
    first.subjectId,
    first.action,
    first.outcome,
    first.ip,
    first.userAgent,
    first.country,
    first.requestId,
    first.actorEmailSha256,
  ]) {
    text(", ");
    value(field);
  }
  text(", v.column4, v.column5, ");
  value(first.keyId);
  text(" FROM (SELECT 1) AS one LEFT JOIN (VALUES ");
  variants.forEach((entry, index) => {
    text(index === 0 ? "(" : ", (");
    for (const [i, field] of [entry.id, entry.at, entry.id - 1, entry.prevHash, entry.hash].entries()) {
      if (i > 0) text(", ");
      value(field);
    }
    text(")");
  });
  text(
    `) AS v ON v.column3 = IFNULL((SELECT max(id) FROM account_events), 0)` +
      ` AND v.column4 = IFNULL((SELECT hash FROM account_events ORDER BY id DESC LIMIT 1), '${GENESIS}')`,
  );
  if (ifChanged) text(" WHERE changes() = 1");
  return parts;
}

export interface StoredEntry extends Omit<ChainedFields, "prevHash"> {
  prevHash: string | null;
  hash: string | null;
}

export type ChainVerdict =
  | {
      ok: true;
      checked: number;
      beforeChain: number;
      /** Entries under plain sha256, made before the key (they precede every keyed entry). */
      plain: number;
      /** The newest entry, the chain's head in D1. */
      newest: ChainHead | null;
      /** Entries under a key (HMAC). */
      keyed: number;
    }
  | { ok: false; checked: number; brokenAt: number; reason: string };

export interface VerifyOptions {
  /** Every key entries may be under (the current one and those retired within the retention period). */
  keys: readonly AuditKey[];
  /**
   * The head kept outside D1: D1 must hold that entry, with that hash. Null or left out: not checked
   * (none kept yet, or a copy without it); the script says so, as a cut-off end then goes unnoticed.
   */
  head?: ChainHead | null;
}

/**
 * Walks entries in id order. Entries made before the chain (no hash, no previous hash) may only come first,
 * and then the chain starts from GENESIS; the oldest chained entry may instead follow a pruned one
 * (retention deletes the oldest), but only when nothing is left before it. From there on each entry's
 * previous hash must be the hash of the entry before it and its own hash must match its fields: plain
 * sha256 only before the first keyed entry, then HMAC under the key it names. A key (or plain sha256) may
 * sign entries until RETIRED_KEY_GRACE_SECONDS after its successor first did: Worker instances of the
 * version before finish their requests. Last, the head kept outside D1 must be in D1 with its hash.
 */
export function verifyChain(entries: readonly StoredEntry[], options: VerifyOptions): ChainVerdict {
  let beforeChain = 0;
  let lastUnhashed: StoredEntry | null = null;
  let previous: (StoredEntry & { hash: string }) | null = null;
  let checked = 0;
  let plain = 0;
  let keyed = 0;
  const hashes = new Map<number, string>();
  /** Keys in the order they first signed an entry (plain sha256 first, if at all), with its time. */
  const keyOrder: { id: string; firstAt: number }[] = [];
  const broken = (brokenAt: number, reason: string): ChainVerdict => ({
    ok: false,
    checked,
    brokenAt,
    reason,
  });

  for (const entry of entries) {
    if (entry.hash === null) {
      if (previous) return broken(entry.id, "it has no hash, but the chain began before it");
      if (entry.prevHash !== null || entry.keyId !== null) {
        return broken(entry.id, "its hash was removed (it still names a previous hash or a key)");
      }
      beforeChain += 1;
      lastUnhashed = entry;
      continue;
    }
    if (previous) {
      if (entry.id !== previous.id + 1) return broken(previous.id + 1, "it is missing");
      if (entry.prevHash !== previous.hash) {
        return broken(entry.id, "its previous hash is not the hash of the entry before it");
      }
    } else if (entry.prevHash === null) {
      return broken(entry.id, "no previous hash");
    } else if (entry.prevHash !== GENESIS && lastUnhashed) {
      // A pruned start leaves nothing before it; an entry before it without a hash lost its hash.
      return broken(
        lastUnhashed.id,
        `it has no hash, yet entry ${entry.id} after it names the hash of the entry before it: the chain began earlier and hashes were removed`,
      );
    }
    const fields = { ...entry, prevHash: entry.prevHash ?? "" };
    const signer = entry.keyId ?? PLAIN;
    let position = keyOrder.findIndex((known) => known.id === signer);
    if (position === -1) {
      if (signer === PLAIN && keyOrder.length > 0) {
        return broken(entry.id, "it has a plain hash, but entries under a key came before it");
      }
      position = keyOrder.push({ id: signer, firstAt: entry.at }) - 1;
    }
    const successor = keyOrder[position + 1];
    if (successor && entry.at > successor.firstAt + RETIRED_KEY_GRACE_SECONDS) {
      return broken(
        entry.id,
        signer === PLAIN
          ? "it has a plain hash, but entries under a key came before it"
          : `it is under key ${signer}, retired when key ${successor.id} took over`,
      );
    }
    if (entry.keyId === null) {
      if (plainEntryHash(fields) !== entry.hash) return broken(entry.id, "its fields do not match its hash");
      plain += 1;
    } else {
      const key = options.keys.find((candidate) => candidate.id === entry.keyId);
      if (!key) {
        return broken(entry.id, `it is under key ${entry.keyId}, which is not among the keys given`);
      }
      if (keyedEntryHash(key, fields) !== entry.hash) {
        return broken(entry.id, "its fields do not match its hash");
      }
      keyed += 1;
    }
    previous = { ...entry, hash: entry.hash };
    hashes.set(entry.id, entry.hash);
    checked += 1;
  }

  const newest = previous ? { id: previous.id, hash: previous.hash } : null;
  const { head } = options;
  if (head) {
    if (!newest || newest.id < head.id) {
      return broken(
        (newest?.id ?? 0) + 1,
        `the newest entries are missing: the chain in D1 ${newest ? `ends at entry ${newest.id}` : "is empty"}, but the head kept outside D1 is entry ${head.id}`,
      );
    }
    const stored = hashes.get(head.id);
    if (stored !== head.hash) {
      return broken(head.id, "it is not the entry the head kept outside D1 names (its hash differs)");
    }
  }
  return { ok: true, checked, beforeChain, plain, keyed, newest };
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
