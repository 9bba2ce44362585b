import { expect, test } from "@playwright/test";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { hydrated, notice, PASSWORD, uniqueEmail } from "./support";

// Issue 19: passkeys through Chromium's virtual authenticator (the WebAuthn domain of the DevTools
// protocol), with user verification. WebAuthn needs a secure context, which http://localhost is and
// http://127.0.0.1 is not, so this test runs on the same server through "localhost".

test.skip(({ isMobile }) => isMobile, "once, at desktop width");

test("a member adds a passkey, signs in with it alone, and removes it", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = (baseURL ?? "").replace("127.0.0.1", "localhost");
  const email = uniqueEmail("passkey");
  await approvedMember(request, email, "Grace");
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });

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

  await page.goto(`${origin}/login`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${origin}/`);

  await page.goto(`${origin}/account/security`);
  await hydrated(page);
  await expectAxeClean(page);
  const add = page.getByRole("form", { name: "Add a passkey" });
  await add.getByLabel("Name of the passkey").fill("Test laptop");
  await add.getByRole("button", { name: "Add a passkey" }).click();
  await expect(notice(page, "Passkey added")).toBeVisible();
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
