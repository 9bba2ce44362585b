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

/** The witness's newest head and the etag to move it from; nulls when it holds none yet. */
export async function witnessLatest(
  bucket: WitnessBucket,
): Promise<{ head: KeptHead | null; etag: string | null }> {
  const object = await bucket.get(WITNESS_LATEST_KEY);
  if (!object) return { head: null, etag: null };
  return { head: parseHead(await object.text()), etag: object.etag };
}

/**
 * Moves the witness to `head`, only from the latest the caller read (`etag`, or none there yet): false
 * when another writer moved it first, which then keeps the newer head. The head is then kept under its
 * counter, where nothing overwrites it.
 */
export async function witnessHead(
  bucket: WitnessBucket,
  head: KeptHead,
  etag: string | null,
): Promise<boolean> {
  const body = JSON.stringify(head);
  const moved = await bucket.put(WITNESS_LATEST_KEY, body, {
    onlyIf: etag ? { etagMatches: etag } : { etagDoesNotMatch: "*" },
  });
  if (!moved) return false;
  await bucket.put(witnessHeadKey(head.seq), body, { onlyIf: { etagDoesNotMatch: "*" } });
  return true;
}
