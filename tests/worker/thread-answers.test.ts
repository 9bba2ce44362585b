import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

// The handler's bounds (inbound-answers.server.ts), as the tests push past them.
const INBOUND_MAX_BYTES = 256 * 1024;
const SENDER_HOURLY_MAX = 20;
const THREAD_HOURLY_MAX = 10;
const UNPROVEN_REPLIES_PER_DAY = 30;

import { insertContact } from "./support-mail";
import { messagesApi, rawMail, receive, type ThreadAnswer, type Verdict } from "./support-threads";
import { anAdmin, count, one } from "./support-workbench";

// Answers come back to the thread (decision 174): a reply through the admin API gives the thread's
// address; mail to it is stored as the thread's next entry and brings the message back to New. Inbound
// mail is hostile: every way it can be wrong is refused or dropped with its reason, never a failure.

async function aThreadWithAReply() {
  const admin = await anAdmin();
  const contact = await insertContact({ message: "I want to buy tokens." });
  const replied = await messagesApi(admin.cookie, "POST", `/${contact.id}/reply`, { text: "Which wallet?" });
  expect(replied.status).toBe(201);
  const read = await messagesApi(admin.cookie, "GET", `/${contact.id}`);
  expect(read.status).toBe(200);
  const thread = await read.json<ThreadAnswer>();
  return { admin, contact, thread, address: thread.replyAddress ?? "" };
}

/** The verdicts recorded after the one with id `after`, oldest first. */
const verdictsAfter = (after: number) =>
  env.DB.prepare("SELECT outcome, reason FROM inbound_mail WHERE id > ? ORDER BY id")
    .bind(after)
    .all<{ outcome: string; reason: string }>();

const newestVerdict = async () =>
  (await env.DB.prepare("SELECT coalesce(max(id), 0) AS id FROM inbound_mail").first<{ id: number }>())?.id ??
  0;

describe("an answer by email", () => {
  it("joins the thread, trimmed of its quoted history, and brings the message back to New", async () => {
    const { admin, contact, thread, address } = await aThreadWithAReply();
    expect(thread.message.state).toBe("waiting");
    expect(address).toMatch(new RegExp(`^reply\\+${contact.id}-[a-z2-7]{32}@facets\\.example$`));
    const text =
      "My wallet is on Solana.\n\nOn Mon, 7 Dec 2026 at 10:00, FACETS <notifications@facets.example> wrote:\n> Which wallet?";
    const verdict = await receive(rawMail(contact.email, address, text), contact.email, address);
    expect(verdict.outcome).toBe("stored");

    const after = await (await messagesApi(admin.cookie, "GET", `/${contact.id}`)).json<ThreadAnswer>();
    expect(after.message.state).toBe("new");
    expect(after.thread.map((entry) => entry.kind)).toEqual(["message", "reply", "answer"]);
    expect(after.thread[2]).toMatchObject({
      text: "My wallet is on Solana.",
      author: contact.email,
      fromSender: true,
    });
    // Staff are told as they chose: the event is stored for the mail queue.
    expect(await count("SELECT count(*) AS n FROM mail_events WHERE type = 'message-answered'")).toBe(1);
  });

  it("from another address than the message's is kept and flagged; attachments are refused with a note", async () => {
    const { admin, contact, address } = await aThreadWithAReply();
    const boundary = "b1";
    const mixed = rawMail("someone@else.example", address, "", {
      "Content-Type": `multipart/mixed; boundary="${boundary}"`,
    }).replace(
      /\r\n\r\n\r\n$/,
      `\r\n\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\nSee the file.\r\n--${boundary}\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="id.pdf"\r\n\r\nJVBERi0=\r\n--${boundary}--\r\n`,
    );
    expect((await receive(mixed, "someone@else.example", address)).outcome).toBe("stored");
    const answer = await one<{ from_sender: number; attachments_refused: number; body: string }>(
      "SELECT from_sender, attachments_refused, body FROM message_answers WHERE contact_id = ?",
      contact.id,
    );
    expect(answer).toEqual({ from_sender: 0, attachments_refused: 1, body: "See the file." });
    const { thread } = await (await messagesApi(admin.cookie, "GET", `/${contact.id}`)).json<ThreadAnswer>();
    expect(thread.at(-1)).toMatchObject({
      kind: "answer",
      author: "someone@else.example",
      fromSender: false,
    });
  });
});

describe("hostile inbound mail", () => {
  it("is refused or dropped with its reason, and stores nothing twice", async () => {
    const { contact, address } = await aThreadWithAReply();
    const start = await newestVerdict();
    const from = contact.email;
    const forged = address.replace(/-[a-z2-7]{32}@/, `-${"a".repeat(32)}@`);
    const other = address.replace(`+${contact.id}-`, `+${contact.id + 1000}-`);
    const once = rawMail(from, address, "Yes, Solana.");
    const cases: [string, () => Promise<Verdict>, "refused" | "dropped"][] = [
      ["a forged token", () => receive(rawMail(from, forged, "hi"), from, forged), "refused"],
      [
        "another thread's id with this mac",
        () => receive(rawMail(from, other, "hi"), from, other),
        "refused",
      ],
      [
        "not our address",
        () => receive(rawMail(from, "reply@evil.example", "hi"), from, "reply@evil.example"),
        "refused",
      ],
      [
        "too large",
        () => receive(rawMail(from, address, "x"), from, address, INBOUND_MAX_BYTES + 1),
        "refused",
      ],
      ["a bounce", () => receive(rawMail("", address, "Undeliverable"), "", address), "dropped"],
      [
        "an auto-reply",
        () =>
          receive(rawMail(from, address, "I am away", { "Auto-Submitted": "auto-replied" }), from, address),
        "dropped",
      ],
      [
        "bulk mail",
        () => receive(rawMail(from, address, "Newsletter", { Precedence: "bulk" }), from, address),
        "dropped",
      ],
    ];
    for (const [what, send, outcome] of cases) {
      expect((await send()).outcome, what).toBe(outcome);
    }
    expect((await receive(once, from, address)).outcome).toBe("stored");
    expect((await receive(once, from, address)).outcome).toBe("dropped");
    expect(await count("SELECT count(*) AS n FROM message_answers WHERE contact_id = ?", contact.id)).toBe(1);
    const { results } = await verdictsAfter(start);
    expect(results.every(({ reason }) => reason.length > 0)).toBe(true);
    expect(results.map(({ outcome }) => outcome)).toEqual([
      ...cases.map(([, , o]) => o),
      "stored",
      "dropped",
    ]);
  });

  it("from an address that expired, or a flood from one sender, is not stored", async () => {
    const { contact, address } = await aThreadWithAReply();
    await env.DB.prepare(
      "UPDATE message_replies SET created_at = unixepoch() - 91 * 86400 WHERE contact_id = ?",
    )
      .bind(contact.id)
      .run();
    expect(await receive(rawMail(contact.email, address, "Late"), contact.email, address)).toMatchObject({
      outcome: "refused",
      reason: "this address has expired",
    });
    // One sender over three threads, so no thread reaches its own bound first.
    const threads = [await aThreadWithAReply(), await aThreadWithAReply(), await aThreadWithAReply()];
    const flooder = "flood@spam.example";
    const outcomes: Verdict[] = [];
    for (let i = 0; i <= SENDER_HOURLY_MAX; i++) {
      const address = threads[i % threads.length]?.address ?? "";
      // The same sender whatever case it is written in.
      const from = i % 2 ? flooder.toUpperCase() : flooder;
      outcomes.push(await receive(rawMail(from, address, `n${i}`), from, address));
    }
    expect(outcomes.slice(0, SENDER_HOURLY_MAX).every((verdict) => verdict.outcome === "stored")).toBe(true);
    expect(outcomes.at(-1)).toEqual({ outcome: "dropped", reason: "too many mails from this sender" });
  });

  it("beyond ten answers to one thread in an hour, from any senders, is dropped", async () => {
    const { address } = await aThreadWithAReply();
    const outcomes: Verdict[] = [];
    for (let i = 0; i <= THREAD_HOURLY_MAX; i++) {
      const sender = `rotating-${i}@spam.example`;
      outcomes.push(await receive(rawMail(sender, address, `answer ${i}`), sender, address));
    }
    expect(outcomes.slice(0, THREAD_HOURLY_MAX).map((verdict) => verdict.outcome)).toEqual(
      Array(THREAD_HOURLY_MAX).fill("stored"),
    );
    expect(outcomes.at(-1)).toEqual({ outcome: "dropped", reason: "too many answers to this thread" });
  });

  it("that is not readable MIME, or binary noise, never makes the handler fail", async () => {
    const { contact, address } = await aThreadWithAReply();
    const noise = crypto.getRandomValues(new Uint8Array(4096));
    const broken = `From: ${contact.email}\r\nContent-Type: multipart/mixed; boundary=\r\n\r\n--\r\n\u0000\u0001`;
    for (const raw of [noise, broken]) {
      const verdict = await receive(raw, contact.email, address);
      expect(["stored", "refused", "dropped"]).toContain(verdict.outcome);
      expect(verdict.reason.length).toBeGreaterThan(0);
    }
  });
});

describe("the thread's JSON twin", () => {
  it("takes a note, refuses text that is missing or too long, and answers 404 for no message", async () => {
    const { admin, contact } = await aThreadWithAReply();
    expect(
      (await messagesApi(admin.cookie, "POST", `/${contact.id}/note`, { text: "Called them." })).status,
    ).toBe(201);
    const missing = await messagesApi(admin.cookie, "POST", `/${contact.id}/reply`, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fieldErrors: { text: expect.any(String) } });
    const long = await messagesApi(admin.cookie, "POST", `/${contact.id}/note`, { text: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect((await messagesApi(admin.cookie, "GET", "/999999")).status).toBe(404);
    expect((await messagesApi(admin.cookie, "POST", `/${contact.id}/shout`, { text: "x" })).status).toBe(404);
    const { thread } = await (await messagesApi(admin.cookie, "GET", `/${contact.id}`)).json<ThreadAnswer>();
    expect(thread.map((entry) => entry.kind)).toEqual(["message", "reply", "note"]);
    // Signed out: refused, and nothing of the thread is shown.
    expect((await messagesApi("", "GET", `/${contact.id}`)).status).toBe(401);
  });
});

describe("replies to addresses nobody has proven", () => {
  it("are capped per administrator a day; a proven address is not", async () => {
    const admin = await anAdmin();
    const unproven = [];
    for (let i = 0; i <= UNPROVEN_REPLIES_PER_DAY; i++) unproven.push(await insertContact());
    const reply = (id: number) => messagesApi(admin.cookie, "POST", `/${id}/reply`, { text: "Hello" });
    for (const contact of unproven.slice(0, UNPROVEN_REPLIES_PER_DAY)) {
      expect((await reply(contact.id)).status).toBe(201);
    }
    const last = unproven.at(-1)?.id ?? 0;
    const capped = await reply(last);
    expect(capped.status).toBe(409);
    expect((await capped.json<{ error: string }>()).error).toContain("addresses nobody has proven");
    expect(await count("SELECT count(*) AS n FROM message_replies WHERE contact_id = ?", last)).toBe(0);

    // An address proven by an answer through its thread takes replies past the cap.
    const { contact, address } = await aThreadWithAReply();
    expect((await receive(rawMail(contact.email, address, "Yes"), contact.email, address)).outcome).toBe(
      "stored",
    );
    expect((await reply(contact.id)).status).toBe(201);
    // Another administrator has a cap of their own.
    expect(
      (await messagesApi((await anAdmin()).cookie, "POST", `/${last}/reply`, { text: "Hi" })).status,
    ).toBe(201);
  });
});
