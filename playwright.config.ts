import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8799);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

// End-to-end: a real Chromium against the production build served by `wrangler dev`,
// with a throw-away local state folder so runs never touch the developer's data.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // Generous budgets so that only a real hang, never a busy machine, decides a test: every step waits for
  // a state (a URL, a notice, a row, an email), and a passing test takes no longer for them.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /lighthouse/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: "phone",
      testIgnore: /lighthouse/,
      use: { ...devices["Pixel 7"], viewport: { width: 360, height: 800 }, launchOptions: chromium },
    },
    // Lighthouse drives its own Chromium with its mobile preset, once, after the other suites.
    { name: "lighthouse", testMatch: /lighthouse\.spec\.ts/, dependencies: ["desktop", "phone"] },
  ],
  webServer: {
    // The build's own SITE_ORIGIN, as in production: prerendered pages are only served for the origin
    // they were rendered with, and the forms' same-origin check accepts the test server's origin.
    command: "node scripts/prepare-local.ts && node scripts/preview.ts",
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), FACETS_STATE_DIR: ".wrangler/e2e-state" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
