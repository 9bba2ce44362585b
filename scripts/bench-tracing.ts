// `npm run bench:tracing`: what recording traces costs the site's throughput (issue 45, item 4; decision 181).
// Serves the build twice on this machine, each from a throw-away state of its own: on 127.0.0.1:8815 with
// `wrangler dev`'s local trace store off, on :8816 with it on (X_LOCAL_OBSERVABILITY), which records every
// span of every invocation, 100%, in the Worker's own process. Loads ordinary requests on one, then the
// other, in BENCH_ROUNDS (6) interleaved rounds of BENCH_SECONDS (5) each, the order turned every round so
// neither server always goes first, and prints each target's req/s off and on. From the ratio it works out
// what tracing costs at the head sampling rate wrangler.toml gives production's traces: a sampled-out
// request costs nothing to record, so the extra time per request scales with the rate. Asserts nothing;
// the figures go into docs/measurements.md. Writes reports/bench-tracing.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { type BenchServer, ensureBuild, root, startBenchServer } from "./bench-server.ts";
import { readWranglerToml } from "./preview-config.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = 10;
const BUDGET = 0.05;

const observability = readWranglerToml().observability as
  | { traces?: { enabled?: boolean; head_sampling_rate?: number } }
  | undefined;
const samplingRate = observability?.traces?.enabled ? (observability.traces.head_sampling_rate ?? 1) : 0;

interface Target {
  name: string;
  path: string;
  signedIn?: boolean;
}
/** An ordinary visitor's requests, and a member's page. */
const TARGETS: Target[] = [
  { name: "static file", path: "/favicon.svg" },
  { name: "content page", path: "/facets-token" },
  { name: "form page", path: "/contact" },
  { name: "JSON API", path: "/api/user-types" },
  { name: "content page, signed in", path: "/facets-token", signedIn: true },
];

ensureBuild();
const off = startBenchServer({
  name: "bench-traces-off",
  port: 8815,
  stateDir: ".wrangler/bench-traces-off",
});
const on = startBenchServer({
  name: "bench-traces-on",
  port: 8816,
  stateDir: ".wrangler/bench-traces-on",
  traces: true,
});
const servers = [off, on];
const stopAll = () => Promise.all(servers.map((server) => server.stop()));
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.once(name, () => void stopAll().then(() => process.exit(130)));
}

async function load(server: BenchServer, cookie: string, target: Target, seconds: number) {
  const run = await autocannon({
    url: `${server.origin}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { "Accept-Encoding": "br, gzip", ...(target.signedIn ? { Cookie: cookie } : {}) },
    skipAggregateResult: true,
  });
  if (run.errors > 0 || run.non2xx > 0) {
    throw new Error(`${target.name} on ${server.origin}: ${run.errors} errors, ${run.non2xx} non-2xx`);
  }
  return run;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

try {
  await Promise.all(servers.map((server) => server.waitUntilServing()));
  const cookies = new Map<BenchServer, string>();
  for (const server of servers) cookies.set(server, await server.signIn());
  const totals = new Map<string, { requests: number; seconds: number }>();
  const add = (key: string, requests: number, seconds: number) => {
    const total = totals.get(key) ?? { requests: 0, seconds: 0 };
    totals.set(key, { requests: total.requests + requests, seconds: total.seconds + seconds });
  };
  for (const target of TARGETS) {
    for (const server of servers) await load(server, cookies.get(server) ?? "", target, 2);
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 === 1 ? servers : [on, off];
    for (const target of TARGETS) {
      for (const server of order) {
        const run = await load(server, cookies.get(server) ?? "", target, SECONDS);
        add(`${target.name}|${server === on}`, run.totalCompletedRequests, run.duration);
      }
    }
    console.log(`  round ${round} of ${ROUNDS} done`);
  }
  const rate = (target: Target, traced: boolean) => {
    const total = totals.get(`${target.name}|${traced}`);
    return total ? total.requests / total.seconds : 0;
  };
  const table = TARGETS.map((target) => {
    const [untraced, traced] = [rate(target, false), rate(target, true)];
    const costAll = 1 - traced / untraced;
    // Time per request grows by (untraced / traced − 1) when every request is recorded; by the sampling
    // rate's share of that when only the sampled ones are.
    const extra = untraced / traced - 1;
    const costSampled = 1 - 1 / (1 + samplingRate * extra);
    return {
      target: target.name,
      path: target.path,
      "off req/s": fixed(untraced),
      "on req/s": fixed(traced),
      "cost, every request traced": percent(costAll),
      [`cost at ${samplingRate}`]: `${percent(costSampled)} ${costSampled <= BUDGET ? "✓" : "✗ over"} ${percent(BUDGET)}`,
    };
  });
  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; production's traces: head_sampling_rate ${samplingRate}`,
  );
  console.table(table);
  mkdirSync(path.join(root, "reports"), { recursive: true });
  writeFileSync(
    path.join(root, "reports", "bench-tracing.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), rounds: ROUNDS, seconds: SECONDS, samplingRate, rows: table }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
