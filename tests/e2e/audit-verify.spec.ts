import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "./support";

// `npm run audit:verify` as an operator runs it (issue 19): on a copy of this run's local D1, which the
// server has written real entries to, it says the chain holds; after one entry is changed by hand with
// wrangler, it names that entry and exits 1. The chain's own rules are tested in tests/worker/audit-log.

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "a command line, no browser page: once is enough");
});

const STATE = ".wrangler/e2e-state";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}${result.stderr}` };
}

const verify = (state: string) => run("npm", ["run", "--silent", "audit:verify", "--", "--state", state]);

function sql(state: string, command: string): Record<string, unknown>[] {
  const result = run(
    "npx",
    ["--no-install", "wrangler", "d1", "execute", "DB", "--local"].concat([
      "--persist-to",
      state,
      "--json",
      "--command",
      command,
    ]),
  );
  expect(result.status, result.output).toBe(0);
  const [first] = JSON.parse(result.stdout) as {
    results: Record<string, unknown>[];
  }[];
  return first?.results ?? [];
}

test("npm run audit:verify names an entry changed by hand in local D1", async ({ request }) => {
  test.setTimeout(120_000);
  // Entries of our own, written by the server: failed sign-ins of the demo admin.
  for (const attempt of [1, 2, 3]) {
    const response = await request.post("/api/login", {
      data: { email: DEMO_ADMIN.email, password: `not the password ${attempt}` },
      headers: { "CF-Connecting-IP": `198.18.251.${attempt}` },
    });
    expect(response.status()).toBe(401);
  }

  const copy = mkdtempSync(join(tmpdir(), "facets-audit-"));
  try {
    cpSync(STATE, copy, { recursive: true });
    const holds = verify(copy);
    expect(holds.output).toMatch(/The audit log in local D1 .* holds: \d+ chained entries verified/);
    expect(holds.status).toBe(0);

    const [middle] = sql(
      copy,
      "SELECT id FROM account_events WHERE hash IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET 1",
    );
    const id = Number(middle?.id);
    expect(id).toBeGreaterThan(0);
    sql(copy, `UPDATE account_events SET ip = COALESCE(ip, '') || '-changed' WHERE id = ${id}`);

    const broken = verify(copy);
    expect(broken.output).toContain(`is broken at entry ${id}:`);
    expect(broken.status).toBe(1);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
