import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { expect, type Page, test } from "@playwright/test";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets.ts";
import { DEMO_ADMIN } from "../../scripts/admin-account.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../../scripts/local-secrets.ts";
import { stateDir } from "./state";

// The demo admin signs in with its password and a code computed from its documented secret, as a person
// with an authenticator app would. Each code works once, so the suite keeps one signed-in admin session
// (checked before each use) instead of signing in again for every test, and picks a step no earlier
// sign-in of this run has used. A kept session is renewed before "Confirm it's you" would ask for a new sign-in.

const secret = decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET);
const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

// The last step used lives beside the server's state, not in this process: a Playwright worker that
// restarts after a failure must not offer a step the server has already claimed (that is a wrong code,
// and wrong codes count towards a lockout).
const lastStepFile = () => `${stateDir()}/demo-admin-last-step`;
function lastStep(): number {
  try {
    return Number(readFileSync(lastStepFile(), "utf8")) || 0;
  } catch {
    return 0;
  }
}

/**
 * Gives the running test the time it is about to spend waiting for the clock, so a wait for a new
 * 30-second step never eats the budget of the steps that follow it.
 */
function allowInThisTest(ms: number) {
  try {
    const info = test.info();
    info.setTimeout(info.timeout + ms);
    // Named in the report, so the suite's time spent waiting for the clock can be added up.
    info.annotations.push({ type: "waited for a TOTP step", description: `${ms} ms` });
  } catch {
    // Outside a test (a set-up script): no budget to extend.
  }
}

/**
 * A code of a step later than any this state has used: now, or the next step (accepted one step early).
 * A third sign-in within one step waits for the clock, and the test is given that time.
 */
export async function nextDemoAdminCode(): Promise<string> {
  const step = Math.max(currentStep(), lastStep() + 1);
  const acceptableAt = (step - 1) * STEP_MS;
  const wait = acceptableAt - Date.now();
  if (wait > 0) {
    allowInThisTest(wait + 1_000);
    await new Promise((resolve) => setTimeout(resolve, wait + 250));
  }
  mkdirSync(dirname(lastStepFile()), { recursive: true });
  writeFileSync(lastStepFile(), String(step));
  return totpCodeAt(secret, step);
}

let addresses = 0;
const clientIp = () => `198.18.240.${(addresses++ % 250) + 1}`;

let cached: string | null = null;
let cachedAt = 0;
/** Younger than "Confirm it's you" asks for (10 minutes), so admin actions that need it go straight on. */
const FRESH_FOR_MS = 8 * 60_000;

/** The Cookie header of a signed-in demo admin session (kept across tests while it lives). */
export async function demoAdminCookie(baseURL: string): Promise<string> {
  if (cached && Date.now() - cachedAt < FRESH_FOR_MS) {
    const me = await fetch(new URL("/api/auth/me", baseURL), { headers: { Cookie: cached } });
    if (me.status === 200) return cached;
    cached = null;
  }
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const response = await fetch(new URL("/api/login", baseURL), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: new URL(baseURL).origin,
        "CF-Connecting-IP": clientIp(),
      },
      body: JSON.stringify({
        email: DEMO_ADMIN.email,
        password: DEMO_ADMIN.password,
        code: await nextDemoAdminCode(),
      }),
    });
    const cookie = response.headers.get("set-cookie")?.split(";")[0];
    if (response.status === 200 && cookie) {
      cached = cookie;
      cachedAt = Date.now();
      return cookie;
    }
  }
  throw new Error("The demo admin could not sign in with its password and code.");
}

/**
 * Keeps, as the demo admin's session, the one this page's browser holds: "Confirm it's you" gives a session a
 * new token, and without this the next test would sign in again and wait for a code of a new step.
 */
export async function keepDemoAdminSessionOf(page: Page) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "session");
  if (!session) return;
  cached = `session=${session.value}`;
  cachedAt = Date.now();
}

/** Gives the page's browser the demo admin's kept session. */
export async function signInAsDemoAdmin(page: Page, baseURL: string) {
  const cookie = await demoAdminCookie(baseURL);
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

/** Signs the page's browser in as the demo admin (the kept session) and opens the dashboard. */
export async function openAsDemoAdmin(page: Page, baseURL: string) {
  await signInAsDemoAdmin(page, baseURL);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
}
