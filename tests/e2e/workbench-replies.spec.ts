import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { demoAdminCookie } from "./demo-admin";
import { emailTo } from "./mailbox";
import { clientIp } from "./members";
import { hydrated, logInAsAdmin, notice, uniqueEmail } from "./support";

// The workbench's message page (docs/decisions/153-notes-replies-and-a-timeline.md): an admin picks a saved
// reply, edits it and sends it, and writes a note, with JavaScript and without it. The reply reaches the
// sender's address as an email from the site.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an admin sends a saved reply, edited, and writes a note", async ({ page, request }) => {
      const email = uniqueEmail(javaScriptEnabled ? "reply-js" : "reply-nojs");
      const sent = await request.post("/api/contact", {
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
        data: {
          firstName: "Ada",
          lastName: "Byron",
          email,
          userTypeId: 2,
          message: "How can I pay for tokens?",
          paymentMethod: "USDT",
        },
      });
      expect(sent.status()).toBe(201);
      const { id } = (await sent.json()) as { id: number };

      await logInAsAdmin(page, { js: javaScriptEnabled });
      await page.goto(`/admin/message?id=${id}`);
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByRole("heading", { name: `Message ${id} from Ada Byron` })).toBeVisible();
      await expect(page.getByText("How can I pay for tokens?")).toBeVisible();
      await expect(page.getByRole("link", { name: "Reply to Ada Byron by email" })).toHaveAttribute(
        "href",
        /^mailto:/,
      );

      await page
        .getByRole("navigation", { name: "Saved replies" })
        .getByRole("link", { name: "How to pay in USDT" })
        .click();
      const box = page.getByLabel(`Reply to ${email}`);
      await expect(box).toHaveValue(/You can pay in USDT\./);
      const written = `${await box.inputValue()}\n\nAda, the amount for you is 100 USDT.`;
      await box.fill(written);
      await page.getByRole("button", { name: "Send reply" }).click();
      await expect(notice(page, "Reply sent")).toBeVisible();
      const replies = page.getByRole("list", { name: "Replies" });
      await expect(replies).toContainText("the amount for you is 100 USDT.");
      await expect(page.getByText("Waiting on the applicant")).toBeVisible();
      await expect(page.getByLabel(`Reply to ${email}`)).toHaveValue("");

      await page.getByLabel("Add a note").fill("Asked for USDT; sent the payment steps.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(notice(page, "Note added")).toBeVisible();
      await expect(page.getByRole("list", { name: "Notes" })).toContainText(
        "Asked for USDT; sent the payment steps.",
      );

      const mail = await emailTo(email, "Re: Your message to FACETS", "the amount for you is 100 USDT.");
      expect(mail.text).not.toContain("How can I pay for tokens?");
    });
  });
}

// Answers come back to the thread (decision 174): the reply's address, read from the admin API, takes the
// applicant's answer through `wrangler dev`'s Email Routing simulation, and the thread shows it.
test("an answer by email to a reply comes back to its thread, and the message to New", async ({
  request,
  baseURL,
}) => {
  const email = uniqueEmail("answer");
  const sent = await request.post("/api/contact", {
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
    data: { firstName: "Ada", lastName: "Byron", email, userTypeId: 2, message: "I want tokens." },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const admin = { Cookie: await demoAdminCookie(baseURL ?? ""), "CF-Connecting-IP": clientIp() };
  const replied = await request.post(`/api/admin/messages/${id}/reply`, {
    headers: { ...admin, "Content-Type": "application/json", Origin: new URL(baseURL ?? "").origin },
    data: { text: "Which wallet will you pay from?" },
  });
  expect(replied.status()).toBe(201);
  await emailTo(email, "Re: Your message to FACETS", "Which wallet will you pay from?");
  const read = async () =>
    (await (await request.get(`/api/admin/messages/${id}`, { headers: admin })).json()) as {
      message: { state: string };
      replyAddress: string;
      thread: { kind: string; text: string }[];
    };
  const { replyAddress } = await read();
  const raw = [
    `From: Ada Byron <${email}>`,
    `To: ${replyAddress}`,
    "Subject: Re: Your message to FACETS",
    `Message-ID: <${crypto.randomUUID()}@mail.example>`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "From my Phantom wallet.",
    "",
    "On Mon, 7 Dec 2026, FACETS wrote:",
    "> Which wallet will you pay from?",
  ].join("\r\n");
  const handled = await request.post(
    `/cdn-cgi/handler/email?${new URLSearchParams({ from: email, to: replyAddress })}`,
    { headers: { "Content-Type": "message/rfc822" }, data: raw },
  );
  expect(handled.status()).toBe(200);
  const after = await read();
  expect(after.message.state).toBe("new");
  expect(after.thread.map((entry) => entry.kind)).toEqual(["message", "reply", "answer"]);
  expect(after.thread[2]?.text).toBe("From my Phantom wallet.");

  // The same mail again is dropped; one to a forged address is refused, told to the sending server.
  const forged = replyAddress.replace(/-[a-z2-7]{32}@/, `-${"b".repeat(32)}@`);
  const refused = await request.post(
    `/cdn-cgi/handler/email?${new URLSearchParams({ from: email, to: forged })}`,
    {
      headers: { "Content-Type": "message/rfc822" },
      data: raw.replace(`To: ${replyAddress}`, `To: ${forged}`),
    },
  );
  expect(refused.status()).not.toBe(200);
  expect(await refused.text()).toContain("Not delivered: no such address.");
  expect((await read()).thread).toHaveLength(3);
});
