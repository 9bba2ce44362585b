import { mkdirSync, writeFileSync } from "node:fs";
import { expect } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { indexablePaths, islandPaths, visitorInteractivePaths } from "../../app/lib/route-table";
import { test } from "./browser-test";
import { demoAdminCookie } from "./demo-admin";

// Lighthouse (mobile preset, simulated throttling) on every public route and every interactive one,
// the admin dashboard and /account signed in as the demo admin (docs/standards.md, Budgets).
//
// Gated at 100: accessibility, best practices, and SEO on every page search engines may list (the login
// page and the dashboard say noindex, which the SEO category counts against them). None of their audits
// depends on timing.
//
// Not gated at 100: the performance score. Its blocking time comes mostly from the browser's own tasks,
// which the simulated mobile CPU multiplies by four, so the same build scores 86 to 100 from one run to
// the next on this machine and lower under load (docs/architecture.md has the measured spread). The facts
// behind the score that a change can break are asserted exactly in pages.spec.ts (bytes, requests,
// render-blocking, layout shift, the largest paint). Here the score, FCP, LCP and TBT are printed and
// written to reports/lighthouse.json, and only a score below PERFORMANCE_FLOOR, which no load measured
// here came near, fails the run. `npm run lighthouse` runs every page several times and prints the table.

/** A gross regression, far below the lowest score measured under load (docs/architecture.md). */
const PERFORMANCE_FLOOR = 0.5;
/** Runs per page: 1 in `npm test`, more for `npm run lighthouse`. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

test.describe.configure({ mode: "serial" });

let chrome: chromeLauncher.LaunchedChrome;

test.beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});

const range = (values: number[], scale = 1) => {
  const low = Math.round(Math.min(...values) * scale);
  const high = Math.round(Math.max(...values) * scale);
  return low === high ? `${low}` : `${low}–${high}`;
};

test.afterAll(async () => {
  await chrome?.kill();
  mkdirSync("reports", { recursive: true });
  writeFileSync("reports/lighthouse.json", `${JSON.stringify({ runs: RUNS, pages: table }, null, 2)}\n`);
  const header = `${"page".padEnd(18)}${"perf".padEnd(9)}${"FCP ms".padEnd(12)}${"LCP ms".padEnd(12)}${"TBT ms".padEnd(12)}a11y  bp   seo`;
  const rows = Object.entries(table).map(
    ([path, r]) =>
      `${path.padEnd(18)}${range(r.performance, 100).padEnd(9)}${range(r.fcp).padEnd(12)}${range(r.lcp).padEnd(12)}${range(r.tbt).padEnd(12)}${["accessibility", "best-practices", "seo"].map((c) => String(Math.round(r.scores[c as keyof Scores] * 100)).padEnd(5)).join(" ")}`,
  );
  console.log(
    [`Lighthouse, mobile preset, ${RUNS} run(s) a page (ranges are min–max):`, header, ...rows].join("\n"),
  );
});

type LongTask = { url: string; startTime: number; duration: number };

async function audit(url: string, extraHeaders?: Record<string, string>) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    extraHeaders,
  });
  const lhr = result?.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr?.categories[c]?.score ?? 0])) as Scores;
  const below = Object.values(lhr?.audits ?? {})
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  const metric = (id: string) => Math.round(lhr?.audits[id]?.numericValue ?? 0);
  const longTasks = ((lhr?.audits["long-tasks"]?.details as { items?: LongTask[] } | undefined)?.items ?? [])
    .map(
      (task) =>
        `${task.url.split("/").pop() || task.url}@${Math.round(task.startTime)}+${Math.round(task.duration)}`,
    )
    .join(" ");
  // The simulated timings behind the performance score, so a miss can be read from the log alone.
  const timings = `FCP ${metric("first-contentful-paint")} LCP ${metric("largest-contentful-paint")} TBT ${metric("total-blocking-time")} ms; long tasks: ${longTasks || "none"}`;
  const metrics = {
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
  };
  return {
    scores,
    metrics,
    below,
    timings,
    runtimeError: lhr?.runtimeError?.code,
    finalUrl: lhr?.finalDisplayedUrl,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface PageResult {
  scores: Scores;
  performance: number[];
  fcp: number[];
  lcp: number[];
  tbt: number[];
}
const table: Record<string, PageResult> = {};

/** The demo admin's session cookie, for the dashboard. */
async function signInAsAdmin(baseURL: string): Promise<Record<string, string>> {
  return { Cookie: await demoAdminCookie(baseURL) };
}

const indexable = new Set<string>([...indexablePaths]);
/** Pages audited signed in, as the demo admin. */
// A sample of the signed-in pages: the dashboard and the account page.
const signedIn = new Set<string>(["/admin", "/account"]);
const audited = [
  ...new Set<string>([
    ...indexablePaths,
    ...islandPaths,
    ...visitorInteractivePaths,
    ...signedIn,
    "/privacy/request",
  ]),
];

for (const path of audited) {
  test(`Lighthouse ${path}`, async ({ baseURL }) => {
    test.setTimeout(test.info().timeout * RUNS);
    const url = new URL(path, baseURL).toString();
    const headers = signedIn.has(path) ? await signInAsAdmin(baseURL ?? "") : undefined;
    const gated = (["accessibility", "best-practices", "seo"] as const).filter(
      (c) => c !== "seo" || indexable.has(path),
    );

    // A run Lighthouse itself reports as broken (a runtime error such as NO_NAVSTART) is run again and
    // not counted.
    const runs: Awaited<ReturnType<typeof audit>>[] = [];
    let attempts = 0;
    while (runs.length < RUNS && attempts < RUNS + 3) {
      attempts += 1;
      const run = await audit(url, headers);
      console.log(
        `${path} run ${attempts}: performance ${Math.round(run.scores.performance * 100)}, ${run.timings}${run.runtimeError ? ` (error ${run.runtimeError})` : ""}`,
      );
      if (!run.runtimeError) runs.push(run);
    }
    expect(runs.length, `Lighthouse could not complete a run of ${path}`).toBeGreaterThan(0);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((run) => run.scores[c]))]),
    ) as Scores;
    table[path] = {
      scores,
      performance: runs.map((run) => run.scores.performance),
      fcp: runs.map((run) => run.metrics.fcp),
      lcp: runs.map((run) => run.metrics.lcp),
      tbt: runs.map((run) => run.metrics.tbt),
    };

    const report = runs
      .map(
        (run, i) =>
          `run ${i + 1} ${JSON.stringify(run.scores)}\n  ${run.timings}\n  ${run.below.join("\n  ")}`,
      )
      .join("\n");
    // Audits that do not depend on timing: every run must score 100.
    for (const run of runs) {
      for (const category of gated) expect(run.scores[category], `${path} ${category}\n${report}`).toBe(1);
    }
    expect(
      Math.min(...runs.map((run) => run.scores.performance)),
      `${path} performance\n${report}`,
    ).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR);
    if (headers) expect(runs[0]?.finalUrl, "the signed-in page, not a redirect to /login").toBe(url);
  });
}
