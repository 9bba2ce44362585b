// The audit log's witness (app/server/audit/head-witness.ts) as the operator's scripts read and write it:
// with wrangler, in the state folder's local R2 or, with --remote, the bucket of the deployed Worker.
import { spawnSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { type KeptHead, parseHead } from "../app/server/audit/audit-chain.ts";
import { alarmOf, WITNESS_LATEST_KEY, witnessHeadKey } from "../app/server/audit/head-witness.ts";
import { wrangler } from "./local-state.ts";

/** The witness bucket's name in wrangler.toml for the environment (`--env`), or for production. */
export function witnessBucket(env: string | undefined): string {
  const config = unstable_readConfig({ config: "wrangler.toml", env });
  const bucket = config.r2_buckets.find(
    (entry: { binding: string; bucket_name?: string }) => entry.binding === "AUDIT_HEADS",
  )?.bucket_name;
  if (!bucket) throw new Error("wrangler.toml binds no AUDIT_HEADS bucket: the witness has nowhere to live");
  return bucket;
}

/** An object's text, or null when the bucket holds no such key (or cannot be reached: `reachable` says). */
function objectText(
  bucket: string,
  key: string,
  target: string[],
): { text: string | null; reachable: boolean } {
  const result = spawnSync(
    "npx",
    ["--no-install", "wrangler", "r2", "object", "get", `${bucket}/${key}`, "--pipe", ...target],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  if (result.status === 0) return { text: result.stdout, reachable: true };
  // wrangler says so when the key is missing; anything else (no token, no network) leaves it unread.
  const missing = /The specified key does not exist/.test(result.stderr + result.stdout);
  return { text: null, reachable: missing };
}

export type WitnessReading =
  | { kind: "unreachable"; detail: string }
  | { kind: "empty" }
  /** With the sealer's alarm, when it refused to move the heads (head-witness.ts). */
  | { kind: "head"; head: KeptHead; alarm: string | null }
  /** Its latest was moved back: a newer head is kept under its counter. */
  | { kind: "moved-back"; latest: KeptHead; newer: KeptHead };

/**
 * The witness's newest head. A head kept under the counter after the latest's means the latest was moved
 * back, unless it is the Worker moving it on while this reads: then the latest is read again.
 */
export function readWitness(bucket: string, target: string[]): WitnessReading {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const latest = objectText(bucket, WITNESS_LATEST_KEY, target);
    if (!latest.reachable)
      return { kind: "unreachable", detail: `${bucket}/${WITNESS_LATEST_KEY} could not be read` };
    const head = parseHead(latest.text);
    if (!head)
      return latest.text
        ? { kind: "unreachable", detail: `${bucket}/${WITNESS_LATEST_KEY} is not a head` }
        : { kind: "empty" };
    const next = parseHead(objectText(bucket, witnessHeadKey(head.seq + 1), target).text);
    if (!next) return { kind: "head", head, alarm: alarmOf(latest.text) };
    const again = parseHead(objectText(bucket, WITNESS_LATEST_KEY, target).text);
    if (!again || again.seq <= head.seq) return { kind: "moved-back", latest: head, newer: next };
  }
  return { kind: "unreachable", detail: `${bucket}/${WITNESS_LATEST_KEY} kept moving while it was read` };
}

/** Writes `head` as the witness's newest, and under its counter (an operator's --write-head). */
export function writeWitness(bucket: string, head: KeptHead, target: string[]): void {
  const body = JSON.stringify(head);
  for (const key of [witnessHeadKey(head.seq), WITNESS_LATEST_KEY]) {
    wrangler(
      ["r2", "object", "put", `${bucket}/${key}`, "--pipe", "--content-type", "application/json", ...target],
      {
        input: body,
        quiet: true,
      },
    );
  }
}

/** A head's place in time, for people: its entry, counter and seal time. */
export function describeHead(head: KeptHead): string {
  const time = new Date(head.sealedAt * 1000);
  const when =
    head.sealedAt > 0 && Number.isFinite(time.getTime()) ? time.toISOString() : "before heads had a time";
  return `entry ${head.id}:${head.hash}, seal ${head.seq}, sealed ${when}`;
}
