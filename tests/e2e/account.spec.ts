import { expect, test } from "@playwright/test";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { hydrated, PASSWORD, uniqueEmail } from "./support";

// /account in Chromium (issue 18), with and without JavaScript: sent to sign in first and brought back,
// the profile saved, another session seen and signed out, the password changed; axe-clean.

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a member keeps their own account", async ({ page, browser, request }, { project }) => {
      test.skip(
        project.name === "phone" && !javaScriptEnabled,
        "the plain forms are the same at every width",
      );
      const email = uniqueEmail(javaScriptEnabled ? "acct-js" : "acct-nojs");
      await approvedMember(request, email);
      // Its own client address, so the per-address sign-in limit is not shared with other tests.
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });

      await page.goto("/account");
      await expect(page).toHaveURL(/\/login\?next=\/account$/);
      if (javaScriptEnabled) await hydrated(page);
      const login = page.getByRole("form", { name: "Login" });
      await login.getByLabel("Email").fill(email);
      await login.getByLabel("Password").fill(PASSWORD);
      await login.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account");
      await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
      if (javaScriptEnabled) {
        // axe runs as a script in the page.
        await expectAxeClean(page);
      }

      const profile = page.getByRole("form", { name: "Profile" });
      await profile.getByLabel("First name").fill("Dorothy");
      await profile.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Your profile was saved.").first()).toBeVisible();
      await expect(page.getByRole("form", { name: "Profile" }).getByLabel("First name")).toHaveValue(
        "Dorothy",
      );

      // A second browser signs in; this one sees it and signs it out.
      const other = await browser.newContext({
        javaScriptEnabled,
        extraHTTPHeaders: { "CF-Connecting-IP": clientIp() },
      });
      const otherPage = await other.newPage();
      await otherPage.goto("/login?next=/account");
      if (javaScriptEnabled) await hydrated(otherPage);
      const otherLogin = otherPage.getByRole("form", { name: "Login" });
      await otherLogin.getByLabel("Email").fill(email);
      await otherLogin.getByLabel("Password").fill(PASSWORD);
      await otherLogin.getByRole("button", { name: "Login" }).click();
      await expect(otherPage).toHaveURL((url) => url.pathname === "/account");
      await page.goto("/account");
      const sessions = page.getByRole("region", { name: "Sessions" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await sessions.getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(page.getByText("That session was signed out.").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);
      await otherPage.goto("/account");
      await expect(otherPage).toHaveURL(/\/login\?next=\/account$/);
      await other.close();

      const password = page.getByRole("form", { name: "Change password" });
      await password.getByLabel("Current password").fill(PASSWORD);
      await password.getByLabel("New password").fill("a newer long passphrase");
      await password.getByLabel("Confirm password").fill("a newer long passphrase");
      await password.getByRole("button", { name: "Change password" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account");
      await expect(page.getByText("every other session was signed out").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Password changed");
    });
  });
}
