import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeHexLowerCase } from "@oslojs/encoding";
import type { AuditAction } from "~/lib/audit-actions";

// The chain of the audit log (account_events), as pure functions the Worker seals with and
// `npm run audit:verify` checks with. Entries are written freely, without a hash, in the batch of the change
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

/** An entry of the chain by its id and hash: the newest sealed one is the chain's head. */
export interface ChainHead {
  id: number;
  hash: string;
}

/**
 * The head as kept outside D1: the newest sealed entry, the last entry a prune removed (0 for none), and an
 * HMAC of both under the key it names, so a writer of D1 and KV cannot move it back with the entries.
 */
export interface KeptHead extends ChainHead {
  prunedThrough: number;
  keyId: string | null;
  /** Null on a head written before heads were signed. */
  mac: string | null;
}

function headMac(key: AuditKey, head: ChainHead & { prunedThrough: number }): string {
  const text = JSON.stringify(["facets audit head", head.id, head.hash, head.prunedThrough, key.id]);
  return encodeHexLowerCase(hmac(SHA256, key.bytes, new TextEncoder().encode(text)));
}

/** The head to keep outside D1, signed under `key`. */
export function signedHead(key: AuditKey, head: ChainHead, prunedThrough: number): KeptHead {
  const fields = { id: head.id, hash: head.hash, prunedThrough };
  return { ...fields, keyId: key.id, mac: headMac(key, fields) };
}

/** Why a kept head cannot be trusted (null when it can): unsigned, or not signed by any of `keys`. */
export function headProblem(head: KeptHead, keys: readonly AuditKey[]): string | null {
  if (!head.mac || !head.keyId) return "it is not signed (written before heads were, or by hand)";
  const key = keys.find((candidate) => candidate.id === head.keyId);
  if (!key) return `it is signed under key ${head.keyId}, which is not among the keys given`;
  return headMac(key, head) === head.mac ? null : "its signature does not match (it was written by hand)";
}

/** The head as KV holds it, or null for anything else. */
export function parseHead(text: string | null | undefined): KeptHead | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptHead>;
    if (
      Number.isSafeInteger(value.id) &&
      typeof value.hash === "string" &&
      /^[0-9a-f]{64}$/.test(value.hash)
    ) {
      return {
        id: value.id as number,
        hash: value.hash,
        prunedThrough: Number.isSafeInteger(value.prunedThrough) ? (value.prunedThrough as number) : 0,
        keyId: typeof value.keyId === "string" ? value.keyId : null,
        mac: typeof value.mac === "string" ? value.mac : null,
      };
    }
  } catch {}
  return null;
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

function isProvenPrune(entry: StoredEntry, keys: readonly AuditKey[]): boolean {
  if (entry.action !== PRUNE_ACTION || entry.outcome !== "success" || entry.subjectId === null) return false;
  const keyId = entry.requestId?.split(":")[0];
  const key = keys.find((candidate) => candidate.id === keyId);
  return key !== undefined && pruneProof(key, entry.subjectId) === entry.requestId;
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

export type ChainVerdict =
  | {
      ok: true;
      checked: number;
      beforeChain: number;
      /** Entries under plain sha256, made before the key (they precede every keyed entry). */
      plain: number;
      /** The newest sealed entry, the chain's head in D1. */
      newest: ChainHead | null;
      /** Entries under a key (HMAC). */
      keyed: number;
      /** Entries after the newest sealed one, still waiting for the sealer (within its deadline). */
      awaitingSeal: number;
      /** The last entry a proven prune removed (the chain starts after it), or 0 when it starts at GENESIS. */
      prunedThrough: number;
    }
  | { ok: false; checked: number; brokenAt: number; reason: string };

export interface VerifyOptions {
  /** Every key entries may be under (the current one and those retired within the retention period). */
  keys: readonly AuditKey[];
  /**
   * The head kept outside D1, read before the entries: D1 must hold that entry, with that hash (entries
   * after it are what was written since). Null or left out: not checked; the script refuses that unless
   * told `--no-head`, as a cut-off end then goes unnoticed.
   */
  head?: ChainHead | null;
  /** Now, in seconds: entries waiting for the sealer longer than SEAL_DEADLINE_SECONDS break the log. */
  now?: number;
  /**
   * Heads noted elsewhere (every `audit log: head` line of the Worker's logs, or the operator's own notes),
   * id to hash: D1 must hold each with that hash, unless a proven prune removed it. One laundered tail (its
   * hashes stripped, its entries edited and sealed again) changes the hash of every head noted over it.
   */
  noted?: ReadonlyMap<number, string>;
  /**
   * Ids at or below this may have no hash: entries written before the chain existed. A log begun under the
   * chain has none; without it an entry without a hash before sealed ones breaks the log.
   */
  legacyPrefix?: number;
}

/**
 * Walks entries in id order, one at a time, keeping only what the next entry needs, so a log of any length
 * is checked in pages. Entries made before the chain (no hash, no previous hash) may only come first, and
 * then the chain starts from GENESIS; or the oldest chained entry follows the last entry a prune removed,
 * which a prune entry with a valid proof must name. From there on each entry's previous hash must be the
 * hash of the entry before it and its own hash must match its fields: plain sha256 only before the first
 * keyed entry, then HMAC under the key it names. A key (or plain sha256) may sign entries until
 * RETIRED_KEY_GRACE_SECONDS after its successor first did: Worker instances of the version before finish
 * their requests. Entries after the newest sealed one wait for the sealer, within its deadline. Last, the
 * head kept outside D1 must be in D1 with its hash.
 */
export class ChainWalker {
  private checked = 0;
  private plain = 0;
  private keyed = 0;
  /** Entries without a hash before any chained one: before the chain, or (if none follows) awaiting seal. */
  private leading: { count: number; first: StoredEntry | null; last: StoredEntry | null } = {
    count: 0,
    first: null,
    last: null,
  };
  private previous: (StoredEntry & { hash: string }) | null = null;
  private firstChained: StoredEntry | null = null;
  /** Entries without a hash after the chained ones: waiting for the sealer. */
  private waiting: { first: StoredEntry | null; count: number } = { first: null, count: 0 };
  private headHash: string | undefined;
  /** Noted heads not yet met in the walk. */
  private readonly unmet: Map<number, string>;
  private readonly provenPrunes = new Set<number>();
  /** Keys in the order they first signed an entry (plain sha256 first, if at all), with its time. */
  private readonly keyOrder: { id: string; firstAt: number }[] = [];
  private verdict: ChainVerdict | null = null;
  private readonly options: VerifyOptions;

  constructor(options: VerifyOptions) {
    this.options = options;
    this.unmet = new Map(options.noted ?? []);
  }

  private broken(brokenAt: number, reason: string): ChainVerdict {
    this.verdict = { ok: false, checked: this.checked, brokenAt, reason };
    return this.verdict;
  }

  /** Takes the next entry; returns the verdict as soon as the log is found broken, else null. */
  add(entry: StoredEntry): ChainVerdict | null {
    if (this.verdict) return this.verdict;
    const { options } = this;
    if (options.head && entry.id === options.head.id) this.headHash = entry.hash ?? "";
    const noted = this.unmet.get(entry.id);
    if (noted !== undefined) {
      this.unmet.delete(entry.id);
      if (entry.hash !== noted) {
        return this.broken(entry.id, "it is not the entry a head noted outside D1 names (its hash differs)");
      }
    }
    if (entry.hash === null) {
      if (entry.prevHash !== null || entry.keyId !== null) {
        return this.broken(entry.id, "its hash was removed (it still names a previous hash or a key)");
      }
      if (this.previous) {
        if (!this.waiting.first) this.waiting.first = entry;
        this.waiting.count += 1;
      } else {
        this.leading.count += 1;
        this.leading.first ??= entry;
        this.leading.last = entry;
      }
      return null;
    }
    if (this.waiting.first) {
      return this.broken(this.waiting.first.id, "it has no hash, but entries after it are sealed");
    }
    const { previous } = this;
    if (!previous && this.leading.first && this.leading.last) {
      // Entries without a hash before the first sealed one: only a log older than the chain has them.
      if (options.legacyPrefix === undefined || this.leading.last.id > options.legacyPrefix) {
        return this.broken(
          this.leading.first.id,
          "it has no hash, but entries after it are sealed (only entries named by --legacy-prefix may predate the chain)",
        );
      }
    }
    if (previous) {
      if (entry.id !== previous.id + 1) return this.broken(previous.id + 1, "it is missing");
      if (entry.prevHash !== previous.hash) {
        return this.broken(entry.id, "its previous hash is not the hash of the entry before it");
      }
    } else if (entry.prevHash === null) {
      return this.broken(entry.id, "no previous hash");
    } else if (entry.prevHash !== GENESIS && this.leading.last) {
      // A pruned start leaves nothing before it; an entry before it without a hash lost its hash.
      return this.broken(
        this.leading.last.id,
        `it has no hash, yet entry ${entry.id} after it names the hash of the entry before it: the chain began earlier and hashes were removed`,
      );
    }
    const fields = { ...entry, prevHash: entry.prevHash ?? "" };
    const signer = entry.keyId ?? PLAIN;
    let position = this.keyOrder.findIndex((known) => known.id === signer);
    if (position === -1) {
      if (signer === PLAIN && this.keyOrder.length > 0) {
        return this.broken(entry.id, "it has a plain hash, but entries under a key came before it");
      }
      position = this.keyOrder.push({ id: signer, firstAt: entry.at }) - 1;
    }
    const successor = this.keyOrder[position + 1];
    if (successor && entry.at > successor.firstAt + RETIRED_KEY_GRACE_SECONDS) {
      return this.broken(
        entry.id,
        signer === PLAIN
          ? "it has a plain hash, but entries under a key came before it"
          : `it is under key ${signer}, retired when key ${successor.id} took over`,
      );
    }
    if (entry.keyId === null) {
      if (plainEntryHash(fields) !== entry.hash) {
        return this.broken(entry.id, "its fields do not match its hash");
      }
      this.plain += 1;
    } else {
      const key = options.keys.find((candidate) => candidate.id === entry.keyId);
      if (!key) {
        return this.broken(entry.id, `it is under key ${entry.keyId}, which is not among the keys given`);
      }
      if (keyedEntryHash(key, fields) !== entry.hash) {
        return this.broken(entry.id, "its fields do not match its hash");
      }
      this.keyed += 1;
    }
    if (isProvenPrune(entry, options.keys) && entry.subjectId !== null) {
      this.provenPrunes.add(entry.subjectId);
    }
    if (!this.firstChained) this.firstChained = entry;
    this.previous = { ...entry, hash: entry.hash };
    this.checked += 1;
    return null;
  }

  /** The verdict on everything added. */
  finish(): ChainVerdict {
    if (this.verdict) return this.verdict;
    const { options, previous, firstChained } = this;
    // The chain's start: the first entry ever (GENESIS), or the one after the last entry a prune removed.
    let prunedThrough = 0;
    if (firstChained && firstChained.prevHash !== GENESIS) {
      prunedThrough = firstChained.id - 1;
      if (!this.provenPrunes.has(prunedThrough)) {
        return this.broken(
          prunedThrough,
          `the entries before entry ${firstChained.id} are missing: no prune entry with a valid proof names entry ${prunedThrough} as the last it removed`,
        );
      }
    }
    // With no sealed entry at all, the entries without a hash are waiting for the sealer, not older ones.
    const waitingCount = previous ? this.waiting.count : this.leading.count;
    const oldestWaiting = previous ? this.waiting.first : this.leading.first;
    if (
      options.now !== undefined &&
      oldestWaiting &&
      oldestWaiting.at < options.now - SEAL_DEADLINE_SECONDS
    ) {
      return this.broken(
        oldestWaiting.id,
        `it has waited more than ${SEAL_DEADLINE_SECONDS / 60} minutes for the sealer: its hash was removed, or the sealer is not running (docs/operations.md)`,
      );
    }
    for (const [id] of this.unmet) {
      if (id <= prunedThrough) continue;
      return this.broken(
        id,
        `it is missing: a head noted outside D1 names entry ${id}, but the chain in D1 ${previous ? `ends at entry ${previous.id}` : "is empty"}`,
      );
    }
    const newest = previous ? { id: previous.id, hash: previous.hash } : null;
    const { head } = options;
    if (head) {
      if (!newest || newest.id < head.id) {
        return this.broken(
          (newest?.id ?? 0) + 1,
          `the newest entries are missing: the chain in D1 ${newest ? `ends at entry ${newest.id}` : "is empty"}, but the head kept outside D1 is entry ${head.id}`,
        );
      }
      if (this.headHash !== head.hash) {
        return this.broken(head.id, "it is not the entry the head kept outside D1 names (its hash differs)");
      }
    }
    return {
      ok: true,
      checked: this.checked,
      beforeChain: previous ? this.leading.count : 0,
      plain: this.plain,
      keyed: this.keyed,
      newest,
      awaitingSeal: waitingCount,
      prunedThrough,
    };
  }
}

/** The verdict on a whole log at once (the tests' way; the script walks it in pages). */
export function verifyChain(entries: readonly StoredEntry[], options: VerifyOptions): ChainVerdict {
  const walker = new ChainWalker(options);
  for (const entry of entries) if (walker.add(entry)) break;
  return walker.finish();
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
