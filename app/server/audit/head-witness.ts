import { type KeptHead, parseHead } from "./audit-chain.ts";

// The witness: a copy of the audit log's newest head where a token that writes D1 and KV cannot write or
// move it back (decision 163). An R2 bucket of its own (binding AUDIT_HEADS), written by the Worker alone:
// - `latest.json`, the newest head, moved only forward, by compare-and-swap on its etag;
// - `heads/<seal counter>.json`, every head once, never overwritten; in production under a bucket lock
//   (docs/operations.md), so even a holder of an R2 token cannot remove a newer head to hide a rollback.
// `npm run audit:verify` reads both. No imports of values by alias: the scripts load this file in Node.

/** The bucket's name in wrangler.toml (production; the preview has its own). */
export const WITNESS_BUCKET = "facets-audit-heads";
export const WITNESS_LATEST_KEY = "latest.json";

/** The key of the `seq`th head: zero-padded, so the keys sort as the counter does. */
export function witnessHeadKey(seq: number): string {
  return `heads/${String(seq).padStart(12, "0")}.json`;
}

/** What the Worker's binding offers that the witness uses. */
type WitnessBucket = Pick<R2Bucket, "get" | "put">;

/** What `latest.json` holds: the newest head, and the sealer's refusal once it has refused (sticky). */
export interface WitnessState {
  head: KeptHead | null;
  etag: string | null;
  /** Why the sealer stopped moving the heads (D1 lost a head's entry): kept until an operator's --write-head. */
  alarm: string | null;
}

/** The alarm `latest.json` carries, or null. */
export function alarmOf(text: string | null): string | null {
  try {
    const alarm = (JSON.parse(text ?? "null") as { alarm?: unknown } | null)?.alarm;
    return typeof alarm === "string" && alarm !== "" ? alarm : null;
  } catch {
    return null;
  }
}

/** The witness's newest head, the etag to move it from, and its alarm; nulls when it holds none yet. */
export async function witnessLatest(bucket: WitnessBucket): Promise<WitnessState> {
  const object = await bucket.get(WITNESS_LATEST_KEY);
  if (!object) return { head: null, etag: null, alarm: null };
  const text = await object.text();
  return { head: parseHead(text), etag: object.etag, alarm: alarmOf(text) };
}

/**
 * Moves the witness to `head`, only from the state the caller read (its etag, or none there yet), carrying
 * its alarm along: false when another writer moved it first, which then keeps the newer head. The head is
 * then kept under its counter, where nothing overwrites it.
 */
export async function witnessHead(
  bucket: WitnessBucket,
  head: KeptHead,
  from: WitnessState,
): Promise<boolean> {
  const body = JSON.stringify(head);
  const latest = from.alarm ? JSON.stringify({ ...head, alarm: from.alarm }) : body;
  const moved = await bucket.put(WITNESS_LATEST_KEY, latest, {
    onlyIf: from.etag ? { etagMatches: from.etag } : { etagDoesNotMatch: "*" },
  });
  if (!moved) return false;
  await bucket.put(witnessHeadKey(head.seq), body, { onlyIf: { etagDoesNotMatch: "*" } });
  return true;
}

/**
 * Records in the witness why the sealer will not move the heads, so that `npm run audit:verify` fails
 * until someone has looked, whatever D1 and KV are made to say afterwards. The first alarm stays.
 */
export async function raiseWitnessAlarm(
  bucket: WitnessBucket,
  from: WitnessState,
  alarm: string,
): Promise<void> {
  if (!from.head || from.alarm) return;
  await bucket.put(
    WITNESS_LATEST_KEY,
    JSON.stringify({ ...from.head, alarm: `${new Date().toISOString()}: ${alarm}` }),
    {
      onlyIf: from.etag ? { etagMatches: from.etag } : { etagDoesNotMatch: "*" },
    },
  );
}
