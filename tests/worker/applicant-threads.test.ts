import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, postForm, postJson, uniqueEmail } from "./support-accounts";
import { member } from "./support-credentials";
import { deliver, linksOf, recordingEnv } from "./support-mail";
import { messagesApi } from "./support-threads";
import { anAdmin, count, one } from "./support-workbench";

// Applicants see their own conversations (decision 174): the acknowledgement and every reply carry a
// private link; a member has "Your messages"; either answers as by email; nothing of staff notes, other
// senders or typed text leaks.

const token = { firstName: "Ada", lastName: "Byron", userTypeId: 2, paymentMethod: "SOL" };

async function send(email: string, message: string, cookie?: string) {
  const sent = await postJson("/api/contact", { ...token, email, message }, cookie ? { Cookie: cookie } : {});
  expect(sent.status).toBe(201);
  return (await sent.json<{ id: number }>()).id;
}

const eventsOf = async (type: string, subjectId: number) =>
  (
    await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = ? AND subject_id = ?",
    )
      .bind(type, subjectId)
      .all<MailEventMessage>()
  ).results;

/** The private link an email carries, as the path and query the page is fetched with. */
const conversationLink = (links: string[]) => {
  const link = links.find((href) => href.includes("/conversation?token="));
  if (!link) throw new Error("no private link in the email");
  const url = new URL(link);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token") ?? "" };
};

describe("the acknowledgement", () => {
  it("carries the reference, the next steps and a private link, nothing typed, and at most 3 a day", async () => {
    const email = uniqueEmail("ack");
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await send(email, `Typed words ${i} <b>bold</b>`));
    const acknowledged = await Promise.all(ids.map((id) => eventsOf("contact-acknowledged", id)));
    expect(acknowledged.map((events) => events.length)).toEqual([1, 1, 1, 0]);

    const recording = recordingEnv();
    await deliver(recording.env, acknowledged[0] ?? []);
    const [mail] = recording.sent;
    expect(mail?.to).toBe(email.toLowerCase());
    expect(mail?.subject).toBe(`We received your message (FCT-${String(ids[0]).padStart(6, "0")})`);
    expect(String(mail?.text)).toContain("never asks for your seed phrase");
    expect(String(mail?.text)).not.toContain("Typed words");
    expect(String(mail?.text)).not.toContain("Ada");

    // The link opens the conversation: the message as text, no answer form for anyone else's thread.
    const { path } = conversationLink(linksOf(mail as never));
    const page = await fetchPage(path);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("Cache-Control")).toBe("no-store");
    expect(page.html).toContain('name="robots" content="noindex');
    expect(page.html).toContain("Typed words 0 &lt;b&gt;bold&lt;/b&gt;");
    expect(textOf(page.html)).toContain("Received");
  });
});

describe("a private link", () => {
  it("shows replies but no notes, takes an answer once, and a dead one sends a new link to the thread's address", async () => {
    const admin = await anAdmin();
    const email = uniqueEmail("link");
    const id = await send(email, "How do I pay?");
    await messagesApi(admin.cookie, "POST", `/${id}/note`, { text: "Staff only: looks genuine." });
    expect(
      (await messagesApi(admin.cookie, "POST", `/${id}/reply`, { text: "With SOL, please." })).status,
    ).toBe(201);
    const reply = await one<{ id: number }>("SELECT id FROM message_replies WHERE contact_id = ?", id);
    const recording = recordingEnv();
    await deliver(recording.env, await eventsOf("message-reply", reply?.id ?? 0));
    const { path, token: linkToken } = conversationLink(linksOf(recording.sent[0] as never));

    const text = textOf((await fetchPage(path)).html);
    expect(text).toContain("With SOL, please.");
    expect(text).toContain("Answered");
    expect(text).not.toContain("Staff only");

    const key = crypto.randomUUID();
    const form = { intent: "answer", token: linkToken, key, body: "Sent the SOL." };
    expect((await postForm(path, form)).status).toBe(200);
    expect((await postForm(path, form)).status).toBe(200);
    expect(
      await count("SELECT count(*) AS n FROM message_answers WHERE contact_id = ? AND channel = 'site'", id),
    ).toBe(1);
    expect(await one("SELECT state FROM contact_submissions WHERE id = ?", id)).toEqual({ state: "new" });

    await env.DB.prepare("UPDATE thread_links SET expires_at = unixepoch() - 1 WHERE contact_id = ?")
      .bind(id)
      .run();
    const dead = await fetchPage(path);
    expect(textOf(dead.html)).toContain("This link has expired or is not valid");
    expect(textOf(dead.html)).not.toContain("With SOL, please.");
    const refused = await postForm(path, { ...form, key: crypto.randomUUID() });
    expect(refused.status).toBe(400);
    const asked = await postForm(path, { intent: "new-link", token: linkToken });
    expect(asked.status).toBe(200);
    const [event] = await eventsOf("thread-link-requested", id);
    const again = recordingEnv();
    await deliver(again.env, event ? [event] : []);
    expect(again.sent.map((mail) => mail.to)).toEqual([email.toLowerCase()]);
    // A made-up link is answered the same way, and mails nobody.
    expect((await postForm("/conversation", { intent: "new-link", token: "a".repeat(52) })).status).toBe(200);
  });
});

describe("your messages", () => {
  it("shows a member the messages they sent signed in, answers them, and the API lists them without notes", async () => {
    const owner = await member("own-messages");
    const admin = await anAdmin();
    const id = await send(owner.email, "My own application.", owner.cookie);
    const typed = await send(owner.email, "Typed by someone else.");
    await messagesApi(admin.cookie, "POST", `/${id}/note`, { text: "Staff only note." });
    const page = textOf((await fetchPage("/account/messages", { headers: { Cookie: owner.cookie } })).html);
    expect(page).toContain("My own application.");
    expect(page).not.toContain("Typed by someone else.");
    expect(page).not.toContain("Staff only note.");

    const answered = await postForm(
      "/account/messages",
      { id: String(id), key: crypto.randomUUID(), body: "More details." },
      owner.cookie,
    );
    expect(answered.status).toBe(200);
    const other = await postForm(
      "/account/messages",
      { id: String(typed), key: crypto.randomUUID(), body: "Not mine." },
      owner.cookie,
    );
    expect(other.status).toBe(404);

    const api = await fetchWorker("/api/account/messages", {
      headers: { Cookie: owner.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(api.status).toBe(200);
    const threads =
      await api.json<{ id: number; status: string; entries: { kind: string; text: string }[] }[]>();
    expect(threads.map((thread) => thread.id)).toEqual([id]);
    expect(threads[0]?.entries.map((entry) => entry.kind)).toEqual(["message", "answer"]);
    expect(JSON.stringify(threads)).not.toContain("Staff only note.");
    expect((await fetchWorker("/api/account/messages")).status).toBe(401);
  });
});

describe("the contact page", () => {
  it("asks a token application for its payment method; the JSON payload without it still works", async () => {
    const form = {
      firstName: "Ada",
      lastName: "Byron",
      email: uniqueEmail("form"),
      userTypeId: "2",
      message: "Hi",
    };
    const missing = await postForm("/contact", form);
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Choose how you would like to pay: BTC, SOL or USDT");
    const sent = await postForm("/contact", { ...form, paymentMethod: "USDT" });
    expect(sent.status).toBe(201);
    const text = textOf(await sent.text());
    expect(text).toMatch(/Your reference is FCT-\d{6}/);
    expect(text).toContain("What happens next");
    const json = await postJson("/api/contact", { ...form, userTypeId: 2, email: uniqueEmail("json") });
    expect(json.status).toBe(201);
    // "Apply to buy FACETS tokens" opens the form with the token enquiry chosen.
    const apply = await fetchPage("/contact?enquiry=token");
    expect(apply.html).toMatch(/<option value="2" selected="">FACETS token enquiry<\/option>/);
  });
});
