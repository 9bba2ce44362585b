import { defineConfig, devices } from "@playwright/test";

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

/**
 * Three servers of the same production build, each with a throw-away local state folder of its own (its D1,
 * KV, simulated emails and demo admin), so the runs never touch the developer's data or each other's.
 * `flows` serves the desktop journeys, which write; `pages` serves the checks of documents and HTTP, then
 * the phone width; `lighthouse` serves Lighthouse, then the events' scenarios and some page checks. A
 * project's tests run one at a time against its server, and the projects of one server one after another,
 * so no test sees another's writes while it runs; the servers' projects run side by side (decisions 136,
 * 148).
 */
const FLOWS_PORT = Number(process.env.E2E_PORT ?? 8799);
const PAGES_PORT = Number(process.env.E2E_PAGES_PORT ?? FLOWS_PORT + 100);
const LIGHTHOUSE_PORT = Number(process.env.E2E_LIGHTHOUSE_PORT ?? FLOWS_PORT + 200);
// `traces`: whether wrangler dev keeps every invocation's spans and logs in its local trace store. Only the
// server the events are read back from keeps them: the store grows with every span of every request, and a
// journey server keeping it slowed the longest chains into timeouts (decision 181).
const servers = {
  flows: { port: FLOWS_PORT, stateDir: ".wrangler/e2e-state", traces: false },
  pages: { port: PAGES_PORT, stateDir: ".wrangler/e2e-state-pages", traces: false },
  // Lighthouse signs in as the demo admin too: on its own state its codes never meet the phone's. The
  // events' scenarios share it, on the shortest chain.
  lighthouse: { port: LIGHTHOUSE_PORT, stateDir: ".wrangler/e2e-state-lighthouse", traces: true },
};
const on = (server: keyof typeof servers) => ({
  baseURL: `http://127.0.0.1:${servers[server].port}`,
});
/** A laptop's Chromium against one of the servers. */
const desktopOn = (server: keyof typeof servers) => ({
  ...devices["Desktop Chrome"],
  viewport: { width: 1440, height: 900 },
  launchOptions: chromium,
  ...on(server),
});

/**
 * The specs the `pages` server runs at desktop width: they read documents and answers, and sign in only as
 * the demo admin (the audit log's checks write only members of their own). Any spec can run on any server;
 * these lists only balance the three chains. The audit log's checks alone take 7 minutes here; with them
 * and the rest of the page checks the pages chain took 12.4 minutes and was the longest.
 */
const PAGE_SPECS = /\/(prerendered|email-signatures|shell|held-form-pages|videos|audit-verify)\.spec\.ts$/;

/**
 * Journeys the flows server runs after the rest (project `desktop-later`). One run starts a project that
 * depends on another only once every project of the phase before has finished, on any server, so the phone
 * and the events waited for the whole flows chain (3 to 6 minutes idle on their servers). With these in the
 * second phase, each phase's chains are closer in length (decision 183).
 */
const LATER_FLOW_SPECS = /\/(passkeys|confirm-its-you|data-rights)\.spec\.ts$/;

const LIGHTHOUSE_SPEC = /\/lighthouse\.spec\.ts$/;
/**
 * What the `lighthouse` server runs once Lighthouse has scored pages nobody has written to: the events'
 * scenarios (the one server with a trace store), and page checks moved off the pages server's chain.
 */
const AFTER_LIGHTHOUSE_SPECS = /\/(events|pages|bodies|content)\.spec\.ts$/;
const EVENTS_SPEC = /\/events\.spec\.ts$/;

// End-to-end: a real Chromium against the production build served by `wrangler dev`.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One worker per server; each project below runs on one worker.
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // Generous budgets so that only a real hang, never a busy machine, decides a test: every step waits for
  // a state (a URL, a notice, a row, an email), and a passing test takes no longer for them. Sized for both
  // cores shared with a build loop, where a step takes up to six times as long (decision 162).
  timeout: 240_000,
  expect: { timeout: 60_000 },
  use: {
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: [LIGHTHOUSE_SPEC, AFTER_LIGHTHOUSE_SPECS, PAGE_SPECS, LATER_FLOW_SPECS],
      workers: 1,
      metadata: { stateDir: servers.flows.stateDir },
      use: desktopOn("flows"),
    },
    {
      name: "desktop-later",
      testMatch: LATER_FLOW_SPECS,
      workers: 1,
      dependencies: ["desktop"],
      metadata: { stateDir: servers.flows.stateDir },
      use: desktopOn("flows"),
    },
    {
      name: "desktop-pages",
      testMatch: PAGE_SPECS,
      workers: 1,
      metadata: { stateDir: servers.pages.stateDir },
      use: desktopOn("pages"),
    },
    {
      name: "phone",
      // Every spec at a phone's width but Lighthouse (its own mobile preset) and the events (HTTP only).
      testIgnore: [LIGHTHOUSE_SPEC, EVENTS_SPEC],
      workers: 1,
      dependencies: ["desktop-pages"],
      metadata: { stateDir: servers.pages.stateDir },
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 360, height: 800 },
        launchOptions: chromium,
        ...on("pages"),
      },
    },
    // Lighthouse drives its own Chromium with its mobile preset, on its own server from the start: it
    // waited 3.5 minutes behind the phone, on the longest of the servers' chains.
    {
      name: "lighthouse",
      testMatch: LIGHTHOUSE_SPEC,
      workers: 1,
      metadata: { stateDir: servers.lighthouse.stateDir },
      use: on("lighthouse"),
    },
    // The events' scenarios and some page checks at desktop width, after Lighthouse has scored pages nobody
    // has written to yet (`--no-deps` runs them alone).
    {
      name: "after-lighthouse",
      testMatch: AFTER_LIGHTHOUSE_SPECS,
      workers: 1,
      dependencies: ["lighthouse"],
      metadata: { stateDir: servers.lighthouse.stateDir },
      use: on("lighthouse"),
    },
  ],
  // The build's own SITE_ORIGIN, as in production: prerendered pages are only served for the origin
  // they were rendered with, and the forms' same-origin check accepts the test server's origin.
  webServer: Object.values(servers).map(({ port, stateDir, traces }) => ({
    command: "node scripts/prepare-local.ts && node scripts/preview.ts",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    // Ready means answering its URL; the limit only ends a start that hangs (migrations, seed and workerd
    // for three servers at once took over two minutes beside a build).
    timeout: 600_000,
    env: { PORT: String(port), FACETS_STATE_DIR: stateDir, X_LOCAL_OBSERVABILITY: String(traces) },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
