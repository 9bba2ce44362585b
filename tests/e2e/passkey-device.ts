import { expect, type Page } from "@playwright/test";
import { hydrated, notice, PASSWORD } from "./support";

// Passkeys in Chromium: the virtual authenticator of the DevTools protocol's WebAuthn domain, and the
// secure context WebAuthn needs.

/** The test server through "localhost": http://localhost is a secure context, http://127.0.0.1 is not. */
export const secureOrigin = (baseURL: string | undefined) =>
  (baseURL ?? "").replace("127.0.0.1", "localhost");

/** Gives `page` Chromium's virtual authenticator, which holds passkeys and verifies the user. */
export async function addVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Signs in with the password through the form, then adds a passkey named `name` on /account/security.
 * `origin` is for a page whose context has no base URL of its own.
 */
export async function addPasskeyAs(page: Page, email: string, name: string, origin = "") {
  await page.goto(`${origin}/login`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${origin}/account/security`);
  await hydrated(page);
  const add = page.getByRole("form", { name: "Add a passkey" });
  await add.getByLabel("Name of the passkey").fill(name);
  await add.getByRole("button", { name: "Add a passkey" }).click();
  await expect(notice(page, "Passkey added")).toBeVisible();
}
