// npm run audit:verify [-- --remote] [-- --state DIR]
// Walks the audit log's hash chain (account_events, in id order) in local D1 (default) or, with --remote,
// the deployed database, and names the first broken link: an entry changed, inserted or deleted by hand.
// Exits 0 when the chain holds, 1 when it is broken.
import { parseArgs } from "node:util";
import { type EntryRow, type StoredEntry, storedEntryOf, verifyChain } from "../app/server/audit-chain.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

const { values } = parseArgs({
  options: {
    remote: { type: "boolean", default: false },
    state: { type: "string", default: LOCAL_STATE },
  },
});
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values.state];

const PAGE = 5000;
const entries: StoredEntry[] = [];
for (let after = 0; ; ) {
  const sql = `SELECT id, at, actor_id, actor_email_sha256, subject_id, action, outcome, ip, user_agent, country, request_id, prev_hash, hash FROM account_events WHERE id > ${after} ORDER BY id LIMIT ${PAGE}`;
  const [result] = JSON.parse(
    wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true }),
  ) as { results: EntryRow[] }[];
  const rows = result?.results ?? [];
  entries.push(...rows.map(storedEntryOf));
  if (rows.length < PAGE) break;
  after = rows.at(-1)?.id ?? after;
}

const where = values.remote ? "the remote database" : `local D1 (${values.state})`;
const verdict = verifyChain(entries);
if (verdict.ok) {
  const before = verdict.beforeChain > 0 ? ` (${verdict.beforeChain} older entries predate the chain)` : "";
  console.log(`The audit log in ${where} holds: ${verdict.checked} chained entries verified${before}.`);
} else {
  console.error(
    `The audit log in ${where} is broken at entry ${verdict.brokenAt}: ${verdict.reason}. ${verdict.checked} entries before it verified.`,
  );
  process.exit(1);
}
