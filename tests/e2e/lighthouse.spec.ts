import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { indexablePaths, interactivePaths } from "../../app/content/site-pages";
import { DEMO_ADMIN } from "./support";

// Lighthouse (mobile preset, simulated throttling) on every public route and every interactive one,
// the admin dashboard signed in as the demo admin. GUIDE.md section 4: 100 for performance,
// accessibility and best practices everywhere, and for SEO on every page search engines may list (the
// login page and the dashboard say noindex, which Lighthouse's SEO category counts against them).
// The scores of the run are written to reports/lighthouse.json.

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

test.describe.configure({ mode: "serial" });

let chrome: chromeLauncher.LaunchedChrome;
const results: Record<string, Scores> = {};

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

test.afterAll(async () => {
  await chrome?.kill();
  mkdirSync("reports", { recursive: true });
  writeFileSync("reports/lighthouse.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    Object.entries(results)
      .map(
        ([path, scores]) =>
          `${path.padEnd(16)} ${CATEGORIES.map((c) => `${c} ${Math.round(scores[c] * 100)}`).join("  ")}`,
      )
      .join("\n"),
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
  return { scores, below, timings, runtimeError: lhr?.runtimeError?.code, finalUrl: lhr?.finalDisplayedUrl };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The demo admin's session cookie, for the dashboard. */
async function signInAsAdmin(baseURL: string): Promise<Record<string, string>> {
  const response = await fetch(new URL("/api/login", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(baseURL).origin },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  expect(cookie, `signing in as ${DEMO_ADMIN.email}: ${response.status}`).toBeTruthy();
  return { Cookie: cookie ?? "" };
}

const indexable = new Set<string>(indexablePaths);

/**
 * 100 for every gated category on every page, the hydrated ones included. A page is run once; on a miss
 * the median of five runs decides (see below). docs/architecture.md, "Interactive pages paint first",
 * has what the remaining variation is made of: mostly the browser's own navigation task, which
 * Lighthouse's simulation places across the first paint of every page alike.
 */
const audited = [...new Set<string>([...indexablePaths, ...interactivePaths])];

for (const path of audited) {
  test(`Lighthouse ${path}`, async ({ baseURL }) => {
    test.setTimeout(300_000);
    const url = new URL(path, baseURL).toString();
    const headers = path === "/admin" ? await signInAsAdmin(baseURL ?? "") : undefined;
    const gated = CATEGORIES.filter((c) => c !== "seo" || indexable.has(path));
    const passes = (s: Scores) => gated.every((c) => s[c] === 1);

    // One run when it passes. The machine's own load shows up as blocking time in the simulated
    // mobile CPU, so a miss is measured until five runs completed and their median decides, as
    // Lighthouse advises for variable environments. A run Lighthouse itself reports as broken
    // (a runtime error such as NO_NAVSTART) is run again and not counted.
    const runs: Awaited<ReturnType<typeof audit>>[] = [];
    const completed = () => runs.filter((run) => !run.runtimeError);
    while (runs.length < 8) {
      const run = await audit(url, headers);
      runs.push(run);
      console.log(
        `${path} run ${runs.length}: performance ${Math.round(run.scores.performance * 100)}, ${run.timings}`,
      );
      const done = completed();
      if ((done.length === 1 && passes(done[0]?.scores as Scores)) || done.length >= 5) break;
    }
    expect(completed().length, `Lighthouse could not complete a run of ${path}`).toBeGreaterThan(0);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(completed().map((run) => run.scores[c]))]),
    ) as Scores;
    results[path] = scores;

    const report = runs
      .map(
        (run, i) =>
          `run ${i + 1} ${JSON.stringify(run.scores)}${run.runtimeError ? ` error ${run.runtimeError}` : ""}\n  ${run.timings}\n  ${run.below.join("\n  ")}`,
      )
      .join("\n");
    for (const category of gated) {
      expect(scores[category], `${path} ${category}\n${report}`).toBe(1);
    }
    if (headers) expect(runs[0]?.finalUrl, "the dashboard, not a redirect to /login").toBe(url);
  });
}
