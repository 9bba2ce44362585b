import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { approvedMember, expectAxeClean } from "./members";
import { DEMO_ADMIN, logIn, logInAsAdmin, notice, register, uniqueEmail } from "./support";

// The Activity tab of the admin dashboard: what admins and people do shows up in the audit log
// with who did it, found with the tab's filters, and leaves with its CSV export.

/** A tab of the dashboard, by its name (followed by its count, where it has one). */
function dashboardTab(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: new RegExp(`^${name}( \\d+)?$`) });
}

/** The Activity tab filtered as a person fills in its form. */
async function filterActivity(page: Page, filters: { person?: string; action?: string }) {
  const form = page.getByRole("search", { name: "Filter the activity" });
  await form.getByLabel("Person").fill(filters.person ?? "");
  await form.getByLabel("Action").selectOption(filters.action ?? "");
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]tab=activity/);
}

/** The log's row for an action, as the table shows it. */
function entry(page: Page, action: string) {
  return page
    .getByRole("table", { name: "Audit log entries, newest first" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: action, exact: true }) });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test.skip(({ isMobile }) => isMobile, "the flow runs once, at desktop width; axe runs at both");

    test("approval, deactivation and a failed sign-in appear with who did them", async ({
      page,
      browser,
      request,
    }) => {
      const js = { js: javaScriptEnabled };
      const newcomer = uniqueEmail("activity-new");
      const member = uniqueEmail("activity-member");
      await register(page, newcomer, js);
      await approvedMember(request, member);

      await logInAsAdmin(page, js);
      await dashboardTab(page, "Pending Users").click();
      await page
        .getByRole("row")
        .filter({ hasText: newcomer })
        .getByRole("button", { name: "Approve" })
        .click();
      await expect(notice(page, "User Approved")).toBeVisible();
      await dashboardTab(page, "Users").click();
      await page
        .getByRole("row")
        .filter({ hasText: member })
        .getByRole("button", { name: "Deactivate" })
        .click();
      await expect(notice(page, "User Deactivated")).toBeVisible();

      const elsewhere = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await logIn(elsewhere, newcomer, "not the password", js);
      await expect(notice(elsewhere, "Login Failed")).toBeVisible();

      await dashboardTab(page, "Activity").click();
      await expect(page.getByRole("heading", { name: "Activity", level: 2 })).toBeVisible();
      await filterActivity(page, { person: newcomer });
      const failed = entry(page, "sign-in");
      await expect(failed).toHaveCount(1);
      await expect(failed).toContainText("failure");
      await expect(failed.getByRole("cell").first()).toContainText(newcomer);
      const approval = entry(page, "user-approved");
      await expect(approval).toHaveCount(1);
      await expect(approval.getByRole("cell").first()).toContainText(DEMO_ADMIN.email);
      await expect(approval.getByRole("cell").nth(1)).toContainText(newcomer);

      await filterActivity(page, { person: member, action: "user-deactivated" });
      const deactivation = entry(page, "user-deactivated");
      await expect(deactivation).toHaveCount(1);
      await expect(deactivation.getByRole("cell").first()).toContainText(DEMO_ADMIN.email);
      await expect(deactivation.getByRole("cell").nth(1)).toContainText(member);
      await expect(deactivation).toContainText("success");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^facets-activity-\d{4}-\d\d-\d\d\.csv$/);
      const csv = readFileSync((await download.path()) ?? "", "utf8").split("\r\n");
      expect(csv[0]).toBe(
        '"id","time_utc","actor_id","actor_email","subject_id","subject_email","action","outcome","ip","country","user_agent","request_id"',
      );
      expect(csv.filter((line) => line.includes(',"user-deactivated",'))).toHaveLength(1);
      expect(csv.find((line) => line.includes(',"user-deactivated",'))).toContain(`,"${DEMO_ADMIN.email}",`);

      await filterActivity(page, { person: DEMO_ADMIN.email, action: "audit-exported" });
      await expect(entry(page, "audit-exported").first().getByRole("cell").first()).toContainText(
        DEMO_ADMIN.email,
      );
    });
  });
}

test("the Activity tab is accessible, filtered or not", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/admin?tab=activity");
  await expect(page.getByRole("table", { name: "Audit log entries, newest first" })).toBeVisible();
  await expectAxeClean(page);
  await page.goto(`/admin?tab=activity&person=${encodeURIComponent(uniqueEmail("nobody"))}`);
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  await expectAxeClean(page);
});
