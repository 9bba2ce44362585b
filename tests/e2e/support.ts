import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ADMIN } from "../../scripts/admin-account.ts";
import { nextDemoAdminCode, openAsDemoAdmin } from "./demo-admin";

export { demoAdminCookie } from "./demo-admin";
export { DEMO_ADMIN };

let counter = 0;
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = "a long enough password";

/** The notification a person sees: the toast with JavaScript, the status box without it. */
export function notice(page: Page, title: string) {
  return page.getByText(title, { exact: true }).first();
}

export async function register(page: Page, email: string, { js = true } = {}) {
  await page.goto("/login?tab=register");
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByLabel("First name").fill("Rosa");
  await form.getByLabel("Last name").fill("Parks");
  await form.getByLabel("Company (optional)").fill("Montgomery Co");
  await form.getByLabel("Phone (optional)").fill("+1 555 0199");
  await form.getByLabel("Area of interest").selectOption({ label: "Partnership opportunities" });
  await form.getByRole("button", { name: "Register" }).click();
  await expect(notice(page, "Registration Successful")).toBeVisible();
}

let signIns = 0;

export async function logIn(page: Page, email: string, password: string, { js = true } = {}) {
  // Each sign-in from its own client address: the per-address limit (10 a minute) is the server's to
  // enforce, not something a fast run of the suite should meet by chance.
  signIns += 1;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.18.250.${signIns % 250}` });
  await page.goto("/login");
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

/** Signs in as the demo admin through the form: its password, then a code from its authenticator secret. */
export async function logInAsAdminThroughForm(page: Page, options: { js?: boolean } = {}) {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, options);
  const step = page.getByRole("form", { name: "Second step" });
  await step
    .getByLabel("The code from your authenticator app or a recovery code")
    .fill(await nextDemoAdminCode());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Opens the dashboard as the demo admin, in the session the suite keeps (tests/e2e/demo-admin.ts). With
 * `js`, waits until the dashboard is hydrated: a click before that is a plain page load, so a test of the
 * JavaScript path must not start earlier.
 */
export async function logInAsAdmin(page: Page, options: { js?: boolean } = {}) {
  await openAsDemoAdmin(page, baseUrlOf(page));
  if (options.js) await hydrated(page);
}

/**
 * The admin walks away from this browser (its cookies cleared) without ending the session the suite keeps:
 * signing out would end it, and every new sign-in needs a code of a new 30-second step.
 */
export async function leaveAsAdmin(page: Page) {
  await page.context().clearCookies();
  await page.goto("/");
}

function baseUrlOf(_page: Page): string {
  return test.info().project.use.baseURL ?? "";
}

export async function logOut(page: Page) {
  const header = page.getByRole("banner");
  const inline = header.getByRole("navigation", { name: "Main" });
  if (await inline.isVisible()) {
    await inline.getByRole("button", { name: "Logout" }).click();
  } else {
    await header.getByRole("button", { name: "Open menu" }).click();
    await header.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits until the page's JavaScript has taken over (interactive pages only). On an island page that is
 * each outer island, hydrated by a pointer-down on it as a person's first touch would (app/lib/islands.ts);
 * an island inside another (the passkey button) waits for its own first use.
 */
export async function hydrated(page: Page) {
  const islands = page.locator("[data-island]:not([data-island] [data-island])");
  if ((await islands.count()) === 0) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // A dashboard tab's code loads with the tab, after the page (decision 157).
    await expect(page.locator("[data-list]:not([data-hydrated])")).toHaveCount(0);
    return;
  }
  for (const island of await islands.all()) {
    await island.dispatchEvent("pointerdown");
    await expect(island).toHaveAttribute("data-island-state", "hydrated");
  }
}

/** The queue narrowed to what `text` finds (the list is oldest first, so a new message may be pages away). */
export async function findMessages(page: Page, text: string) {
  const filter = page.getByRole("form", { name: "Filter messages" });
  await filter.getByLabel("Search").fill(text);
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replaceAll(".", "\\.")}`));
}

/**
 * Chooses one of the bulk bar's scopes, again until it holds. Now and then the bar is drawn anew just after
 * a page settles (its scope is keyed, decision 177) and a choice made a moment before goes back to "The
 * ticked ones"; a person sees the dot go back and chooses again. The cause is not yet found (stop 52).
 */
export async function chooseScope(radio: Locator) {
  await expect(async () => {
    await radio.check();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass();
}
