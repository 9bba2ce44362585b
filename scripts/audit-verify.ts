// npm run audit:verify [-- --remote] [-- --env preview] [-- --state DIR] [-- --head ID:HASH]
//   [-- --heads-file LOG] [-- --no-head] [-- --legacy-prefix ID] [-- --restored] [-- --write-head]
// Walks the audit log's chain (account_events, in id order, a page at a time) in local D1 (default) or,
// with --remote, the deployed database, checks each entry's HMAC under the audit-log keys, and checks it
// against the signed heads kept outside D1: the witness's (R2 bucket AUDIT_HEADS, which no D1 or KV token
// can write: D1 may not be behind it, nor the KV head older than it), the KV head (key `audit-head` of
// SESSIONS), and with --head and --heads-file every head noted elsewhere (the `audit log: head` lines of
// the Worker's logs, docs/operations.md): each must be in D1 with its hash. With --write-head, a log that
// holds gets a new signed head in KV and the witness (after a restore, with --restored, or when the sealer
// reports the head missing). The witness is read first, the KV head next and D1 last, so entries written
// while it reads are never taken for tampering. It names the first broken entry: one changed, inserted,
// deleted, cut off either end or stripped of its hash, or one the sealer should have reached long ago.
// Exits 0 when the chain holds, 1 when it is broken, 2 when it cannot check (a wrong option, no key, or
// with --remote no witness to read).
//
// Keys: AUDIT_LOG_KEYS, the base64 keys separated by spaces or commas (the current AUDIT_LOG_KEY and
// every key retired within the retention period). Locally the fixed key of scripts/local-secrets.ts is
// always among them. See docs/operations.md, "The audit log's key" and "The audit log's witness".
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type AuditKey,
  auditKeyOf,
  auditKeysOf,
  type EntryRow,
  HEAD_KV_KEY,
  headIsBehind,
  type KeptHead,
  parseHead,
  signedHead,
  storedEntryOf,
} from "../app/server/audit/audit-chain.ts";
import { ChainWalker, headProblem } from "../app/server/audit/chain-verification.ts";
import { parsedArguments, USAGE, usage } from "./audit-verify-options.ts";
import { describeHead, readWitness, witnessBucket, writeWitness } from "./audit-witness.ts";
import { LOCAL_AUDIT_LOG_KEY } from "./local-secrets.ts";
import { wrangler } from "./local-state.ts";

const values = parsedArguments();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const target = [
  ...(values.remote ? ["--remote"] : ["--local", "--persist-to", values.state]),
  ...(values.env ? ["--env", values.env] : []),
];
const where = values.remote
  ? `the remote database${values.env ? ` (${values.env})` : ""}`
  : `local D1 (${values.state})`;

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

// The witness first, then the KV head: whatever is read after a head must include it.
let bucket: string;
try {
  bucket = witnessBucket(values.env);
} catch (error) {
  usage((error as Error).message);
}
const reading = readWitness(bucket, target);
if (reading.kind === "moved-back") {
  fail(
    `The witness of ${where} was moved back: its latest head is ${describeHead(reading.latest)}, yet it keeps a newer one, ${describeHead(reading.newer)}.`,
  );
}
if (reading.kind === "unreachable" && values.remote) {
  console.error(
    `Refusing to check ${where} without its witness: ${reading.detail}. A token that can write D1 and KV could have rolled the log back, and only the witness would show it (docs/operations.md).`,
  );
  process.exit(2);
}
const witnessed = reading.kind === "head" ? reading.head : null;
if (reading.kind === "head" && reading.alarm) {
  const said = `The witness of ${where} records that the sealer stopped moving the heads: ${reading.alarm}.`;
  if (!values["write-head"])
    fail(`${said} Find out why; once the log is understood, --write-head clears it.`);
  console.warn(`${said} Writing a new head clears it.`);
}
if (reading.kind === "empty" && values.remote) {
  console.error(
    `Refusing to check ${where}: its witness holds no head yet. The Worker writes one at its first seal after the witness was set up (docs/operations.md).`,
  );
  process.exit(2);
}
if (!witnessed) {
  console.warn(
    `Warning: no witness head in ${bucket} (${reading.kind === "unreachable" ? reading.detail : "it holds none yet"}): a log rolled back with its KV head could not be found.`,
  );
} else {
  const problem = headProblem(witnessed, keys);
  if (problem) fail(`The witness's head in ${where} cannot be trusted: ${problem}.`);
}

/** The head kept in KV. wrangler prints "Value not found" for a missing key: that, like anything but a head, is no head. */
const kvHead = (): KeptHead | null =>
  parseHead(
    wrangler(["kv", "key", "get", HEAD_KV_KEY, "--binding", "SESSIONS", ...target, "--text"], {
      quiet: true,
    }),
  );
let kept = kvHead();
// The Worker moves KV before the witness, so a KV head behind it is a rollback, or another isolate's
// write landing late, which the next seal mends: read it again before saying so.
for (let attempt = 0; kept && witnessed && headIsBehind(kept, witnessed) && attempt < 3; attempt += 1) {
  spawnSync("sleep", ["2"]);
  kept = kvHead();
}
if (!kept && !values["no-head"] && !values.restored) {
  fail(
    `The audit log in ${where} cannot be checked whole: no head is kept outside D1 (KV key ${HEAD_KV_KEY} of SESSIONS), so entries cut off its end could not be found. The Worker writes it when it seals an entry; to check the chain alone, run again with --no-head.`,
  );
}
if (kept) {
  const problem = headProblem(kept, keys);
  if (problem) fail(`The head kept outside D1 in ${where} cannot be trusted: ${problem}.`);
}
if (kept && witnessed && headIsBehind(kept, witnessed) && !values.restored) {
  fail(
    `The head kept in KV in ${where} is older than the witness's: KV has ${describeHead(kept)}; the witness has ${describeHead(witnessed)}. The log was rolled back, or its KV head was.`,
  );
}

/** Pages of the log in id order, from the state folder's SQLite file, or from wrangler for --remote. */
interface LogReader {
  /** Entries with id > after and id <= through, at most `limit`, in id order. */
  page(after: number, through: number, limit: number): EntryRow[];
  newestSealed(): number;
  /** When an entry was written, in seconds; null for an id D1 does not hold. */
  timeOf(id: number): number | null;
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
  const time = db.prepare("SELECT at FROM account_events WHERE id = ?");
  return {
    page: (after, through, limit) => page.all(after, through, limit) as unknown as EntryRow[],
    newestSealed: () => Number((newest.get() as { id: number | null }).id ?? 0),
    timeOf: (id) => (time.get(id) as { at: number } | undefined)?.at ?? null,
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
    timeOf: (id) =>
      query<{ at: number }>(`SELECT at FROM account_events WHERE id = ${Math.trunc(id)}`)[0]?.at ?? null,
    close: () => {},
  };
}

const reader = values.remote ? remoteReader() : localReader(values.state);
const now = Math.floor(Date.now() / 1000);
// Entries up to the newest sealed one now are sealed for good; those after it are read last, in one
// page, as they may be sealed while the walk runs.
const sealedThrough = reader.newestSealed();
// D1 must hold the witness's head as it names it: a log behind it is broken at the first entry missing.
// Where KV holds the same head, the walker checks it as the head, and names what is missing after it.
if (witnessed && !values.restored && !(kept?.id === witnessed.id && kept.hash === witnessed.hash)) {
  const known = noted.get(witnessed.id);
  if (known && known !== witnessed.hash)
    fail(`The witness and a noted head name entry ${witnessed.id} with two different hashes.`);
  noted.set(witnessed.id, witnessed.hash);
}
const PAGE = values.remote ? 2000 : 10_000;
const walker = new ChainWalker({ keys, head: values.restored ? null : kept, now, noted, legacyPrefix });
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
const verdict = walker.finish();
const newestAt = verdict.ok && verdict.newest ? reader.timeOf(verdict.newest.id) : null;
reader.close();
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
  if (verdict.newest) {
    const when = newestAt === null ? "" : `, written ${new Date(newestAt * 1000).toISOString()}`;
    console.log(`Newest entry: ${verdict.newest.id}:${verdict.newest.hash}${when}`);
  }
  if (kept && !values.restored)
    console.log(`Head kept outside D1: ${kept.id}:${kept.hash} (in D1, as it should be).`);
  if (kept) console.log(`Head in KV: ${describeHead(kept)}.`);
  else
    console.warn(
      "Warning: checked without a head in KV: entries cut off the end could only be found by the witness.",
    );
  if (witnessed)
    console.log(
      `Witness head: ${describeHead(witnessed)}${values.restored ? " (before the restore)" : ", in D1 as it should be"}.`,
    );
}

if (values["write-head"]) {
  const [key] = keys;
  if (!verdict.ok || !verdict.newest || !key) fail("There is no sealed entry to write a head for.");
  const head = signedHead(key, verdict.newest, verdict.prunedThrough, {
    seq: Math.max(kept?.seq ?? 0, witnessed?.seq ?? 0) + 1,
    sealedAt: Math.floor(Date.now() / 1000),
  });
  wrangler(["kv", "key", "put", HEAD_KV_KEY, JSON.stringify(head), "--binding", "SESSIONS", ...target], {
    quiet: true,
  });
  writeWitness(bucket, head, target);
  console.log(
    `Wrote the head outside D1, in KV and the witness: ${describeHead(head)}, signed under key ${head.keyId}.`,
  );
}
