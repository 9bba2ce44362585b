// `npm run bench`: throughput of the production build on this machine, in one run (GUIDE.md section 4).
// Builds if there is no build (or with --build), serves it with `wrangler dev` on 127.0.0.1:8813 (or
// $BENCH_PORT) from a throw-away state folder, signs in as the demo admin (password and authenticator
// code), then loads each target with autocannon (10 connections, a short warm-up, then BENCH_SECONDS, 10,
// in BENCH_ROUNDS, 2, interleaved rounds, so a change in the machine's load falls on every target alike)
// and prints req/s, p50 and p99 latency, the ratio to the static file, and for the signed-in page the
// ratio to the same page seen anonymously. The content page is /facets-token as staff publish it (a
// version of the tranches published through the JSON twin), loaded at rest and while a publish runs every 5 s.
// Writes reports/bench.json and stops the server. It asserts nothing: the numbers go into
// docs/measurements.md; the targets are printed beside them. With --profile it then records a CPU profile
// of the Worker (through wrangler's inspector) while it loads the anonymous and the signed-in content page,
// prints where each spends its time, and writes the profiles to reports/ (open them in Chrome's DevTools).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon, { type RawResult } from "autocannon";
import { heldForVisitorsPaths } from "../app/lib/route-table.ts";
import { type BenchSession, PUBLISH_EVERY_MS, publishingEvery, publishTranches } from "./bench-publishing.ts";
import { ensureBuild, root, startBenchServer } from "./bench-server.ts";

ensureBuild();
const server = startBenchServer({
  name: "bench",
  port: Number(process.env.BENCH_PORT ?? 8813),
  stateDir: path.join(".wrangler", "bench-state"),
});
const { origin: ORIGIN, inspector: INSPECTOR } = server;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** More, shorter rounds (BENCH_ROUNDS) spread a busy machine's swings more evenly over the targets. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = 2;
// What a browser accepts, and what Cloudflare's front line (and Miniflare, imitating it) hands a Worker:
// prerendered pages go out in the brotli stored at build; rendered ones and the static file are
// compressed on the fly. BENCH_ACCEPT_ENCODING="" measures without compression.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "br, gzip";

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Runs beside the target's load: started before it, stopped (the returned function) after it. */
  during?: () => () => Promise<void>;
  /** The ratio GUIDE.md asks for, if any: to the static file, or to the target named in `versus`. */
  target?: number;
  versus?: string;
  /** Proves the target is what it says before it is loaded. */
  check: (response: Response, body: string) => boolean;
}

const policyOf = (response: Response) => response.headers.get("Content-Security-Policy") ?? "";
/** Served from memory: a policy that names inline code by hash, never by a per-response nonce. */
const fromMemory = (response: Response) => response.ok && !policyOf(response).includes("'nonce-");

const CONTENT_PAGE = "/facets-token";
const ANONYMOUS = "content page, anonymous";
function targets(session: BenchSession): Target[] {
  const { cookie } = session;
  const publishedFromMemory = (response: Response) =>
    fromMemory(response) && /content;desc="(memory|d1)"/.test(response.headers.get("Server-Timing") ?? "");
  return [
    { name: "static file", path: "/favicon.svg", check: (response) => response.ok },
    {
      name: ANONYMOUS,
      path: CONTENT_PAGE,
      target: 0.9,
      check: (response) => publishedFromMemory(response) && policyOf(response).includes("script-src 'none'"),
    },
    {
      name: `content page, anonymous, a publish every ${PUBLISH_EVERY_MS / 1000} s`,
      path: CONTENT_PAGE,
      target: 0.9,
      during: publishingEvery(session),
      check: publishedFromMemory,
    },
    {
      name: "content page, signed in",
      path: CONTENT_PAGE,
      headers: { Cookie: cookie },
      target: 0.9,
      versus: ANONYMOUS,
      check: (response, body) => fromMemory(response) && body.includes('action="/logout"'),
    },
    // Every page with a form, as a visitor first opens it (held per isolate, from the route table).
    ...heldForVisitorsPaths.map((path) => ({
      name: `form page ${path}`,
      path,
      target: 0.9,
      // Held from memory; a link's page without its token (/remove-factor) shows no form, only why.
      check: (response: Response) => fromMemory(response),
    })),
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

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

/** A V8 CPU profile of the Worker while autocannon loads `target` (wrangler's inspector, DevTools protocol). */
async function profileWorker(
  target: Target,
  seconds: number,
): Promise<{ profile: CpuProfile; requests: number }> {
  // wrangler's inspector proxy answers only DevTools' own origin. Node's WebSocket (undici) takes headers;
  // the DOM type it is declared with here knows only protocols.
  const init = { headers: { Origin: "https://devtools.devprod.cloudflare.dev" } } as unknown as string[];
  const socket = new WebSocket(INSPECTOR, init);
  const waiting = new Map<number, (result: unknown) => void>();
  let lastId = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", () => reject(new Error(`no inspector at ${INSPECTOR}`)));
  });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  const run = await load(target, seconds);
  const { profile } = (await send("Profiler.stop")) as { profile: CpuProfile };
  socket.close();
  return { profile, requests: run.totalCompletedRequests };
}

/** The functions that take the most samples (self time), as shares of all samples and per request. */
function topFunctions({ profile, requests }: { profile: CpuProfile; requests: number }, count = 15) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = frames.get(id);
    const name = frame
      ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop() ?? ""}:${frame.lineNumber + 1}`
      : "?";
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => ({
      function: name,
      share: `${((100 * samples) / total).toFixed(1)}%`,
      "µs per request": fixed((samples * 100) / requests),
    }));
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

const stop = () => void server.stop().then(() => process.exit(130));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  await server.waitUntilServing();
  const { signIn } = server;
  const session: BenchSession = { origin: ORIGIN, cookie: await signIn(), signIn };
  // The page as staff left it after a vote: a published version, not the build's own (decision 167).
  await publishTranches(session, true);
  const loads = targets(session);
  for (const target of loads) {
    const response = await fetch(`${ORIGIN}${target.path}`, { headers: target.headers });
    if (!target.check(response, await response.text())) {
      throw new Error(`${target.name} (${target.path}) is not what the bench expects: ${response.status}`);
    }
    const stopBeside = target.during?.();
    await load(target, WARM_UP_SECONDS);
    await stopBeside?.();
  }
  const runs = new Map<Target, RawResult[]>(loads.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Each round starts one target further on, so no target always follows the same one (a target
    // measured just after the signed-in page, say, would always inherit its garbage collection).
    const shift = (round - 1) % loads.length;
    for (const target of [...loads.slice(shift), ...loads.slice(0, shift)]) {
      const stopBeside = target.during?.();
      const run = await load(target, SECONDS / ROUNDS);
      await stopBeside?.();
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
  const rateOf = (name: string) => rows.find((row) => row.name === name)?.rate ?? 1;
  const table = rows.map(({ name, path, rate, latency, target, versus }) => {
    const ratio = rate / (versus ? rateOf(versus) : staticRate);
    return {
      target: name,
      path,
      "req/s": fixed(rate),
      "p50 ms": fixed(latency.p50, 1),
      "p99 ms": fixed(latency.p99, 1),
      "× static": fixed(rate / staticRate, 2),
      goal:
        target === undefined
          ? ""
          : `${ratio.toFixed(2)} ≥ ${target} × ${versus ? "anonymous" : "static"} ${ratio >= target ? "✓" : "✗ below"}`,
    };
  });
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each (${ROUNDS} interleaved rounds), Accept-Encoding "${ACCEPT_ENCODING}", wrangler dev on ${ORIGIN}:`,
  );
  console.table(table);

  mkdirSync(path.join(root, "reports"), { recursive: true });
  if (process.argv.includes("--profile")) {
    for (const target of loads.filter((load) => load.path === CONTENT_PAGE)) {
      const profiled = await profileWorker(target, SECONDS / ROUNDS);
      const file = `worker-${target.headers ? "signed-in" : "anonymous"}.cpuprofile`;
      writeFileSync(path.join(root, "reports", file), JSON.stringify(profiled.profile));
      console.log(
        `\nWhere the Worker's time goes, ${target.name} (${profiled.requests} requests, reports/${file}):`,
      );
      console.table(topFunctions(profiled));
    }
  }
  writeFileSync(
    path.join(root, "reports", "bench.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, acceptEncoding: ACCEPT_ENCODING, rows: table }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await server.stop();
}
