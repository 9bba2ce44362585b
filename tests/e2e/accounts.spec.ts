import { expect } from "@playwright/test";
import { test } from "./browser-test";
import {
  DEMO_ADMIN,
  hydrated,
  logIn,
  logInAsAdminThroughForm,
  logOut,
  notice,
  PASSWORD,
  register,
  uniqueEmail,
} from "./support";

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width; the shell is tested at both");

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a visitor registers, an admin approves, the user logs in and out", async ({ page }) => {
      const email = uniqueEmail(javaScriptEnabled ? "js" : "nojs");
      const js = { js: javaScriptEnabled };
      await register(page, email, js);

      await logIn(page, email, PASSWORD, js);
      await expect(notice(page, "Login Failed")).toBeVisible();
      await expect(page.getByText("Invalid credentials or account not approved").first()).toBeVisible();

      await logInAsAdminThroughForm(page, js);
      await expect(notice(page, "Login Successful")).toBeVisible();
      await expect(page.getByText(`Welcome back, ${DEMO_ADMIN.firstName}!`).first()).toBeVisible();
      const card = page.getByRole("row").filter({ hasText: email });
      await expect(card).toContainText("Partnership opportunities");
      await card.getByRole("button", { name: "Approve" }).click();
      await expect(notice(page, "User Approved")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
      await logOut(page);

      await logIn(page, email, PASSWORD, js);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Welcome back, Rosa!").first()).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
      await logOut(page);
      await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
      await expect(nav.getByRole("button", { name: "Logout" })).toHaveCount(0);
    });

    test("register shows field errors, including mismatched passwords", async ({ page }) => {
      await page.goto("/login?tab=register");
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Register" });
      await form.getByLabel("Email").fill("not-an-email");
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByLabel("Confirm password").fill(`${PASSWORD}!`);
      if (!javaScriptEnabled) {
        // Without JavaScript the browser's own checks run first; skip them to reach the server's answer.
        await form.evaluate((element) => element.setAttribute("novalidate", ""));
      }
      await form.getByRole("button", { name: "Register" }).click();
      await expect(form.getByText("Passwords don't match")).toBeVisible();
      await expect(form.getByText("Please enter a valid email address")).toBeVisible();
      await expect(form.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    });
  });
}

test("the login form re-validates on change after the first submit", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByRole("button", { name: "Login" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Password is required")).toBeVisible();
  await form.getByLabel("Email").fill("someone@example.com");
  await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
});

test("the tabs work by keyboard", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  const loginTab = page.getByRole("tab", { name: "Login" });
  await expect(loginTab).toHaveAttribute("aria-selected", "true");
  await loginTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Register" })).toBeFocused();
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
});
