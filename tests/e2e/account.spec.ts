import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { signInAsDemoAdmin } from "./demo-admin";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { DEMO_ADMIN, hydrated, PASSWORD, uniqueEmail } from "./support";

// /account in Chromium, with and without JavaScript: sent to sign in first and brought back,
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

// An administrator's profile has no area of interest, so saving it (a typo in the name fixed)
// leaves them an administrator, with and without JavaScript; /api/account reads the D1 row.
for (const javaScriptEnabled of [true, false]) {
  test(`an administrator fixes their name and stays an administrator (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
    baseURL,
  }, { project }) => {
    test.skip(project.name === "phone", "the plain form is the same at every width");
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signInAsDemoAdmin(page, baseURL ?? "");
    const role = async () =>
      ((await (await page.request.get("/api/account")).json()) as { userTypeId: number }).userTypeId;
    expect(await role()).toBe(1);

    const save = async (lastName: string) => {
      await page.goto("/account");
      const profile = page.getByRole("form", { name: "Profile" });
      await expect(profile.getByLabel("Area of interest")).toHaveCount(0);
      await expect(profile).toContainText("Role: administrator");
      await profile.getByLabel("Last name").fill(lastName);
      await profile.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Your profile was saved.").first()).toBeVisible();
      await expect(page.getByRole("form", { name: "Profile" }).getByLabel("Last name")).toHaveValue(lastName);
      expect(await role()).toBe(1);
    };
    await save(`${DEMO_ADMIN.lastName}n`);
    await save(DEMO_ADMIN.lastName);
    // An administrator's page also has how they hear of new messages and registrations (decision 154).
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("radio")).toHaveCount(3);
    if (javaScriptEnabled) await expectAxeClean(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await context.close();
  });
}

// Every card of the account pages shows whole, below the page's hero, at desktop and phone
// width; and no session reads as last seen before it started.
test("the account pages' cards sit below the hero, and last seen never precedes started", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("acct-layout");
  await approvedMember(request, email);
  // Without JavaScript the sign-in's notice is part of the page (with it, it is a toast), as the
  // review saw it; the pages are the same markup either way.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "CF-Connecting-IP": clientIp() },
  });
  const page = await context.newPage();
  await page.goto("/login?next=/account");
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account");
  // The notice the sign-in left (the page has no script, so it stays) shows whole too: inside the
  // width of the screen, and clear of the hero below it.
  const welcome = await page.getByRole("status").filter({ hasText: "Login Successful" }).boundingBox();
  const heroTop = await page
    .locator("#main > div")
    .filter({ has: page.getByRole("heading", { level: 1 }) })
    .boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(welcome).not.toBeNull();
  if (welcome && heroTop) {
    expect(welcome.x).toBeGreaterThanOrEqual(8);
    expect(welcome.x + welcome.width).toBeLessThanOrEqual(width - 8);
    expect(welcome.y + welcome.height).toBeLessThanOrEqual(heroTop.y - 16);
  }

  for (const [path, firstCard] of [
    ["/account", "Profile"],
    ["/account/security", "Authenticator app"],
  ] as const) {
    await page.goto(path);
    const hero = page.locator("#main > div").filter({ has: page.getByRole("heading", { level: 1 }) });
    const heroBox = await hero.boundingBox();
    const cardBox = await page.getByRole("region", { name: firstCard }).boundingBox();
    expect(heroBox, path).not.toBeNull();
    expect(cardBox, path).not.toBeNull();
    if (!heroBox || !cardBox) continue;
    // A clear gap between the hero's bottom edge and the card's top edge (its border and rounded corners).
    expect(cardBox.y, path).toBeGreaterThanOrEqual(heroBox.y + heroBox.height + 16);
  }

  await page.goto("/account");
  const times = await page
    .getByRole("region", { name: "Sessions" })
    .getByText(/^Started /)
    .allTextContents();
  expect(times.length).toBeGreaterThan(0);
  for (const line of times) {
    const [, started, seen] = /^Started (.+ UTC) · last seen (.+ UTC)/.exec(line) ?? [];
    expect(Date.parse(seen ?? ""), line).toBeGreaterThanOrEqual(Date.parse(started ?? ""));
  }
  await context.close();
});
