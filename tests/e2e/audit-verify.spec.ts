import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { expect } from "@playwright/test";
import { type EntryRow, GENESIS, plainEntryHash, storedEntryOf } from "../../app/server/audit/audit-chain.ts";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets.ts";
import { copyLiveState, keptHeadText, onACopy, run, sealed, sql, verify } from "./audit-copies";
import { test } from "./browser-test";
import { approvedMember, clientIp } from "./members";
import { stateDir } from "./state";
import { DEMO_ADMIN, PASSWORD, uniqueEmail } from "./support";

// `npm run audit:verify` as an operator runs it, on the log the server writes: on a copy of this run's
// local state (and the head in KV) it says the chain holds after an authenticator app was confirmed twice
// at once, and on the live state while the server writes to it. After an entry is changed by hand with
// wrangler, the newest entries are cut off, hashes are stripped, an edit gets every later hash recomputed
// without the key, the start is deleted, the tail is cut under a rewritten head or the head is missing,
// it names the first broken entry and exits 1. The tests run in this order in one file: the later ones
// read the entries the earlier ones wrote. The copies and commands are in audit-copies.ts; the chain's
// own rules are in tests/worker/audit-log.

test.beforeEach(() => {
  test.skip(test.info().project.name === "phone", "a command line, no browser page: once is enough");
});

test("a double-submitted authenticator confirmation leaves a log npm run audit:verify accepts", async ({
  request,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail("double");
  await approvedMember(request, email);
  const origin = new URL(baseURL ?? "").origin;
  const call = (path: string, body: unknown, cookie = "") =>
    fetch(new URL(path, origin), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: origin,
        "CF-Connecting-IP": clientIp(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const signedIn = await call("/api/login", { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
  const started = await call("/api/auth/totp", {}, cookie);
  expect(started.status).toBe(201);
  const { secret } = (await started.json()) as { secret: string };
  const code = totpCodeAt(decodeBase32IgnorePadding(secret), Math.floor(Date.now() / 30_000));
  // The same confirmation twice at once, as a double click sends it.
  const answers = await Promise.all([
    call("/api/auth/totp/confirm", { code }, cookie),
    call("/api/auth/totp/confirm", { code }, cookie),
  ]);
  expect(answers.map((answer) => answer.status)).toContain(200);

  await onACopy((copy) => {
    const enabled = sql(
      copy,
      `SELECT count(*) AS n FROM account_events e JOIN users u ON u.id = e.subject_id WHERE u.email = '${email}' AND e.action = 'totp-enabled'`,
    );
    expect(enabled).toEqual([{ n: 1 }]);
    const holds = verify(copy);
    expect(holds.output).toMatch(/The audit log in local D1 .* holds: \d+ chained entries verified/);
    expect(holds.output).toMatch(/Head kept outside D1: \d+:[0-9a-f]{64} \(in D1/);
    expect(holds.status).toBe(0);
  });
});

test("npm run audit:verify holds while the server writes to the log it reads", async ({ baseURL }) => {
  test.slow();
  const origin = new URL(baseURL ?? "").origin;
  const writes = Array.from({ length: 60 }, (_, attempt) =>
    fetch(new URL("/api/login", origin), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": clientIp() },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: `not the password ${attempt}` }),
    }),
  );
  // The live state, not a copy: the verifier reads while the sealer and the writers run.
  const verifying = new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "audit:verify", "--", "--state", stateDir()], {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status) => resolve({ status, output }));
  });
  const [answers, verdict] = await Promise.all([Promise.all(writes), verifying]);
  expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
  expect(verdict.output).toMatch(/holds: \d+ chained entries verified/);
  expect(verdict.status).toBe(0);
});

test("npm run audit:verify names an entry changed by hand in local D1", async ({ request }) => {
  test.slow();
  // Entries of our own, written by the server: failed sign-ins of the demo admin.
  for (const attempt of [1, 2, 3]) {
    const response = await request.post("/api/login", {
      data: { email: DEMO_ADMIN.email, password: `not the password ${attempt}` },
      headers: { "CF-Connecting-IP": `198.18.251.${attempt}` },
    });
    expect(response.status()).toBe(401);
  }

  await sealed();
  const copy = mkdtempSync(join(tmpdir(), "facets-audit-"));
  try {
    copyLiveState(copy);
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

test("npm run audit:verify names the first entry cut off, stripped, or edited with every later hash recomputed", async () => {
  test.slow();
  const newest = () => Number(sql(stateDir(), "SELECT max(id) AS id FROM account_events")[0]?.id);
  expect(newest()).toBeGreaterThan(6);

  // The newest three entries cut off: the head kept in KV still names the last of them.
  await onACopy((copy) => {
    const last = Number(sql(copy, "SELECT max(id) AS id FROM account_events")[0]?.id);
    sql(copy, `DELETE FROM account_events WHERE id > ${last - 3}`);
    const cut = verify(copy);
    expect(cut.output).toContain(`is broken at entry ${last - 2}: the newest entries are missing`);
    expect(cut.status).toBe(1);
  });

  // The first five chained entries stripped of their hashes and edited: not "entries before the chain".
  await onACopy((copy) => {
    const first = Number(sql(copy, "SELECT min(id) AS id FROM account_events WHERE hash IS NOT NULL")[0]?.id);
    sql(
      copy,
      `UPDATE account_events SET hash = NULL, prev_hash = NULL, key_id = NULL, ip = '192.0.2.99' WHERE id BETWEEN ${first} AND ${first + 4}`,
    );
    const stripped = verify(copy);
    expect(stripped.output).toContain(
      `is broken at entry ${first}: it has no hash, but entries after it are sealed`,
    );
    expect(stripped.status).toBe(1);
  });

  // An entry edited and it and every later entry hashed again with plain sha256, as the chain was
  // before its key: without the key, nothing can be made to verify.
  await onACopy((copy) => {
    const rows = sql(
      copy,
      "SELECT * FROM account_events ORDER BY id DESC LIMIT 3",
    ).reverse() as unknown as EntryRow[];
    const [edited] = rows;
    if (!edited) throw new Error("no entries");
    let previous = edited.prev_hash ?? GENESIS;
    const updates = rows.map((row) => {
      const entry = storedEntryOf(row.id === edited.id ? { ...row, ip: "192.0.2.98" } : row);
      const hash = plainEntryHash({ ...entry, prevHash: previous, keyId: null });
      const statement = `UPDATE account_events SET ip = ${entry.ip === null ? "NULL" : `'${entry.ip}'`}, prev_hash = '${previous}', hash = '${hash}', key_id = NULL WHERE id = ${row.id}`;
      previous = hash;
      return statement;
    });
    sql(copy, updates.join("; "));
    const forged = verify(copy);
    expect(forged.output).toContain(`is broken at entry ${edited.id}:`);
    expect(forged.status).toBe(1);
  });
});

/** Puts a head into a copy's KV, or removes it (null). */
function setHead(state: string, head: object | null) {
  const kv = ["--no-install", "wrangler", "kv", "key"];
  const where = ["audit-head", "--binding", "SESSIONS", "--local", "--persist-to", state];
  const result = head
    ? run("npx", [...kv, "put", ...where.slice(0, 1), JSON.stringify(head), ...where.slice(1)])
    : run("npx", [...kv, "delete", ...where]);
  expect(result.status, result.output).toBe(0);
}

test("npm run audit:verify finds a deleted start, a cut tail under a rewritten head, and a missing head", async () => {
  test.slow();

  // Everything but the newest three entries deleted: no prune recorded it.
  await onACopy((copy) => {
    const last = Number(sql(copy, "SELECT max(id) AS id FROM account_events")[0]?.id);
    sql(copy, `DELETE FROM account_events WHERE id <= ${last - 3}`);
    const cut = verify(copy);
    expect(cut.output).toContain(
      `is broken at entry ${last - 3}: the entries before entry ${last - 2} are missing`,
    );
    expect(cut.status).toBe(1);
  });

  // The newest entries cut off, and the head in KV rewritten to the new end: the head is signed.
  await onACopy((copy) => {
    const last = Number(sql(copy, "SELECT max(id) AS id FROM account_events")[0]?.id);
    sql(copy, `DELETE FROM account_events WHERE id > ${last - 3}`);
    const [end] = sql(copy, "SELECT id, hash FROM account_events ORDER BY id DESC LIMIT 1");
    setHead(copy, { id: end?.id, hash: end?.hash, prunedThrough: 0 });
    const rewritten = verify(copy);
    expect(rewritten.output).toContain("The head kept outside D1");
    expect(rewritten.output).toContain("cannot be trusted: it is not signed");
    expect(rewritten.status).toBe(1);
  });

  // No head at all: refused, unless the operator says to check the chain alone.
  await onACopy((copy) => {
    setHead(copy, null);
    const headless = verify(copy);
    expect(headless.output).toContain("no head is kept outside D1");
    expect(headless.status).toBe(1);
    const alone = run("npm", ["run", "--silent", "audit:verify", "--", "--state", copy, "--no-head"]);
    expect(alone.output).toMatch(/holds: \d+ chained entries verified/);
    expect(alone.status).toBe(0);
  });
});

test("npm run audit:verify finds an older signed head put back with everything after it deleted", async ({
  request,
}) => {
  test.slow();
  // A signed head as someone who can write D1 and KV once read it, kept for later.
  let old: { id: number } = { id: 0 };
  await onACopy((copy) => {
    old = JSON.parse(keptHeadText(copy));
  });
  expect(old.id).toBeGreaterThan(0);
  for (const attempt of [1, 2, 3]) {
    const response = await request.post("/api/login", {
      data: { email: DEMO_ADMIN.email, password: `not the password, replay ${attempt}` },
      headers: { "CF-Connecting-IP": `198.18.252.${attempt}` },
    });
    expect(response.status()).toBe(401);
  }

  await onACopy((copy) => {
    const holds = verify(copy);
    expect(holds.output).toMatch(/Newest entry: \d+:[0-9a-f]{64}, written \d{4}-\d\d-\d\dT/);
    expect(holds.output).toMatch(/Witness head: entry \d+:[0-9a-f]{64}, seal \d+, sealed \d{4}-\d\d-\d\dT/);
    expect(holds.status).toBe(0);
    // The replay: the old head back in KV, every entry after it deleted, the id counter reset.
    setHead(copy, old);
    sql(
      copy,
      `DELETE FROM account_events WHERE id > ${old.id}; UPDATE sqlite_sequence SET seq = ${old.id} WHERE name = 'account_events'`,
    );
    const replayed = verify(copy);
    expect(replayed.output).toContain("is older than the witness's");
    expect(replayed.output).toContain(`KV has entry ${old.id}:`);
    expect(replayed.status).toBe(1);
    // With no head in KV at all, D1 is behind the witness.
    setHead(copy, null);
    const headless = run("npm", ["run", "--silent", "audit:verify", "--", "--state", copy, "--no-head"]);
    expect(headless.output).toMatch(/it is missing: a head noted outside D1 names entry \d+/);
    expect(headless.status).toBe(1);
  });

  // Remotely, no readable witness, no check. Wrangler is given no token and no login (a config folder of
  // its own), so it stops before any request leaves the machine.
  const { CLOUDFLARE_API_TOKEN: _token, CLOUDFLARE_ACCOUNT_ID: _account, ...offline } = process.env;
  const configHome = mkdtempSync(join(tmpdir(), "facets-no-login-"));
  const remote = run("npm", ["run", "--silent", "audit:verify", "--", "--remote"], {
    ...offline,
    CI: "true",
    XDG_CONFIG_HOME: configHome,
  });
  rmSync(configHome, { recursive: true, force: true });
  expect(remote.output).toContain("Refusing to check the remote database without its witness");
  expect(remote.status).toBe(2);

  // Locally, a state without a witness is checked with a warning.
  await onACopy((copy) => {
    rmSync(join(copy, "v3", "r2"), { recursive: true, force: true });
    const unwitnessed = verify(copy);
    expect(unwitnessed.output).toContain("Warning: no witness head");
    expect(unwitnessed.output).toMatch(/holds: \d+ chained entries verified/);
    expect(unwitnessed.status).toBe(0);
  });
});

test("npm run audit:verify checks every head the server logged", async () => {
  test.slow();
  // The served build writes its output to the state folder's dev-server.log, the heads among it.
  const log = join(stateDir(), "dev-server.log");
  await onACopy((copy) => {
    const holds = run("npm", ["run", "--silent", "audit:verify", "--", "--state", copy, "--heads-file", log]);
    expect(holds.output).toMatch(/\d+ heads noted outside D1 to check/);
    expect(holds.output).toMatch(/holds: \d+ chained entries verified/);
    expect(holds.status).toBe(0);
    // The tail cut and the head in KV gone with it: the logged heads still name what was there.
    const last = Number(sql(copy, "SELECT max(id) AS id FROM account_events")[0]?.id);
    sql(copy, `DELETE FROM account_events WHERE id > ${last - 3}`);
    setHead(copy, null);
    const cut = run("npm", [
      "run",
      "--silent",
      "audit:verify",
      "--",
      "--state",
      copy,
      "--no-head",
      "--heads-file",
      log,
    ]);
    expect(cut.output).toMatch(/is broken at entry \d+: it is missing: a head noted outside D1 names entry/);
    expect(cut.status).toBe(1);
  });
});
