// `npm run seed:scale`: fills the LOCAL D1 (the one `npm run dev` and `npm run preview` use, or
// $FACETS_STATE_DIR) with a token sale's worth of rows: 1,000,000 contact messages, 200,000 people and
// 1,000,000 audit entries (SEED_MESSAGES, SEED_PEOPLE, SEED_AUDIT change the counts). It migrates first
// (scripts/prepare-local.ts), then runs scripts/seed-scale-sql.ts through `wrangler d1 execute --local`;
// it never names a remote database. A table that already holds its count is left alone, so a second run
// adds nothing. The search index fills through its triggers as the rows go in.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_STATE, localSql, wrangler } from "./local-state.ts";
import { auditSql, messagesSql, peopleSql } from "./seed-scale-sql.ts";

if (process.argv.some((arg) => arg.includes("remote"))) {
  console.error("seed:scale fills local state only; it takes no --remote.");
  process.exit(1);
}

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const MESSAGES = count("SEED_MESSAGES", 1_000_000);
const PEOPLE = count("SEED_PEOPLE", 200_000);
const AUDIT = count("SEED_AUDIT", 1_000_000);

const prepared = spawnSync("node", ["scripts/prepare-local.ts"], { stdio: "inherit" });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

function rows(table: string): number {
  const [answer] = JSON.parse(localSql(`SELECT count(*) AS n FROM ${table}`)) as {
    results: { n: number }[];
  }[];
  return answer?.results[0]?.n ?? 0;
}

const folder = mkdtempSync(path.join(tmpdir(), "facets-seed-"));
function run(label: string, sql: string) {
  const file = path.join(folder, "seed.sql");
  writeFileSync(file, sql);
  const started = performance.now();
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", LOCAL_STATE, "--file", file], { quiet: true });
  console.log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const now = Math.floor(Date.now() / 1000);
try {
  if (rows("users") < PEOPLE) run(`${PEOPLE} people`, peopleSql(PEOPLE, now));
  else console.log("people: already seeded");
  if (rows("contact_submissions") < MESSAGES) run(`${MESSAGES} messages`, messagesSql(MESSAGES, now));
  else console.log("messages: already seeded");
  if (rows("account_events") < AUDIT) run(`${AUDIT} audit entries`, auditSql(AUDIT, PEOPLE, now));
  else console.log("audit entries: already seeded");
  run("ANALYZE", "ANALYZE;");
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`Local D1 seeded at scale (${LOCAL_STATE}).`);
