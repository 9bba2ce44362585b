import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { indexablePaths } from "../../app/content/site-pages";
import { interactivePages } from "./routes";

// Lighthouse (mobile preset, simulated throttling) on every public route. GUIDE.md section 4:
// 100 for accessibility, best practices and SEO everywhere; performance 100 on content pages and at
// least 95 on interactive ones. The scores of the run are written to reports/lighthouse.json.

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

for (const path of indexablePaths) {
  test(`Lighthouse ${path}`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const result = await lighthouse(new URL(path, baseURL).toString(), {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const categories = result?.lhr.categories;
    expect(categories, `Lighthouse returned no result for ${path}`).toBeDefined();
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categories?.[c]?.score ?? 0])) as Scores;
    results[path] = scores;

    const failing = Object.values(result?.lhr.audits ?? {})
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
      .map((audit) => `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    const report = `${path}: ${JSON.stringify(scores)}\nAudits below 100:\n  ${failing.join("\n  ")}`;

    expect(scores.accessibility, report).toBe(1);
    expect(scores["best-practices"], report).toBe(1);
    expect(scores.seo, report).toBe(1);
    expect(scores.performance, report).toBeGreaterThanOrEqual(interactivePages.has(path) ? 0.95 : 1);
  });
}
