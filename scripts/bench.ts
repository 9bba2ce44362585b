// `npm run bench`: throughput of the production build on this machine, in one run (GUIDE.md section 4).
// Builds if there is no build (or with --build), serves it with `wrangler dev` on 127.0.0.1:8813 from a
// throw-away state folder, signs in as the demo admin, then loads each target with autocannon
// (10 connections, a short warm-up, then 10 s in two interleaved rounds of 5 s, so a change in the
// machine's load falls on every target alike) and prints req/s, p50 and p99 latency and the ratio to
// the static file. Writes reports/bench.json and stops the server. It asserts nothing: the numbers go
// into docs/architecture.md; the targets are printed beside them.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon, { type RawResult } from "autocannon";
import { DEMO_ADMIN } from "./admin-account.ts";

const PORT = 8813;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;
// What a browser accepts, and what Cloudflare's front line (and Miniflare, imitating it) hands a Worker:
// prerendered pages go out in the brotli stored at build; rendered ones and the static file are
// compressed on the fly. BENCH_ACCEPT_ENCODING="" measures without compression.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "br, gzip";

const root = path.resolve(import.meta.dirname, "..");
const stateDir = path.join(".wrangler", "bench-state");
const serverLog = path.join(root, ".wrangler", "bench-server.log");

function runOrExit(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
    process.exit(1);
  }
}

const built = ["build/server/index.js", "build/client/_prerendered/manifest.json"].every((file) =>
  existsSync(path.join(root, file)),
);
if (!built || process.argv.includes("--build")) runOrExit("npm", ["run", "build"]);

rmSync(path.join(root, stateDir), { recursive: true, force: true });
runOrExit("node", ["scripts/prepare-local.ts"], { FACETS_STATE_DIR: stateDir });

function startServer(): ChildProcess {
  mkdirSync(path.dirname(serverLog), { recursive: true });
  const log = createWriteStream(serverLog);
  const child = spawn("node", ["scripts/preview.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), FACETS_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npx, wrangler and workerd are stopped together with it.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** Signals the server's process group (the one this script started), whatever is left of it. */
function signalServer(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopServer(child: ChildProcess) {
  const exited = child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null;
  signalServer(child, "SIGTERM");
  if (exited) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  signalServer(child, "SIGKILL");
}

async function waitUntilServing(child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}); see ${serverLog}`);
    try {
      if ((await fetch(`${ORIGIN}/favicon.svg`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`wrangler dev did not answer on ${ORIGIN} within 120 s; see ${serverLog}`);
}

async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** The ratio to the static file GUIDE.md asks for, if any. */
  target?: number;
  /** Proves the target is what it says before it is loaded. */
  check: (response: Response, body: string) => boolean;
}

function targets(cookie: string): Target[] {
  return [
    { name: "static file", path: "/favicon.svg", check: (response) => response.ok },
    {
      name: "content page, anonymous",
      path: "/insure",
      target: 0.9,
      check: (response) =>
        response.ok && (response.headers.get("Content-Security-Policy") ?? "").includes("script-src 'none'"),
    },
    {
      name: "content page, signed in",
      path: "/insure",
      headers: { Cookie: cookie },
      target: 0.5,
      check: (response, body) => response.ok && body.includes('action="/logout"'),
    },
    { name: "/login", path: "/login", check: (response, body) => response.ok && body.includes("<form") },
  ];
}

function load(target: Target, duration: number): Promise<RawResult> {
  return autocannon({
    url: `${ORIGIN}${target.path}`,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers: { ...(ACCEPT_ENCODING ? { "Accept-Encoding": ACCEPT_ENCODING } : {}), ...target.headers },
    skipAggregateResult: true,
  });
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

const server = startServer();
const stop = () => void stopServer(server).then(() => process.exit(130));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  await waitUntilServing(server);
  const cookie = await signIn();
  const loads = targets(cookie);
  for (const target of loads) {
    const response = await fetch(`${ORIGIN}${target.path}`, { headers: target.headers });
    if (!target.check(response, await response.text())) {
      throw new Error(`${target.name} (${target.path}) is not what the bench expects: ${response.status}`);
    }
    await load(target, WARM_UP_SECONDS);
  }
  const runs = new Map<Target, RawResult[]>(loads.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of loads) {
      const run = await load(target, SECONDS / ROUNDS);
      if (run.errors > 0 || run.non2xx > 0) {
        throw new Error(`${target.name}: ${run.errors} errors, ${run.non2xx} non-2xx answers`);
      }
      runs.get(target)?.push(run);
      console.log(
        `  round ${round}, ${target.name}: ${fixed(run.totalCompletedRequests / run.duration)} req/s`,
      );
    }
  }
  const rows = loads.map((target) => {
    const results = runs.get(target) ?? [];
    const seconds = results.reduce((sum, run) => sum + run.duration, 0);
    const requests = results.reduce((sum, run) => sum + run.totalCompletedRequests, 0);
    const { latency } = autocannon.aggregateResult(results, {
      url: `${ORIGIN}${target.path}`,
      connections: CONNECTIONS,
    });
    return { ...target, rate: requests / seconds, latency };
  });

  const staticRate = rows[0]?.rate ?? 1;
  const table = rows.map(({ name, path, rate, latency, target }) => {
    const ratio = rate / staticRate;
    return {
      target: name,
      path,
      "req/s": fixed(rate),
      "p50 ms": fixed(latency.p50, 1),
      "p99 ms": fixed(latency.p99, 1),
      "× static": fixed(ratio, 2),
      goal: target === undefined ? "" : `≥ ${target} ${ratio >= target ? "✓" : "✗ below"}`,
    };
  });
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each (${ROUNDS} interleaved rounds), Accept-Encoding "${ACCEPT_ENCODING}", wrangler dev on ${ORIGIN}:`,
  );
  console.table(table);

  mkdirSync(path.join(root, "reports"), { recursive: true });
  writeFileSync(
    path.join(root, "reports", "bench.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, acceptEncoding: ACCEPT_ENCODING, rows: table }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(path.join(root, stateDir), { recursive: true, force: true });
}
