import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "@playwright/test";
import { stateDir } from "./state";

// `npm run audit:verify` as an operator runs it, on this run's local state or a copy of it
// (audit-verify.spec.ts).

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: { ...env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}${result.stderr}` };
}

/**
 * Copies this run's live state into `copy`, as it stands between two seals. The server writes while it is
 * copied: the sealer moves the head in KV just after the last hash in D1 (and the witness after it, which
 * replaces an R2 blob file), so a file listed a moment ago may be gone when it is read, and a copy may miss
 * the newest of either. Such a copy is taken again until its KV head names its newest sealed entry; two
 * minutes of copies only end a sealer that has stopped, and the check then reports what it found.
 */
export function copyLiveState(copy: string) {
  const givingUpAt = Date.now() + 120_000;
  for (;;) {
    try {
      rmSync(copy, { recursive: true, force: true });
      cpSync(stateDir(), copy, { recursive: true });
      const newest = sql(copy, "SELECT max(id) AS id FROM account_events WHERE hash IS NOT NULL")[0]?.id;
      if (keptHeadId(copy) === Number(newest) || Date.now() > givingUpAt) return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || Date.now() > givingUpAt) throw error;
    }
  }
}

export const verify = (state: string) =>
  run("npm", ["run", "--silent", "audit:verify", "--", "--state", state]);

/** Waits for the server's sealer to chain every entry written so far (it runs after each answer). */
export async function sealed() {
  await expect
    .poll(() => sql(stateDir(), "SELECT count(*) AS n FROM account_events WHERE hash IS NULL")[0]?.n, {
      timeout: 120_000,
    })
    .toBe(0);
}

/** The head kept in KV of a state folder as KV holds it (JSON), read as the verifier reads it. */
export function keptHeadText(state: string): string {
  const got = run("npx", [
    "--no-install",
    "wrangler",
    "kv",
    "key",
    "get",
    "audit-head",
    "--binding",
    "SESSIONS",
    "--local",
    "--persist-to",
    state,
    "--text",
  ]);
  return got.stdout;
}

/** The id of the head kept in KV of a state folder; null when none. */
function keptHeadId(state: string): number | null {
  const id = /"id"\s*:\s*(\d+)/.exec(keptHeadText(state))?.[1];
  return id === undefined ? null : Number(id);
}

/** Runs `check` on a fresh copy of this run's local state (copyLiveState), once sealed, removed afterwards. */
export async function onACopy(check: (copy: string) => void) {
  await sealed();
  const copy = mkdtempSync(join(tmpdir(), "facets-audit-"));
  try {
    copyLiveState(copy);
    check(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Runs SQL on a state folder's D1 file with node:sqlite, as scripts/audit-verify.ts reads it: a query's
 * rows, or nothing for several statements at once. Only a copy is written to; the live state is read.
 */
export function sql(state: string, command: string): Record<string, unknown>[] {
  const folder = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const [file] = readdirSync(folder)
    .filter((name) => name.endsWith(".sqlite"))
    .map((name) => join(folder, name))
    .filter((path) => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'account_events'").get() !== undefined;
      } finally {
        db.close();
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!file) throw new Error(`no D1 database with an audit log in ${state}`);
  const db = new DatabaseSync(file, { readOnly: state === stateDir() });
  try {
    if (command.includes(";")) {
      db.exec(command);
      return [];
    }
    return db.prepare(command).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
