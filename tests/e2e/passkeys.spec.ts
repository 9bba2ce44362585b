import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { PASSKEYS_MUST_STAY } from "../../app/lib/account-messages.ts";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets.ts";
import { test } from "./browser-test";
import { emailTo, linkIn } from "./mailbox";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { addPasskeyAs, addVirtualAuthenticator, secureOrigin } from "./passkey-device";
import { hydrated, notice, PASSWORD, uniqueEmail } from "./support";

// Passkeys through Chromium's virtual authenticator (the WebAuthn domain of the DevTools
// protocol), with user verification. WebAuthn needs a secure context, which http://localhost is and
// http://127.0.0.1 is not, so this test runs on the same server through "localhost".

test.skip(({ isMobile }) => isMobile, "once, at desktop width");

test("a member adds a passkey, signs in with it alone, and removes it", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = secureOrigin(baseURL);
  const email = uniqueEmail("passkey");
  await approvedMember(request, email, "Grace");
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  await addVirtualAuthenticator(page);
  await addPasskeyAs(page, email, "Test laptop", origin);
  await expectAxeClean(page);
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  // A first second factor brings the recovery codes, shown once.
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);

  // Signed out, the passkey alone signs in: no password, no code.
  await page.context().clearCookies();
  await page.goto(`${origin}/login`);
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${origin}/`);
  const activity = await page.request.get(`${origin}/api/account/activity`);
  expect(activity.status()).toBe(200);
  const events = (await activity.json()) as { action: string; outcome: string }[];
  expect(events[0]).toMatchObject({ action: "sign-in-passkey", outcome: "success" });

  // A password sign-in now needs the second factor too.
  const passwordOnly = await page.request.post(`${origin}/api/login`, {
    headers: { "CF-Connecting-IP": clientIp() },
    data: { email, password: PASSWORD },
  });
  expect(passwordOnly.status()).toBe(401);
  expect(await passwordOnly.json()).toMatchObject({ secondFactor: "required" });

  await page.goto(`${origin}/account/security`);
  await page.getByRole("form", { name: "Remove the passkey Test laptop" }).getByRole("button").click();
  await expect(notice(page, "Passkey removed")).toBeVisible();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

/** A browser page on `origin` with Chromium's virtual authenticator, which holds passkeys and verifies the user. */
async function withAuthenticator(browser: Browser, origin: string): Promise<Page> {
  // JavaScript on whatever the test's own page uses: WebAuthn runs in the page.
  const page = await (await browser.newContext({ baseURL: origin, javaScriptEnabled: true })).newPage();
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  await addVirtualAuthenticator(page);
  return page;
}

/**
 * Turns on an authenticator app for the page's signed-in session over the API, as the app would (its code
 * computed here from the key); returns the key.
 */
async function turnOnAppAs(page: Page): Promise<Uint8Array> {
  const headers = { "CF-Connecting-IP": clientIp() };
  const started = await page.request.post("/api/auth/totp", { headers, data: {} });
  expect(started.status()).toBe(201);
  const secret = decodeBase32IgnorePadding(((await started.json()) as { secret: string }).secret);
  const confirmed = await page.request.post("/api/auth/totp/confirm", {
    headers,
    data: { code: totpCodeAt(secret, step()) },
  });
  expect(confirmed.status()).toBe(200);
  return secret;
}

const step = () => Math.floor(Date.now() / 30_000);

/** Asks for a reset link over the API and opens it on `page`, from the email as its owner would. */
async function openResetLink(page: Page, request: APIRequestContext, email: string) {
  const asked = await request.post("/api/auth/forgot-password", {
    headers: { "CF-Connecting-IP": clientIp() },
    data: { email },
  });
  expect(asked.status()).toBe(202);
  const link = new URL(linkIn(await emailTo(email, "Reset your FACETS password"), "/reset-password"));
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  await page.goto(`${link.pathname}${link.search}`);
}

/** Fills in and saves the new password on the reset page; the toast on /login says it changed. */
async function saveNewPassword(page: Page, newPassword: string) {
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page, "Password changed")).toBeVisible();
}

/** Signs in on the authenticator's page with its passkey alone. */
async function passkeySignIn(device: Page, origin: string) {
  await device.goto("/login");
  await hydrated(device);
  await device.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(device).toHaveURL(`${origin}/`);
}

/** An approved member with one passkey ("Test laptop", its email received), signed in on that device. */
async function memberWithPasskey(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
) {
  const origin = secureOrigin(baseURL);
  await approvedMember(request, email, "Grace");
  const device = await withAuthenticator(browser, origin);
  await addPasskeyAs(device, email, "Test laptop");
  await emailTo(email, "A passkey was added to your FACETS account", "If this was not you");
  return { origin, device };
}

// The emailed reset link's page lists the account's passkeys. A reset link is only a mailbox, and
// a mailbox alone takes no second factor away: when the passkeys are the only one they stay, and the page
// says why; when an authenticator app remains, it asks whether to keep them. A plain form: with JavaScript
// the box is ticked and they stay; without it the box is left as it comes (unticked) and they go.
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a password reset keeps the passkeys that are the only second factor, and says why", async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // Two browsers, two emails to wait for, and two passkey ceremonies.
      test.slow();
      const email = uniqueEmail(javaScriptEnabled ? "reset-only-js" : "reset-only-nojs");
      const { origin, device } = await memberWithPasskey(browser, request, baseURL, email);
      await device.context().clearCookies();

      await openResetLink(page, request, email);
      const listed = page.getByRole("list", { name: "Passkeys of this account" });
      await expect(listed.getByRole("listitem")).toHaveCount(1);
      await expect(listed).toContainText("Test laptop");
      await expect(page.getByText(PASSKEYS_MUST_STAY)).toBeVisible();
      await expect(page.getByRole("checkbox")).toHaveCount(0);
      if (javaScriptEnabled) await expectAxeClean(page);
      await saveNewPassword(page, "a completely new password");
      await expect(page.getByText("Your passkeys were removed.")).toHaveCount(0);

      // Kept: the new password alone is not enough, and the passkey still signs in.
      const login = await request.post("/api/login", {
        headers: { "CF-Connecting-IP": clientIp() },
        data: { email, password: "a completely new password" },
      });
      expect(login.status()).toBe(401);
      expect(await login.json()).toMatchObject({ secondFactor: "required" });
      await passkeySignIn(device, origin);
      await device.context().close();
    });

    test("a password reset lists the passkeys and, while an authenticator app remains, keeps them only when asked", async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // Two browsers, three emails to wait for, and a passkey ceremony.
      test.slow();
      const email = uniqueEmail(javaScriptEnabled ? "reset-keys-js" : "reset-keys-nojs");
      const { origin, device } = await memberWithPasskey(browser, request, baseURL, email);
      const secret = await turnOnAppAs(device);
      await device.context().clearCookies();

      await openResetLink(page, request, email);
      const listed = page.getByRole("list", { name: "Passkeys of this account" });
      await expect(listed.getByRole("listitem")).toHaveCount(1);
      await expect(listed).toContainText("Test laptop");
      await expect(listed).toContainText(/Added [A-Z][a-z]{2} \d{1,2}, \d{4}, .+ UTC, not used yet/);
      await expect(page.getByText(PASSKEYS_MUST_STAY)).toHaveCount(0);
      const keep = page.getByLabel("Keep these passkeys");
      await expect(keep).not.toBeChecked();
      if (javaScriptEnabled) {
        await expectAxeClean(page);
        await keep.check();
      }
      const newPassword = "a completely new password";
      await saveNewPassword(page, newPassword);

      // Either way the new password alone is not enough: the app remains.
      const login = await request.post("/api/login", {
        headers: { "CF-Connecting-IP": clientIp() },
        data: { email, password: newPassword },
      });
      expect(login.status()).toBe(401);
      expect(await login.json()).toMatchObject({ secondFactor: "required" });
      if (javaScriptEnabled) {
        // Kept: the passkey still signs in.
        await passkeySignIn(device, origin);
      } else {
        // Removed: the owner is told; the app's code still signs in with the new password.
        await expect(page.getByText("Your passkeys were removed.").first()).toBeVisible();
        await emailTo(
          email,
          "The passkeys of your FACETS account were removed",
          "as chosen on the reset page",
        );
        const withCode = await request.post("/api/login", {
          headers: { "CF-Connecting-IP": clientIp() },
          data: { email, password: newPassword, code: totpCodeAt(secret, step() + 1) },
        });
        expect(withCode.status()).toBe(200);
      }
      await device.context().close();
    });

    test("the link in a passkey's email removes that passkey once the password is given, and signs everyone out", async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // Two browsers, two emails to wait for, and a passkey ceremony.
      test.slow();
      // The device stands for whoever added a passkey from the owner's session: its only second factor.
      const email = uniqueEmail(javaScriptEnabled ? "remove-link-js" : "remove-link-nojs");
      const { device } = await memberWithPasskey(browser, request, baseURL, email);
      const added = await emailTo(email, "A passkey was added to your FACETS account", "Remove this passkey");
      const link = new URL(linkIn(added, "/remove-factor"));

      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await page.goto(`${link.pathname}${link.search}`);
      const form = page.getByRole("form", { name: "Remove this passkey" });
      await expect(form).toContainText("Test laptop");
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.getByLabel("Your password").fill(PASSWORD);
      await form.getByRole("button", { name: "Remove this passkey" }).click();
      await expect(page.getByRole("heading", { name: "Passkey removed" })).toBeVisible();
      await emailTo(email, "A passkey was removed from your FACETS account");

      // The device's session ended, and the password alone signs in again.
      expect((await device.request.get("/api/auth/me")).status()).toBe(401);
      const login = await request.post("/api/login", {
        headers: { "CF-Connecting-IP": clientIp() },
        data: { email, password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await device.context().close();
    });

    test("the link in an authenticator app's email removes that app once the password is given, and keeps the passkey", async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      // Two browsers, three emails to wait for, and a passkey ceremony.
      test.slow();
      // The device stands for whoever turned an app on from the owner's session (decision 141).
      const email = uniqueEmail(javaScriptEnabled ? "remove-app-js" : "remove-app-nojs");
      const { device } = await memberWithPasskey(browser, request, baseURL, email);
      await turnOnAppAs(device);
      const turnedOn = await emailTo(
        email,
        "An authenticator app was turned on for your FACETS account",
        "Remove this authenticator app",
      );
      const link = new URL(linkIn(turnedOn, "/remove-factor"));

      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { name: "Remove an authenticator app" })).toBeVisible();
      const form = page.getByRole("form", { name: "Remove this authenticator app" });
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.getByLabel("Your password").fill(PASSWORD);
      await form.getByRole("button", { name: "Remove this authenticator app" }).click();
      await expect(page.getByRole("heading", { name: "Authenticator app removed" })).toBeVisible();
      await emailTo(email, "The authenticator app of your FACETS account was turned off");

      // The device's session ended; the passkey stays, so the password alone still needs it.
      expect((await device.request.get("/api/auth/me")).status()).toBe(401);
      const login = await request.post("/api/login", {
        headers: { "CF-Connecting-IP": clientIp() },
        data: { email, password: PASSWORD },
      });
      expect(login.status()).toBe(401);
      expect(await login.json()).toMatchObject({ secondFactor: "required" });
      await device.context().close();
    });
  });
}
