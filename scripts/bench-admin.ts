// `npm run bench:admin`: how fast each admin view renders on the local D1 that `npm run seed:scale`
// filled. Builds if there is no build, serves it with scripts/preview.ts on 127.0.0.1:8841 (or
// $BENCH_PORT) from the shared local state, signs in as the demo admin (password and authenticator code),
// follows each long list's "Next page" 100 times to find the page it reaches, loads each view of
// scripts/bench-admin-views.ts (and each page reached) once to warm it, then 5 rounds of every view in
// turn, and prints each view's median. Rounds, not 5 loads in a row: a pause of the shared machine then
// lands on one load of several views, not on the median of one. Each median is printed with its ratio to
// Pending Users of the same run: every view within 3× of it, and under 100 ms but for a text filter
// (under 600 ms; issue 42). Writes reports/bench-admin.json. It asserts nothing; the figures go into
// docs/measurements.md. BENCH_ONLY=<regular expression> times only the views whose names match it.
// No plan may depend on the statistics ANALYZE leaves (seed:scale gathers them at its end):
// `--without-stats` drops them before serving, `--with-stats` gathers them again.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_ADMIN } from "./admin-account.ts";
import { DEEP_PAGES, deepLists, views } from "./bench-admin-views.ts";
import { ensureBuild, root, startBenchServer } from "./bench-server.ts";
import { LOCAL_STATE, localSql } from "./local-state.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8841);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const only = new RegExp(process.env.BENCH_ONLY ?? "", "i");
const TARGET_MS = 100;
const TEXT_TARGET_MS = 600;
const MOST_RATIO = 3;

ensureBuild();

function one<T>(sql: string): T | undefined {
  const [answer] = JSON.parse(localSql(sql)) as { results: T[] }[];
  return answer?.results[0];
}

if (process.argv.includes("--without-stats")) localSql("DROP TABLE IF EXISTS sqlite_stat1");
if (process.argv.includes("--with-stats")) localSql("ANALYZE");
const stats = one<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'");
const withStats = (stats?.n ?? 0) > 0;

// Who the person filters name: the demo admin, and a seeded person from the middle of the table.
const admin = one<{ id: number; email: string }>(
  `SELECT id, email FROM users WHERE email = '${DEMO_ADMIN.email}'`,
);
const person = one<{ id: number; email: string }>(
  "SELECT id, email FROM users WHERE id = (SELECT max(id) - 100000 FROM users)",
);
const sizes = one<{ messages: number; people: number; entries: number }>(
  "SELECT (SELECT count(*) FROM contact_submissions) AS messages, (SELECT count(*) FROM users) AS people, (SELECT count(*) FROM account_events) AS entries",
);
if (!admin || !person || !sizes)
  throw new Error(`no demo admin or people in ${LOCAL_STATE}: run npm run seed:scale`);
console.log(
  `Local D1 (${LOCAL_STATE}): ${sizes.messages} messages, ${sizes.people} people, ${sizes.entries} audit entries, ${withStats ? "with" : "without"} ANALYZE statistics.`,
);

/** One load of a page: its status, its HTML and the milliseconds to its last byte. */
async function load(cookie: string, pathname: string) {
  const started = performance.now();
  const response = await fetch(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = await response.text();
  return { status: response.status, html, ms: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const NEXT = /<a[^>]*href="([^"]*)"[^>]*>Next page<\/a>/;

/** Follows "Next page" DEEP_PAGES times; the address of the page reached and the median of each step. */
async function deepest(
  cookie: string,
  start: string,
): Promise<{ path: string; pages: number; step: number }> {
  let current = start;
  const steps: number[] = [];
  for (let page = 0; page < DEEP_PAGES; page += 1) {
    const { html, ms } = await load(cookie, current);
    const next = NEXT.exec(html)?.[1]?.replaceAll("&amp;", "&");
    if (!next) break;
    steps.push(ms);
    current = next;
  }
  return { path: current, pages: steps.length, step: median(steps) };
}

interface Figure {
  view: string;
  path: string;
  medianMs: number;
  ratio?: number;
}

/** A view whose address filters the queue by a text: its target is TEXT_TARGET_MS. */
const textFiltered = (figure: Figure) => /[?&]tab=contacts&.*q=/.test(figure.path);

const server = startBenchServer({ name: "bench-admin", port: PORT });
const stop = () => void server.stop().then(() => process.exit(130));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
const figures: Figure[] = [];
try {
  await server.waitUntilServing();
  const cookie = await server.signIn();
  const row = (figure: Figure) => {
    figures.push(figure);
    const target = textFiltered(figure) ? TEXT_TARGET_MS : TARGET_MS;
    const flags = [
      figure.medianMs < target ? "" : `  ✗ over ${target} ms`,
      (figure.ratio ?? 0) <= MOST_RATIO ? "" : `  ✗ over ${MOST_RATIO}× Pending Users`,
    ].join("");
    const ratio = figure.ratio === undefined ? "" : `${figure.ratio.toFixed(1).padStart(5)}×`;
    console.log(`${figure.medianMs.toFixed(1).padStart(7)} ms ${ratio}  ${figure.view}${flags}`);
  };
  const targets = views(admin, person).filter((view) => only.test(view.name));
  const steps = new Map<string, string>();
  for (const list of deepLists(admin).filter((list) => only.test(list.name))) {
    const reached = await deepest(cookie, list.path);
    const name = `${list.name}: page ${reached.pages + 1}`;
    targets.push({ name, path: reached.path });
    steps.set(
      name,
      `          (each of the ${reached.pages} steps there: median ${reached.step.toFixed(1)} ms)`,
    );
  }
  for (const target of targets) {
    const warm = await load(cookie, target.path);
    if (warm.status !== 200) throw new Error(`${warm.status} for ${target.path}`);
  }
  const samples = targets.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, target] of targets.entries()) samples[i]?.push((await load(cookie, target.path)).ms);
  }
  const pending = targets.findIndex((target) => target.name === "Pending Users");
  const base = pending === -1 ? undefined : median(samples[pending] ?? []);
  for (const [i, target] of targets.entries()) {
    const medianMs = median(samples[i] ?? []);
    row({ view: target.name, path: target.path, medianMs, ratio: base && medianMs / base });
    const step = steps.get(target.name);
    if (step) console.log(step);
  }
} finally {
  await server.stop();
}
const over = figures.filter(
  (figure) => figure.medianMs >= (textFiltered(figure) ? TEXT_TARGET_MS : TARGET_MS),
);
const far = figures.filter((figure) => (figure.ratio ?? 0) > MOST_RATIO);
console.log(
  `${figures.length - over.length} of ${figures.length} views under their target (${TARGET_MS} ms, ${TEXT_TARGET_MS} ms under a text; median of ${RUNS}); ${figures.length - far.length} within ${MOST_RATIO}× Pending Users.`,
);
mkdirSync(path.join(root, "reports"), { recursive: true });
writeFileSync(
  path.join(root, "reports", "bench-admin.json"),
  JSON.stringify({ date: new Date().toISOString(), sizes, withStats, runs: RUNS, figures }, null, 2),
);
