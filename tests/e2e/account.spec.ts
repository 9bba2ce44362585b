import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated, PASSWORD, uniqueEmail } from "./support";

// /account in Chromium (issue 18), with and without JavaScript: sent to sign in first and brought back,
// the profile saved, another session seen and signed out, the password changed; axe-clean.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
let ip = 0;
function clientIp() {
  ip += 1;
  return `198.18.200.${ip}`;
}

/** A member registered over the API and approved by the demo admin over the API. */
async function approvedMember(request: APIRequestContext, email: string) {
  const headers = { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() };
  await request.post("/api/register", {
    headers,
    data: { email, password: PASSWORD, firstName: "Mary", lastName: "Jackson", userTypeId: 2 },
  });
  const admin = await request.post("/api/login", {
    headers: { ...headers, "CF-Connecting-IP": clientIp() },
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  const cookie = admin.headers()["set-cookie"]?.split(";")[0] ?? "";
  const pending = (await (
    await request.get("/api/admin/pending-users", { headers: { Cookie: cookie } })
  ).json()) as { id: number; email: string }[];
  const id = pending.find((user) => user.email === email)?.id;
  expect(id, `${email} is pending`).toBeDefined();
  const approved = await request.post(`/api/admin/approve-user/${id}`, { headers: { Cookie: cookie } });
  expect(approved.status()).toBe(200);
}

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
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(violations.map((violation) => violation.id)).toEqual([]);
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
