import { type Browser, expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { emailTo, linkIn } from "./mailbox";
import {
  DEMO_ADMIN,
  findMessages,
  hydrated,
  leaveAsAdmin,
  logIn,
  logInAsAdmin,
  logOut,
  notice,
  PASSWORD,
  register,
  uniqueEmail,
} from "./support";

// The account lifecycle as people live it, every email read from the local simulation.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width; the shell is tested at both");

// Each flow signs in often; its own client address keeps it clear of the per-address rate limits.
let flows = 0;
const clientAddress = () => `198.51.100.${(flows++ % 200) + 20}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
});

/** Goes to an emailed link on the server under test (the link carries SITE_ORIGIN, which is that server). */
async function follow(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
}

/**
 * The demo admin chooses one email per message and registration on /account, with a plain form (an admin
 * who never chose gets the digest, at most one email every 15 minutes: decision 154).
 */
async function adminWantsEveryEmail(page: Page, js: { js: boolean }) {
  await logInAsAdmin(page, js);
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Notifications" });
  await form.getByRole("radio", { name: /^Immediately/ }).check();
  await form.getByRole("button", { name: "Save notifications" }).click();
  await expect(notice(page, "Notifications saved")).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Immediately/ })).toBeChecked();
  await leaveAsAdmin(page);
}

async function adminCard(page: Page, tab: "Pending Users" | "Users", email: string) {
  await page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: new RegExp(`^${tab} \\d+$`) })
    .click();
  return page.getByRole("row").filter({ hasText: email });
}

/** The signed-in header's Logout button (the visitor's header has a Login link instead). */
function signedIn(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: "Logout" }).first();
}

/** A second person in their own browser, signed in. */
async function signedInElsewhere(browser: Browser, email: string, password: string, js: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  const page = await context.newPage();
  await logIn(page, email, password, { js });
  await expect(page).toHaveURL(/\/$/);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  const js = { js: javaScriptEnabled };
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("register, confirm the address, get approved by email, log in", async ({ page }) => {
      const email = uniqueEmail(javaScriptEnabled ? "life-js" : "life-nojs");
      await adminWantsEveryEmail(page, js);
      await register(page, email, js);

      const received = await emailTo(email, "We received your registration");
      await emailTo(DEMO_ADMIN.email, "New account awaiting approval");
      await follow(page, linkIn(received, "/confirm-email"));
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(notice(page, "Email confirmed")).toBeVisible();

      await logInAsAdmin(page, js);
      const card = await adminCard(page, "Pending Users", email);
      await expect(card).toContainText("Confirmed");
      await card.getByRole("button", { name: "Approve" }).click();
      await expect(notice(page, "User Approved")).toBeVisible();
      await leaveAsAdmin(page);

      const approved = await emailTo(email, "Your FACETS account is approved");
      await follow(page, linkIn(approved, "/login"));
      await logIn(page, email, PASSWORD, js);
      await expect(page).toHaveURL(/\/$/);
      await expect(signedIn(page)).toBeVisible();
    });

    test("forgot password: the link resets it once, ends the old session, the old password fails", async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail("reset");
      await register(page, email, js);
      await logInAsAdmin(page, js);
      await (await adminCard(page, "Pending Users", email)).getByRole("button", { name: "Approve" }).click();
      await expect(notice(page, "User Approved")).toBeVisible();
      await leaveAsAdmin(page);
      const elsewhere = await signedInElsewhere(browser, email, PASSWORD, javaScriptEnabled);

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(
        page.getByText("If an account exists for that address, we have sent a link.").first(),
      ).toBeVisible();

      const reset = await emailTo(email, "Reset your FACETS password");
      const link = linkIn(reset, "/reset-password");
      await follow(page, link);
      const newPassword = "a completely new password";
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm password").fill(newPassword);
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(notice(page, "Password changed")).toBeVisible();

      await elsewhere.reload();
      await expect(signedIn(elsewhere)).toHaveCount(0);
      await logIn(page, email, PASSWORD, js);
      await expect(notice(page, "Login Failed")).toBeVisible();
      await logIn(page, email, newPassword, js);
      await expect(page).toHaveURL(/\/$/);
      await logOut(page);

      await follow(page, link);
      await page.getByLabel("New password", { exact: true }).fill("yet another password");
      await page.getByLabel("Confirm password").fill("yet another password");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.getByText("This link is invalid or has expired.").first()).toBeVisible();
    });

    test("reject a registration; deactivate and reactivate a member", async ({ page, browser }) => {
      const spam = uniqueEmail("spam");
      const member = uniqueEmail("member");
      await register(page, spam, js);
      await register(page, member, js);

      await logInAsAdmin(page, js);
      await (await adminCard(page, "Pending Users", spam)).getByRole("button", { name: "Reject" }).click();
      await expect(notice(page, "User Rejected")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: spam })).toHaveCount(0);
      await (await adminCard(page, "Pending Users", member)).getByRole("button", { name: "Approve" }).click();
      await expect(notice(page, "User Approved")).toBeVisible();

      const memberPage = await signedInElsewhere(browser, member, PASSWORD, javaScriptEnabled);
      await (await adminCard(page, "Users", member)).getByRole("button", { name: "Deactivate" }).click();
      await expect(notice(page, "User Deactivated")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: member })).toContainText("Deactivated");
      await memberPage.reload();
      await expect(signedIn(memberPage)).toHaveCount(0);
      await logIn(memberPage, member, PASSWORD, js);
      await expect(notice(memberPage, "Login Failed")).toBeVisible();

      await page
        .getByRole("row")
        .filter({ hasText: member })
        .getByRole("button", { name: "Reactivate" })
        .click();
      await expect(notice(page, "User Reactivated")).toBeVisible();
      await logIn(memberPage, member, PASSWORD, js);
      await expect(memberPage).toHaveURL(/\/$/);
      await leaveAsAdmin(page);
      await logIn(page, spam, PASSWORD, js);
      await expect(notice(page, "Login Failed")).toBeVisible();
    });

    test("a contact message reaches the admins by email; the processed view finds it", async ({ page }) => {
      const marker = `quasar${Date.now()}`;
      await adminWantsEveryEmail(page, js);
      await page.goto("/contact");
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Contact FACETS" });
      await form.getByLabel("First name").fill("Dorothy");
      await form.getByLabel("Last name").fill("Vaughan");
      await form.getByLabel("Email address").fill(uniqueEmail("contact"));
      await form.getByLabel("Area of interest").selectOption({ label: "FACETS token enquiry" });
      // The form asks a token application for its payment method (decision 174).
      await form.getByRole("radio", { name: "SOL" }).check();
      await form.getByLabel("Message").fill(`I want to buy tokens, ${marker}.`);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(notice(page, "Message Sent!")).toBeVisible();

      const mail = await emailTo(
        DEMO_ADMIN.email,
        "New message from Dorothy Vaughan: FACETS token enquiry",
        marker,
      );
      expect(new URL(linkIn(mail, "/admin")).pathname).toBe("/admin");

      await logInAsAdmin(page, js);
      await page.getByRole("link", { name: /Contact Submissions/ }).click();
      await findMessages(page, marker);
      await page
        .getByRole("row")
        .filter({ hasText: marker })
        .getByRole("button", { name: "Mark Processed" })
        .click();
      await expect(notice(page, "Contact Processed")).toBeVisible();
      // The list has its new state (the dashboard's data reloaded after the action) before the next click: a
      // click during that reload cancels a request, and the local dev server can leave the next one unanswered.
      await expect(page.getByRole("row").filter({ hasText: marker })).toHaveCount(0);
      // The Done messages, under the same search.
      await page.getByRole("link", { name: /^Done/ }).click();
      await expect(page).toHaveURL(/state=done/);
      const found = page.getByRole("row").filter({ hasText: marker });
      await expect(found).toHaveCount(1);
      await expect(found).toContainText(`${DEMO_ADMIN.firstName}`);
    });
  });
}
