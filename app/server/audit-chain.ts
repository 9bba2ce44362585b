import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

// The hash chain of the audit log (account_events), as pure functions the Worker writes with and
// `npm run audit:verify` checks with. Each entry's hash covers its fields and the hash of the entry before
// it, so changing, inserting or deleting an entry breaks every link after it. No relative imports: the
// script loads this file in Node as it is.

/** The "previous hash" of the first entry of the chain. */
export const GENESIS = "0".repeat(64);

export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
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
}

/**
 * The entry's hash: sha256 of its fields as one JSON array, so no value a person typed (a user agent, say)
 * can pass for a field boundary.
 */
export function entryHash(entry: ChainedFields): string {
  return sha256Hex(
    JSON.stringify([
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
    ]),
  );
}

export interface StoredEntry extends Omit<ChainedFields, "prevHash"> {
  prevHash: string | null;
  hash: string | null;
}

export type ChainVerdict =
  | { ok: true; checked: number; beforeChain: number }
  | { ok: false; checked: number; brokenAt: number; reason: string };

/**
 * Walks entries in id order. Entries made before the chain existed (no hash) may only come first. The
 * oldest chained entry may follow a pruned one (retention deletes the oldest); from there on each entry's
 * previous hash must be the hash of the entry before it, and its own hash must match its fields.
 */
export function verifyChain(entries: readonly StoredEntry[]): ChainVerdict {
  let beforeChain = 0;
  let previous: StoredEntry | null = null;
  let checked = 0;
  for (const entry of entries) {
    if (entry.hash === null) {
      if (previous)
        return { ok: false, checked, brokenAt: entry.id, reason: "an entry without a hash inside the chain" };
      beforeChain += 1;
      continue;
    }
    if (previous) {
      if (entry.id !== previous.id + 1) {
        return { ok: false, checked, brokenAt: entry.id, reason: `entry ${previous.id + 1} is missing` };
      }
      if (entry.prevHash !== previous.hash) {
        return {
          ok: false,
          checked,
          brokenAt: entry.id,
          reason: "its previous hash is not the hash of the entry before it",
        };
      }
    } else if (entry.prevHash === null) {
      return { ok: false, checked, brokenAt: entry.id, reason: "no previous hash" };
    }
    if (entryHash({ ...entry, prevHash: entry.prevHash ?? "" }) !== entry.hash) {
      return { ok: false, checked, brokenAt: entry.id, reason: "its fields do not match its hash" };
    }
    previous = entry;
    checked += 1;
  }
  return { ok: true, checked, beforeChain };
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
  };
}
