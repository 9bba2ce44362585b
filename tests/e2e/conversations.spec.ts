import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { emailTo, linkIn } from "./mailbox";
import { clientIp } from "./members";
import { demoAdminCookie, hydrated, notice, uniqueEmail } from "./support";

// A conversation that stays on the site (decision 174), as an applicant and staff live it: "Apply to buy"
// opens the form with the token enquiry chosen, the thanks give a reference, the acknowledgement and the
// reply carry a private link, and the applicant answers on the page it opens; with JavaScript and without.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an applicant applies, is acknowledged, and answers a reply on their private link", async ({
      page,
      request,
      baseURL,
    }) => {
      const email = uniqueEmail(javaScriptEnabled ? "apply-js" : "apply-nojs");
      await page.goto("/facets-token");
      await page.getByRole("link", { name: "Apply to buy FACETS tokens" }).first().click();
      await expect(page).toHaveURL(/\/contact\?enquiry=token$/);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("form", { name: "Contact FACETS" });
      await expect(form.getByLabel("Area of interest")).toHaveValue("2");
      await form.getByLabel("First name").fill("Ada");
      await form.getByLabel("Last name").fill("Byron");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Message").fill("I would like 500 tokens.");
      await form.getByRole("button", { name: "Send Message" }).click();
      // A token application states how it will pay: asked, and nothing is lost.
      await expect(form.getByText("Choose how you would like to pay: BTC, SOL or USDT")).toBeVisible();
      await expect(form.getByLabel("Message")).toHaveValue("I would like 500 tokens.");
      await form.getByRole("radio", { name: "SOL" }).check();
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(notice(page, "Message Sent!")).toBeVisible();
      const reference = await page.getByText(/Your reference is FCT-\d{6}/).textContent();
      const id = Number(/FCT-(\d{6})/.exec(reference ?? "")?.[1]);
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();

      const acknowledgement = await emailTo(
        email,
        `We received your message (FCT-${String(id).padStart(6, "0")})`,
      );
      expect(acknowledgement.text).not.toContain("I would like 500 tokens.");

      const origin = new URL(baseURL ?? "").origin;
      const admin = { Cookie: await demoAdminCookie(baseURL ?? ""), "CF-Connecting-IP": clientIp() };
      const replied = await request.post(`/api/admin/messages/${id}/reply`, {
        headers: { ...admin, "Content-Type": "application/json", Origin: origin },
        data: { text: "Which wallet will you pay from?" },
      });
      expect(replied.status()).toBe(201);
      const reply = await emailTo(email, "Re: Your message to FACETS", "Which wallet will you pay from?");

      const link = new URL(linkIn(reply, "/conversation"));
      await page.goto(`${link.pathname}${link.search}`);
      const thread = page.getByRole("list", { name: /Conversation FCT-/ });
      await expect(thread).toContainText("I would like 500 tokens.");
      await expect(thread).toContainText("Which wallet will you pay from?");
      await expect(page.getByText("Answered")).toBeVisible();
      await page.getByLabel("Your answer").fill("From my Phantom wallet.");
      await page.getByRole("button", { name: "Send answer" }).click();
      await expect(page.getByText("Answer sent").first()).toBeVisible();

      const read = await request.get(`/api/admin/messages/${id}`, { headers: admin });
      const { message, thread: entries } = (await read.json()) as {
        message: { state: string };
        thread: { kind: string; text: string }[];
      };
      expect(message.state).toBe("new");
      expect(entries.at(-1)).toMatchObject({ kind: "answer", text: "From my Phantom wallet." });
    });
  });
}
