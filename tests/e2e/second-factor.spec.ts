import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { expect } from "@playwright/test";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets.ts";
import { test } from "./browser-test";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { hydrated, logIn, notice, PASSWORD, uniqueEmail } from "./support";

// In Chromium, with and without JavaScript: a member sets up an authenticator app on
// /account/security (QR code and key, confirmed by a code computed here from the key, as the app would),
// sees the recovery codes once, then signs in with the second step; a recovery code works once.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

const step = () => Math.floor(Date.now() / 30_000);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a member turns on an authenticator app and signs in with its codes", async ({ page, request }) => {
      const js = { js: javaScriptEnabled };
      const email = uniqueEmail("totp");
      await approvedMember(request, email, "Katherine");
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await logIn(page, email, PASSWORD, js);
      await expect(page).toHaveURL(/\/$/);

      await page.goto("/account");
      await page.getByRole("link", { name: "Manage sign-in security" }).click();
      await expect(page).toHaveURL(/\/account\/security$/);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      await expect(page.getByRole("img", { name: "QR code of the authenticator app's key" })).toBeVisible();
      const key = (await page.locator("code").first().textContent())?.replaceAll(" ", "") ?? "";
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      if (javaScriptEnabled) await expectAxeClean(page);
      const secret = decodeBase32IgnorePadding(key);
      const form = page.getByRole("form", { name: "Confirm the authenticator app" });
      await form.getByLabel("Six-digit code from the app").fill(totpCodeAt(secret, step()));
      await form.getByRole("button", { name: "Turn on" }).click();
      await expect(notice(page, "Authenticator app on")).toBeVisible();
      const codes = await page
        .getByRole("list", { name: "Recovery codes" })
        .getByRole("listitem")
        .allTextContents();
      expect(codes).toHaveLength(10);
      await page.goto("/account");
      await expect(page.getByText("10 recovery codes left.")).toBeVisible();

      // Signed out, the password alone is not enough: the second step asks for a code.
      await page.context().clearCookies();
      await logIn(page, email, PASSWORD, js);
      const second = page.getByRole("form", { name: "Second step" });
      await expect(second).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      const field = second.getByLabel("The code from your authenticator app or a recovery code");
      await field.fill("000000");
      await second.getByRole("button", { name: "Verify" }).click();
      await expect(notice(page, "Login Failed")).toBeVisible();
      await page
        .getByRole("form", { name: "Second step" })
        .getByLabel("The code from your authenticator app or a recovery code")
        .fill(totpCodeAt(secret, step() + 1));
      await page.getByRole("form", { name: "Second step" }).getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/$/);

      // A recovery code signs in once.
      await page.context().clearCookies();
      await logIn(page, email, PASSWORD, js);
      const recovery = page.getByRole("form", { name: "Second step" });
      await recovery
        .getByLabel("The code from your authenticator app or a recovery code")
        .fill(codes[0] ?? "");
      await recovery.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/account");
      await expect(page.getByText("9 recovery codes left.")).toBeVisible();
    });
  });
}
