import { test } from "@playwright/test";

// Each Playwright project talks to one of the two servers of playwright.config.ts, and each server keeps its
// own local state (D1, KV, the simulated emails, the demo admin's last TOTP step). The running test's
// project names its server's folder.

/** The state folder of the server the running test talks to. */
export function stateDir(): string {
  const { stateDir } = test.info().project.metadata as { stateDir?: string };
  if (!stateDir) throw new Error(`project ${test.info().project.name} names no state folder`);
  return stateDir;
}
