import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { emailTo, linkIn } from "./mailbox";
import { approvedMember, clientIp, expectAxeClean } from "./members";
import { notice, PASSWORD, uniqueEmail } from "./support";

// A person's rights over their address and data in Chromium, with and without JavaScript: the
// change of address through its emailed link, the copy of their data, the deletion of the account, and
// /privacy/request for people without one. Every email is read from the local simulation.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width; /account is tested at both");

async function signInToAccount(page: Page, email: string) {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
  await page.goto("/login?next=/account");
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account");
}

/** Goes to an emailed link on the server under test (the link carries SITE_ORIGIN, which is that server). */
async function follow(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("move the account to a new address, take a copy, delete it", async ({ page, request }) => {
      const email = uniqueEmail(javaScriptEnabled ? "rights-js" : "rights-nojs");
      const moved = uniqueEmail("moved");
      await approvedMember(request, email, "Katherine");
      await signInToAccount(page, email);

      const change = page.getByRole("form", { name: "Change email address" });
      await change.getByLabel("New email address").fill(moved);
      await change.getByLabel("Current password").fill(PASSWORD);
      await change.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByText("We sent a link to the new address.").first()).toBeVisible();
      await emailTo(email, "A change of your FACETS email address was requested", moved);
      const link = await emailTo(moved, "Confirm your new FACETS email address");
      await follow(page, linkIn(link, "/confirm-email-change"));
      if (javaScriptEnabled) {
        await expectAxeClean(page);
      }
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(notice(page, "Email address changed")).toBeVisible();
      await emailTo(email, "Your FACETS email address was changed", moved);
      await page.goto("/account");
      await expect(page.getByText(`Signed in as ${moved}.`)).toBeVisible();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^facets-data-\d{4}-\d\d-\d\d\.json$/);
      const copy = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
      expect(copy).toMatchObject({
        email: moved,
        account: { email: moved, firstName: "Katherine", status: "approved" },
      });
      expect(JSON.stringify(copy)).not.toContain("scrypt");

      const remove = page.getByRole("form", { name: "Delete account" });
      await remove.getByLabel("Current password").fill(PASSWORD);
      await remove.getByLabel("Type DELETE to confirm").fill("delete");
      await remove.getByRole("button", { name: "Delete my account" }).click();
      await expect(page.getByText("Type DELETE to confirm").last()).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === "/account");

      const again = page.getByRole("form", { name: "Delete account" });
      await again.getByLabel("Current password").fill(PASSWORD);
      await again.getByLabel("Type DELETE to confirm").fill("DELETE");
      await again.getByRole("button", { name: "Delete my account" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(notice(page, "Account deleted")).toBeVisible();
      await emailTo(moved, "Your FACETS account was deleted");
      await page.goto("/account");
      await expect(page).toHaveURL(/\/login\?next=\/account$/);
    });

    test("a member with an active account is sent to My account, with no link", async ({ page, request }) => {
      const email = uniqueEmail(javaScriptEnabled ? "active-js" : "active-nojs");
      await approvedMember(request, email, "Grace");
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
      await page.goto("/privacy/request");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me the link" }).click();
      // The same answer as for any address.
      await expect(page.getByText("If we hold anything about that address").first()).toBeVisible();
      const pointer = await emailTo(email, "What FACETS holds about you", "My account");
      expect(pointer.text).toContain("/account");
      expect(pointer.text).not.toContain("/privacy/request");
      expect(pointer.text).not.toContain("token=");
      expect(pointer.html).not.toContain("token=");
    });

    test("a person who only wrote to us downloads and erases what we hold", async ({ page, request }) => {
      const email = uniqueEmail(javaScriptEnabled ? "writer-js" : "writer-nojs");
      const sent = await request.post("/api/contact", {
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
        data: {
          firstName: "Hedy",
          lastName: "Lamarr",
          email,
          userTypeId: 2,
          message: "I would like to apply to buy FACETS tokens.",
        },
      });
      expect(sent.status()).toBe(201);
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });

      await page.goto("/privacy/request");
      if (javaScriptEnabled) {
        await expectAxeClean(page);
      }
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me the link" }).click();
      await expect(page.getByText("If we hold anything about that address").first()).toBeVisible();
      const link = await emailTo(email, "What FACETS holds about you");
      await follow(page, linkIn(link, "/privacy/request"));

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download what you hold about me" }).click(),
      ]);
      const copy = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
      expect(copy).toMatchObject({ email, account: null });
      expect(copy.contactMessages).toEqual([
        expect.objectContaining({ message: "I would like to apply to buy FACETS tokens." }),
      ]);

      await page.getByRole("button", { name: "Erase it" }).click();
      await expect(page.getByText("We erased everything we held about your address.").first()).toBeVisible();
      await emailTo(email, "We erased what FACETS held about you");
      await follow(page, linkIn(link, "/privacy/request"));
      await expect(page.getByText("This link is invalid or has expired.").first()).toBeVisible();
    });
  });
}
