// The check of the audit log's chain (audit-chain.ts), which `npm run audit:verify` and the tests run: it
// walks the entries in id order and names the first one changed, inserted, deleted, cut off either end or
// stripped of its hash, or one the sealer should have reached long ago; and it checks the signature of the
// head kept outside D1. No imports by alias: the scripts load this file in Node as it is.
import {
  type AuditKey,
  type ChainHead,
  GENESIS,
  headMac,
  type KeptHead,
  keyedEntryHash,
  PRUNE_ACTION,
  plainEntryHash,
  pruneProof,
  SEAL_DEADLINE_SECONDS,
  type StoredEntry,
} from "./audit-chain.ts";

/**
 * How long entries under a key may still appear after the first entry under its successor: Worker
 * instances still running the old version finish their requests during a rotation.
 */
export const RETIRED_KEY_GRACE_SECONDS = 300;

/** What stands for "no key" (plain sha256, before the key existed) in the order of keys. */
const PLAIN = "plain";

/** Why a kept head cannot be trusted (null when it can): unsigned, or not signed by any of `keys`. */
export function headProblem(head: KeptHead, keys: readonly AuditKey[]): string | null {
  if (!head.mac || !head.keyId) return "it is not signed (written before heads were, or by hand)";
  const key = keys.find((candidate) => candidate.id === head.keyId);
  if (!key) return `it is signed under key ${head.keyId}, which is not among the keys given`;
  return headMac(key, head) === head.mac ? null : "its signature does not match (it was written by hand)";
}

function isProvenPrune(entry: StoredEntry, keys: readonly AuditKey[]): boolean {
  if (entry.action !== PRUNE_ACTION || entry.outcome !== "success" || entry.subjectId === null) return false;
  const keyId = entry.requestId?.split(":")[0];
  const key = keys.find((candidate) => candidate.id === keyId);
  return key !== undefined && pruneProof(key, entry.subjectId) === entry.requestId;
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
