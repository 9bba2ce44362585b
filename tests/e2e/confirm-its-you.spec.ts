import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { keepDemoAdminSessionOf, nextDemoAdminCode, signInAsDemoAdmin } from "./demo-admin";
import { approvedMember, clientIp } from "./members";
import { addPasskeyAs, addVirtualAuthenticator, secureOrigin } from "./passkey-device";
import { stateDir } from "./state";
import { DEMO_ADMIN, hydrated, logIn, notice, PASSWORD, uniqueEmail } from "./support";

// In Chromium, with and without JavaScript: an action refused for want of a recent sign-in is
// stored on the server, and "Confirm it's you" names it (with the target's address) before it goes on:
// on its own page for the dashboard, in place on /account/security. A link that names an action in its
// address confirms nothing.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

/** Makes an account's sessions older than "Confirm it's you" allows, in the running server's local D1. */
function staleSessions(email: string) {
  const result = spawnSync(
    "npx",
    [
      "--no-install",
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      stateDir(),
      "--command",
      `UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = (SELECT id FROM users WHERE email = '${email.toLowerCase()}')`,
    ],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
  );
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
}

function usersTab(page: Page) {
  return page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: /^Users \d+$/ });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the dashboard's Confirm it's you page names the action, then runs it", async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const member = uniqueEmail("confirm-target");
      await approvedMember(request, member, "Dorothy");
      await signInAsDemoAdmin(page, baseURL ?? "");
      staleSessions(DEMO_ADMIN.email);

      await page.goto("/admin?tab=users");
      // Hydrated, the form posts through the router's data request; the way back must still be the page.
      if (javaScriptEnabled) await hydrated(page);
      await usersTab(page).click();
      await page
        .getByRole("row")
        .filter({ hasText: member })
        .getByRole("button", { name: "Deactivate" })
        .click();
      await expect(page).toHaveURL(/\/confirm-its-you\?ref=[a-z2-7]{52}$/);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Confirm it's you" });
      await expect(form).toBeVisible();
      await expect(page.getByText(`Deactivate the account of ${member}`, { exact: true })).toBeVisible();
      await expect(form).toHaveAccessibleDescription(`Deactivate the account of ${member}`);

      await form.getByLabel("Password").fill(DEMO_ADMIN.password);
      await form
        .getByLabel("The code from your authenticator app or a recovery code")
        .fill(await nextDemoAdminCode());
      await form.getByRole("button", { name: "Confirm and continue" }).click();
      await expect(page).toHaveURL(/\/admin\?tab=users$/);
      await expect(notice(page, "User Deactivated")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: member })).toContainText("Deactivated");
      await keepDemoAdminSessionOf(page);
    });

    test("the Activity tab's CSV asks Confirm it's you, then the tab offers it again", async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await signInAsDemoAdmin(page, baseURL ?? "");
      staleSessions(DEMO_ADMIN.email);

      await page.goto("/admin?tab=activity&action=sign-in");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("link", { name: "Export CSV" }).click();
      await expect(page).toHaveURL(/\/confirm-its-you\?ref=[a-z2-7]{52}$/);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Confirm it's you" });
      await expect(form).toHaveAccessibleDescription("Export the activity log as a CSV file");
      await form.getByLabel("Password").fill(DEMO_ADMIN.password);
      await form
        .getByLabel("The code from your authenticator app or a recovery code")
        .fill(await nextDemoAdminCode());
      await form.getByRole("button", { name: "Confirm and continue" }).click();
      // Back on the tab with its filter, not left on the spent form while a file downloads.
      await expect(page).toHaveURL(/\/admin\?tab=activity&action=sign-in$/);
      await expect(
        page.getByText("Now choose Export CSV to download the activity log.").first(),
      ).toBeVisible();
      await expect(form).toHaveCount(0);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^facets-activity-\d{4}-\d\d-\d\d\.csv$/);
      const rows = readFileSync((await download.path()) ?? "", "utf8")
        .split("\r\n")
        .slice(1);
      expect(rows.filter((row) => row !== "").every((row) => row.includes(',"sign-in",'))).toBe(true);
      await keepDemoAdminSessionOf(page);
    });

    test("a link that names an action in its address has nothing to confirm", async ({ page, baseURL }) => {
      await signInAsDemoAdmin(page, baseURL ?? "");
      await page.goto("/confirm-its-you?next=%2Fadmin%3Ftab%3Dusers&resume=reset-second-factors&id=1");
      await expect(page.getByText("There is nothing to confirm.")).toBeVisible();
      await expect(page.getByLabel("Password")).toHaveCount(0);
    });

    test("/account's copy of your data asks Confirm it's you after 10 minutes, then downloads", async ({
      page,
      request,
    }) => {
      const email = uniqueEmail("confirm-data");
      await approvedMember(request, email, "Grace");
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await logIn(page, email, PASSWORD, { js: javaScriptEnabled });
      await expect(page).toHaveURL(/\/$/);
      staleSessions(email);

      await page.goto("/account");
      await page.getByRole("link", { name: "Download my data" }).click();
      await expect(page).toHaveURL(/\/confirm-its-you\?ref=[a-z2-7]{52}$/);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Confirm it's you" });
      await expect(form).toHaveAccessibleDescription("Download a copy of your data");
      await form.getByLabel("Password").fill(PASSWORD);
      await form.getByRole("button", { name: "Confirm and continue" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account" && url.hash === "#data");
      await expect(page.getByText("Now choose Download my data to get your copy.").first()).toBeVisible();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^facets-data-\d{4}-\d\d-\d\d\.json$/);
      const copy = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
      expect(copy).toMatchObject({ email: email.toLowerCase(), account: { firstName: "Grace" } });
    });

    test("/account/security names the action in place, then runs it", async ({ page, request }) => {
      const email = uniqueEmail("confirm-member");
      await approvedMember(request, email, "Mae");
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await logIn(page, email, PASSWORD, { js: javaScriptEnabled });
      await expect(page).toHaveURL(/\/$/);
      staleSessions(email);

      await page.goto("/account/security");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const form = page.getByRole("form", { name: "Confirm it's you" });
      await expect(form).toBeVisible();
      await expect(form).toHaveAccessibleDescription("Set up an authenticator app");
      await form.getByLabel("Password").fill(PASSWORD);
      await form.getByRole("button", { name: "Confirm and continue" }).click();
      await expect(page.getByRole("img", { name: "QR code of the authenticator app's key" })).toBeVisible();
      await expect(form).toHaveCount(0);
    });
  });
}

test("a passkey confirms it's you, and the stored download goes on", async ({ page, request, baseURL }) => {
  const origin = secureOrigin(baseURL);
  const email = uniqueEmail("confirm-passkey");
  await approvedMember(request, email, "Hedy");
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  await addVirtualAuthenticator(page);
  await addPasskeyAs(page, email, "Test laptop", origin);
  staleSessions(email);

  await page.goto(`${origin}/account`);
  await page.getByRole("link", { name: "Download my data" }).click();
  await expect(page).toHaveURL(/\/confirm-its-you\?ref=[a-z2-7]{52}$/);
  await hydrated(page);
  await expect(page.getByRole("form", { name: "Confirm it's you" })).toHaveAccessibleDescription(
    "Download a copy of your data",
  );
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account" && url.hash === "#data");
  await expect(page.getByText("Now choose Download my data to get your copy.").first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^facets-data-\d{4}-\d\d-\d\d\.json$/);
});
