import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, textOf } from "./support";
import { postForm } from "./support-accounts";
import { deliver, insertContact, recordingEnv } from "./support-mail";
import { anAdmin, count, keyOf, one } from "./support-workbench";

// The workbench's replies (docs/decisions/153-notes-replies-and-a-timeline.md): a form that works without
// JavaScript, a reply stored with its message and mailed once from the site's address, in the writer's
// name, with Reply-To the thread's own address.

describe("a reply", () => {
  it("is stored, moves the message to Waiting, is audited, and is mailed once with Reply-To its thread", async () => {
    const admin = await anAdmin();
    const contact = await insertContact({ message: "How do I pay?" });
    const path = `/admin/message?id=${contact.id}`;
    const key = keyOf((await fetchPage(path, { headers: { Cookie: admin.cookie } })).html);
    expect(key).not.toBe("");
    const form = { intent: "reply", id: String(contact.id), key, body: "You can pay in USDT.\nThanks!" };
    const sent = await postForm(path, form, admin.cookie);
    expect(sent.status).toBe(200);
    expect(textOf(await sent.text())).toContain("Reply sent");
    // The same form again (a double click, a resent page): nothing more is stored or sent.
    const again = await postForm(path, form, admin.cookie);
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain("Reply already sent");

    expect(await count("SELECT count(*) AS n FROM message_replies WHERE contact_id = ?", contact.id)).toBe(1);
    const reply = await one<{ id: number; author_id: number }>(
      "SELECT id, author_id FROM message_replies WHERE contact_id = ?",
      contact.id,
    );
    expect(reply?.author_id).toBe(admin.id);
    const { results: events } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'message-reply' AND subject_id = ?",
    )
      .bind(reply?.id)
      .all<MailEventMessage>();
    expect(events).toHaveLength(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM account_events WHERE action = 'message-replied' AND subject_id = ? AND actor_id = ?",
        contact.id,
        admin.id,
      ),
    ).toBe(1);
    expect(await one("SELECT state, is_processed FROM contact_submissions WHERE id = ?", contact.id)).toEqual(
      {
        state: "waiting",
        is_processed: 0,
      },
    );

    // Sent again after someone closed the message: it stays closed.
    await env.DB.prepare("UPDATE contact_submissions SET state = 'done', is_processed = 1 WHERE id = ?")
      .bind(contact.id)
      .run();
    expect((await postForm(path, form, admin.cookie)).status).toBe(200);
    expect(await one("SELECT state FROM contact_submissions WHERE id = ?", contact.id)).toEqual({
      state: "done",
    });

    const recording = recordingEnv();
    await deliver(recording.env, events);
    await deliver(recording.env, events);
    expect(recording.sent).toHaveLength(1);
    const [email] = recording.sent;
    expect(email?.to).toBe(contact.email);
    // From the site's address in the writer's name; an answer goes back to the thread (decision 174).
    const writer = await one<{ first_name: string }>("SELECT first_name FROM users WHERE id = ?", admin.id);
    expect(email?.from).toEqual({
      email: "notifications@facets.example",
      name: `${writer?.first_name} of FACETS`,
    });
    expect(email?.replyTo).toMatch(new RegExp(`^reply\\+${contact.id}-[a-z2-7]{32}@facets\\.example$`));
    expect(email?.subject).toBe("Re: Your message to FACETS");
    expect(String(email?.text)).toContain("You can pay in USDT.\nThanks!");
    // Nothing the sender typed goes back to an address they only typed.
    expect(String(email?.text)).not.toContain("How do I pay?");

    const { html } = await fetchPage(path, { headers: { Cookie: admin.cookie } });
    expect(textOf(html)).toContain("You can pay in USDT.");
    expect(textOf(html)).toContain("Done");
  });

  it("refuses an empty reply, a missing key and an unknown message, sending nothing", async () => {
    const { cookie } = await anAdmin();
    const contact = await insertContact();
    const path = `/admin/message?id=${contact.id}`;
    const key = keyOf((await fetchPage(path, { headers: { Cookie: cookie } })).html);
    const empty = await postForm(path, { intent: "reply", id: String(contact.id), key, body: "" }, cookie);
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("Reply is required");
    const keyless = await postForm(path, { intent: "reply", id: String(contact.id), body: "Hello" }, cookie);
    expect(keyless.status).toBe(400);
    expect(textOf(await keyless.text())).toContain("This form has expired");
    const unknown = await postForm(path, { intent: "reply", id: "99999999", key, body: "Hello" }, cookie);
    expect(unknown.status).toBe(404);
    const bogus = await postForm(path, { intent: "shout", id: String(contact.id) }, cookie);
    expect(bogus.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM message_replies WHERE contact_id = ?", contact.id)).toBe(0);
    expect(await one("SELECT state FROM contact_submissions WHERE id = ?", contact.id)).toEqual({
      state: "new",
    });
  });
});
