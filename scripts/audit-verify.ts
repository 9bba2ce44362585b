// npm run audit:verify [-- --remote] [-- --env preview] [-- --state DIR] [-- --head ID:HASH]
//   [-- --heads-file LOG] [-- --no-head] [-- --legacy-prefix ID] [-- --write-head]
// Walks the audit log's chain (account_events, in id order, a page at a time) in local D1 (default) or,
// with --remote, the deployed database, checks each entry's HMAC under the audit-log keys, and checks that
// D1 still holds the signed head kept outside D1 (KV key `audit-head` of the SESSIONS namespace) and, with
// --head and --heads-file, every head noted elsewhere (the `audit log: head` lines of the Worker's logs,
// docs/operations.md): each must be in D1 with its hash. With --write-head, a log that holds gets a new signed
// head in KV (after a restore, or when the sealer reports the head missing). The head is read
// first and D1 after it, so entries written while it reads are never taken for tampering. It names the first
// broken entry: one changed, inserted, deleted, cut off either end or stripped of its hash, or one the
// sealer should have reached long ago. Exits 0 when the chain holds, 1 when it is broken.
//
// Keys: AUDIT_LOG_KEYS, the base64 keys separated by spaces or commas (the current AUDIT_LOG_KEY and
// every key retired within the retention period). Locally the fixed key of scripts/local-secrets.ts is
// always among them. See docs/operations.md, "The audit log's key".
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import {
  type AuditKey,
  auditKeyOf,
  auditKeysOf,
  type EntryRow,
  HEAD_KV_KEY,
  type KeptHead,
  parseHead,
  signedHead,
  storedEntryOf,
} from "../app/server/audit/audit-chain.ts";
import { ChainWalker, headProblem } from "../app/server/audit/chain-verification.ts";
import { LOCAL_AUDIT_LOG_KEY } from "./local-secrets.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

const { values } = parseArgs({
  options: {
    remote: { type: "boolean", default: false },
    env: { type: "string" },
    state: { type: "string", default: LOCAL_STATE },
    head: { type: "string" },
    "heads-file": { type: "string" },
    "no-head": { type: "boolean", default: false },
    "legacy-prefix": { type: "string" },
    "write-head": { type: "boolean", default: false },
  },
});
const target = [
  ...(values.remote ? ["--remote"] : ["--local", "--persist-to", values.state]),
  ...(values.env ? ["--env", values.env] : []),
];
const where = values.remote
  ? `the remote database${values.env ? ` (${values.env})` : ""}`
  : `local D1 (${values.state})`;

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
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

/** Heads noted elsewhere, id to hash: --head, and every `head ID:HASH` in --heads-file. */
const noted = new Map<number, string>();
if (values.head) {
  const [id, hash] = values.head.split(":");
  const head = parseHead(JSON.stringify({ id: Number(id), hash }));
  if (!head) usage("--head takes the id and hash of an entry: --head 1234:<64 hex characters>");
  noted.set(head.id, head.hash);
}
if (values["heads-file"]) {
  const text = readFileSync(values["heads-file"], "utf8");
  for (const [, id, hash] of text.matchAll(/head (\d+):([0-9a-f]{64})/g)) {
    const known = noted.get(Number(id));
    if (known && known !== hash) {
      fail(`The heads file names entry ${id} with two different hashes: the log was sealed twice over.`);
    }
    noted.set(Number(id), hash as string);
  }
  console.log(`${noted.size} heads noted outside D1 to check.`);
}
const legacyPrefix = values["legacy-prefix"] === undefined ? undefined : Number(values["legacy-prefix"]);
if (legacyPrefix !== undefined && !Number.isSafeInteger(legacyPrefix))
  usage("--legacy-prefix takes an entry id.");

// The head first: whatever D1 holds when it is read after must include it.
// wrangler prints "Value not found" for a missing key: that, like anything but a head, is no head.
const kept: KeptHead | null = parseHead(
  wrangler(["kv", "key", "get", HEAD_KV_KEY, "--binding", "SESSIONS", ...target, "--text"], { quiet: true }),
);
if (!kept && !values["no-head"]) {
  fail(
    `The audit log in ${where} cannot be checked whole: no head is kept outside D1 (KV key ${HEAD_KV_KEY} of SESSIONS), so entries cut off its end could not be found. The Worker writes it when it seals an entry; to check the chain alone, run again with --no-head.`,
  );
}
if (kept) {
  const problem = headProblem(kept, keys);
  if (problem) fail(`The head kept outside D1 in ${where} cannot be trusted: ${problem}.`);
}

/** Pages of the log in id order, from the state folder's SQLite file, or from wrangler for --remote. */
interface LogReader {
  /** Entries with id > after and id <= through, at most `limit`, in id order. */
  page(after: number, through: number, limit: number): EntryRow[];
  newestSealed(): number;
  close(): void;
}

const COLUMNS =
  "id, at, actor_id, actor_email_sha256, subject_id, action, outcome, ip, user_agent, country, request_id, prev_hash, hash, key_id";

/** The local database: the one SQLite file of the state folder's D1 that holds account_events. */
function localReader(state: string): LogReader {
  const folder = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith(".sqlite"))
        .map((name) => join(folder, name))
    : [];
  const candidates = files
    .map((file) => ({ file, db: new DatabaseSync(file, { readOnly: true }) }))
    .filter(({ db }) => db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'account_events'").get());
  const [chosen] = candidates.sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
  if (!chosen)
    fail(`No local D1 database with an audit log in ${state} (run npm run dev or the migrations).`);
  const { db } = chosen;
  const page = db.prepare(
    `SELECT ${COLUMNS} FROM account_events WHERE id > ? AND id <= ? ORDER BY id LIMIT ?`,
  );
  const newest = db.prepare("SELECT max(id) AS id FROM account_events WHERE hash IS NOT NULL");
  return {
    page: (after, through, limit) => page.all(after, through, limit) as unknown as EntryRow[],
    newestSealed: () => Number((newest.get() as { id: number | null }).id ?? 0),
    close: () => {
      for (const candidate of candidates) candidate.db.close();
    },
  };
}

function remoteReader(): LogReader {
  const query = <T>(sql: string): T[] => {
    const [result] = JSON.parse(
      wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
    ) as { results: T[] }[];
    return result?.results ?? [];
  };
  return {
    page: (after, through, limit) =>
      query<EntryRow>(
        `SELECT ${COLUMNS} FROM account_events WHERE id > ${after} AND id <= ${through} ORDER BY id LIMIT ${limit}`,
      ),
    newestSealed: () =>
      Number(
        query<{ id: number | null }>("SELECT max(id) AS id FROM account_events WHERE hash IS NOT NULL")[0]
          ?.id ?? 0,
      ),
    close: () => {},
  };
}

const reader = values.remote ? remoteReader() : localReader(values.state);
const now = Math.floor(Date.now() / 1000);
// Entries up to the newest sealed one now are sealed for good; those after it are read last, in one
// page, as they may be sealed while the walk runs.
const sealedThrough = reader.newestSealed();
const PAGE = values.remote ? 2000 : 10_000;
const walker = new ChainWalker({ keys, head: kept, now, noted, legacyPrefix });
let after = 0;
let broken = false;
for (const through of [sealedThrough, Number.MAX_SAFE_INTEGER]) {
  const limit = through === sealedThrough ? PAGE : 1_000_000;
  for (;;) {
    const rows = reader.page(after, through, limit);
    for (const row of rows) {
      if (walker.add(storedEntryOf(row))) broken = true;
    }
    if (broken) break;
    after = rows.at(-1)?.id ?? after;
    if (rows.length < limit) break;
  }
  if (broken) break;
}
reader.close();

const verdict = walker.finish();
if (!verdict.ok) {
  fail(
    `The audit log in ${where} is broken at entry ${verdict.brokenAt}: ${verdict.reason}. ${verdict.checked} entries before it verified.`,
  );
}
if (verdict.ok) {
  const notes = [
    verdict.beforeChain > 0 ? `${verdict.beforeChain} older entries predate the chain` : "",
    verdict.plain > 0 ? `${verdict.plain} entries made before the key have plain sha256 hashes` : "",
    verdict.prunedThrough > 0 ? `entries through ${verdict.prunedThrough} were pruned, as recorded` : "",
    verdict.awaitingSeal > 0 ? `${verdict.awaitingSeal} newest entries are waiting for the sealer` : "",
  ].filter(Boolean);
  console.log(
    `The audit log in ${where} holds: ${verdict.checked} chained entries verified${notes.length > 0 ? ` (${notes.join("; ")})` : ""}.`,
  );
  if (verdict.newest) console.log(`Newest entry: ${verdict.newest.id}:${verdict.newest.hash}`);
  if (kept) console.log(`Head kept outside D1: ${kept.id}:${kept.hash} (in D1, as it should be).`);
  else
    console.warn("Warning: checked without a head (--no-head): entries cut off the end could not be found.");
}

if (values["write-head"]) {
  const [key] = keys;
  if (!verdict.ok || !verdict.newest || !key) fail("There is no sealed entry to write a head for.");
  const head = signedHead(key, verdict.newest, verdict.prunedThrough);
  wrangler(["kv", "key", "put", HEAD_KV_KEY, JSON.stringify(head), "--binding", "SESSIONS", ...target], {
    quiet: true,
  });
  console.log(`Wrote the head outside D1: ${head.id}:${head.hash}, signed under key ${head.keyId}.`);
}
