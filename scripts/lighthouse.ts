// `npm run lighthouse`: Lighthouse's scores for every page, for reading (docs/standards.md, Budgets), as
// `npm run bench` does for throughput. Serves the production build like the test suite, runs each page
// LIGHTHOUSE_RUNS times (default 3) and prints the table of performance, FCP, LCP and TBT (min–max) and
// the other categories; reports/lighthouse.json keeps every run. Build first (`npm run build`).
import { spawnSync } from "node:child_process";

const result = spawnSync(
  "npx",
  ["--no-install", "playwright", "test", "--project", "lighthouse", "--no-deps"],
  {
    stdio: "inherit",
    env: { ...process.env, LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? "3" },
  },
);
process.exit(result.status ?? 1);
