import { test as base } from "@playwright/test";

// Playwright's `test`, with each test's browser a client of its own. A request without CF-Connecting-IP is
// one client to the server (app/server/client-address.ts), so without this every page of the suite would
// share one client's per-minute budgets: opening a conversation's link counts against the contact budget,
// and a chain that happened to open more than ten such pages in one minute was refused ("Too many
// attempts") with nothing changed. A test that sets its own address (`page.setExtraHTTPHeaders`, or a
// context of its own) still decides for itself; `request` calls carry their own, where a test needs one.

let contexts = 0;

export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    contexts += 1;
    // 198.19.0.0/16, which no other helper hands out: the worker's index (unique in a run, a restarted
    // worker gets a new one) and a count within it.
    const address = `198.19.${testInfo.workerIndex % 256}.${(contexts % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
    await use(context);
  },
});
