// npm run audit:verify [-- --remote] [-- --env preview] [-- --state DIR] [-- --head ID:HASH]
// Walks the audit log's chain (account_events, in id order) in local D1 (default) or, with --remote, the
// deployed database, checks each entry's HMAC under the audit-log keys, and checks that D1 still holds
// the head kept outside D1 (KV key `audit-head` of the SESSIONS namespace) and, with --head, a head the
// operator noted elsewhere. It names the first broken entry: one changed, inserted, deleted, cut off the
// end or stripped of its hash. Exits 0 when the chain holds, 1 when it is broken.
//
// Keys: AUDIT_LOG_KEYS, the base64 keys separated by spaces or commas (the current AUDIT_LOG_KEY and
// every key retired within the retention period). Locally the fixed key of scripts/local-secrets.ts is
// always among them. See docs/operations.md, "The audit log's key".
import { parseArgs } from "node:util";
import {
  type AuditKey,
  auditKeyOf,
  auditKeysOf,
  type ChainHead,
  type EntryRow,
  HEAD_KV_KEY,
  parseHead,
  type StoredEntry,
  storedEntryOf,
  verifyChain,
} from "../app/server/audit/audit-chain.ts";
import { LOCAL_AUDIT_LOG_KEY } from "./local-secrets.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

const { values } = parseArgs({
  options: {
    remote: { type: "boolean", default: false },
    env: { type: "string" },
    state: { type: "string", default: LOCAL_STATE },
    head: { type: "string" },
  },
});
const target = [
  ...(values.remote ? ["--remote"] : ["--local", "--persist-to", values.state]),
  ...(values.env ? ["--env", values.env] : []),
];

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}

let keys: AuditKey[];
try {
  keys = [
    ...(values.remote ? [] : [auditKeyOf(LOCAL_AUDIT_LOG_KEY)]),
    ...auditKeysOf(process.env.AUDIT_LOG_KEYS ?? ""),
  ];
} catch (error) {
  usage(`AUDIT_LOG_KEYS: ${(error as Error).message}`);
}

let noted: ChainHead | null = null;
if (values.head) {
  const [id, hash] = values.head.split(":");
  noted = parseHead(JSON.stringify({ id: Number(id), hash }));
  if (!noted) usage("--head takes the id and hash of an entry: --head 1234:<64 hex characters>");
}

const PAGE = 5000;
const entries: StoredEntry[] = [];
for (let after = 0; ; ) {
  const sql = `SELECT id, at, actor_id, actor_email_sha256, subject_id, action, outcome, ip, user_agent, country, request_id, prev_hash, hash, key_id FROM account_events WHERE id > ${after} ORDER BY id LIMIT ${PAGE}`;
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: EntryRow[] }[];
  const rows = result?.results ?? [];
  entries.push(...rows.map(storedEntryOf));
  if (rows.length < PAGE) break;
  after = rows.at(-1)?.id ?? after;
}
// wrangler prints "Value not found" for a missing key: that, like anything but a head, is no head.
const kept = parseHead(
  wrangler(["kv", "key", "get", HEAD_KV_KEY, "--binding", "SESSIONS", ...target, "--text"], { quiet: true }),
);

const where = values.remote
  ? `the remote database${values.env ? ` (${values.env})` : ""}`
  : `local D1 (${values.state})`;
const verdict = verifyChain(entries, { keys, head: kept });
// A head noted elsewhere (--head) must be in D1 too; it is checked after the one in KV.
const checks = [verdict, ...(noted ? [verifyChain(entries, { keys, head: noted })] : [])];
for (const [index, check] of checks.entries()) {
  if (check.ok) continue;
  const head = index === 0 ? "the head kept in KV" : "the head given with --head";
  console.error(
    `The audit log in ${where} is broken at entry ${check.brokenAt}: ${check.reason} (checked against ${head}). ${check.checked} entries before it verified.`,
  );
  process.exit(1);
}
if (verdict.ok) {
  const notes = [
    verdict.beforeChain > 0 ? `${verdict.beforeChain} older entries predate the chain` : "",
    verdict.plain > 0 ? `${verdict.plain} entries made before the key have plain sha256 hashes` : "",
  ].filter(Boolean);
  console.log(
    `The audit log in ${where} holds: ${verdict.checked} chained entries verified${notes.length > 0 ? ` (${notes.join("; ")})` : ""}.`,
  );
  if (verdict.newest) console.log(`Newest entry: ${verdict.newest.id}:${verdict.newest.hash}`);
  if (kept) console.log(`Head kept outside D1: ${kept.id}:${kept.hash} (in D1, as it should be).`);
  else if (verdict.keyed > 0) {
    console.warn(
      `Warning: no head is kept outside D1 (KV key ${HEAD_KV_KEY} of SESSIONS), so entries cut off the end could not be found. Each entry the Worker writes puts it back.`,
    );
  } else console.log("No head is kept outside D1 yet: no entry is under a key.");
}
