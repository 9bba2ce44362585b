import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SAVED_REPLIES } from "../../app/content/saved-replies";
import { NOTE_MAX } from "../../app/lib/field-limits";
import { eraseAddress } from "../../app/server/account/address-erasure.server";
import { getDb } from "../../app/server/db.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, textOf } from "./support";
import { postForm, signedInCookie, userIdOf } from "./support-accounts";
import { deliver, insertContact, insertUser, recordingEnv } from "./support-mail";

// The workbench's notes, replies and a person's timeline (docs/decisions/153-notes-replies-and-a-timeline.md):
// forms that work without JavaScript, a reply stored with its message and mailed once from the site's
// address with Reply-To the replying administrator, and one timeline per person.

const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();
const count = async (sql: string, ...values: unknown[]) => (await one<{ n: number }>(sql, ...values))?.n ?? 0;

/** The reply form's one-time key, as the page renders it. */
const keyOf = (html: string) => /name="key" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "";

async function anAdmin() {
  const { cookie, email } = await signedInCookie({ admin: true });
  return { cookie, email, id: await userIdOf(email) };
}

describe("a message's page", () => {
  it("shows the whole message, its state and holder, and fills the reply box with a saved reply", async () => {
    const { cookie } = await anAdmin();
    const contact = await insertContact({ message: "First line.\nSecond line about USDT." });
    const { response, html } = await fetchPage(`/admin/message?id=${contact.id}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Second line about USDT.");
    expect(text).toContain("New");
    expect(text).toContain("Nobody holds it");
    expect(html).toContain('href="mailto:');
    const usdt = SAVED_REPLIES[0];
    const saved = await fetchPage(`/admin/message?id=${contact.id}&saved=${usdt.id}`, {
      headers: { Cookie: cookie },
    });
    expect(saved.html).toMatch(
      /<textarea[^>]*name="body"[^>]*>Thank you for your interest in the FACETS token\./,
    );
    const unknown = await fetchPage(`/admin/message?id=${contact.id}&saved=nope`, {
      headers: { Cookie: cookie },
    });
    expect(unknown.response.status).toBe(200);
  });

  it("answers a bad id with 400, an unknown one with 404, and no id with the list", async () => {
    const { cookie } = await anAdmin();
    for (const path of ["/admin/message?id=abc", "/admin/message?id=-1", "/admin/person?id=1.5"]) {
      const { response, html } = await fetchPage(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(400);
      expect(textOf(html)).toContain("must be a positive whole number");
    }
    expect(
      (await fetchPage("/admin/message?id=99999999", { headers: { Cookie: cookie } })).response.status,
    ).toBe(404);
    expect(
      (await fetchPage("/admin/person?id=99999999", { headers: { Cookie: cookie } })).response.status,
    ).toBe(404);
    const bare = await fetchPage("/admin/message", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(bare.response.status).toBe(302);
  });

  it("keeps visitors and members out, reading and writing", async () => {
    const contact = await insertContact();
    const { cookie } = await signedInCookie();
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const page = await fetchPage(`/admin/message?id=${contact.id}`, { headers, redirect: "manual" });
      expect(page.response.status).toBe(302);
      const posted = await postForm(
        `/admin/message?id=${contact.id}`,
        { intent: "note", id: String(contact.id), body: "sneaky" },
        headers.Cookie,
      );
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/login");
    }
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE contact_id = ?", contact.id)).toBe(0);
  });
});

describe("notes", () => {
  it("adds a note to a message, shown on its page to administrators only", async () => {
    const { cookie, id: adminId } = await anAdmin();
    const contact = await insertContact();
    const path = `/admin/message?id=${contact.id}`;
    const response = await postForm(
      path,
      { intent: "note", id: String(contact.id), body: "Called them; wants SOL." },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("Note added");
    expect(
      await one(
        "SELECT contact_id, user_id, author_id, body FROM staff_notes WHERE contact_id = ?",
        contact.id,
      ),
    ).toEqual({ contact_id: contact.id, user_id: null, author_id: adminId, body: "Called them; wants SOL." });
    const { html } = await fetchPage(path, { headers: { Cookie: cookie } });
    expect(textOf(html)).toContain("Called them; wants SOL.");
  });

  it("refuses an empty note, one over the limit and a bad id with a clear error, storing nothing", async () => {
    const { cookie } = await anAdmin();
    const contact = await insertContact();
    const path = `/admin/message?id=${contact.id}`;
    const tooLong = await postForm(
      path,
      { intent: "note", id: String(contact.id), body: "x".repeat(NOTE_MAX + 1) },
      cookie,
    );
    expect(tooLong.status).toBe(400);
    expect(textOf(await tooLong.text())).toContain(`Note must be at most ${NOTE_MAX} characters`);
    const empty = await postForm(path, { intent: "note", id: String(contact.id), body: "   " }, cookie);
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("Note is required");
    const badId = await postForm(path, { intent: "note", id: "1e3", body: "Hello" }, cookie);
    expect(badId.status).toBe(400);
    expect(textOf(await badId.text())).toContain("The message id must be a positive whole number.");
    const gone = await postForm(path, { intent: "note", id: "99999999", body: "Hello" }, cookie);
    expect(gone.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE contact_id = ?", contact.id)).toBe(0);
    const atLimit = await postForm(
      path,
      { intent: "note", id: String(contact.id), body: "y".repeat(NOTE_MAX) },
      cookie,
    );
    expect(atLimit.status).toBe(200);
  });
});

describe("a reply", () => {
  it("is stored, moves the message to Waiting, is audited, and is mailed once with Reply-To the admin", async () => {
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
    expect(email?.from).toBe(env.EMAIL_FROM);
    expect(email?.replyTo).toBe(admin.email.toLowerCase());
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

describe("a person's page", () => {
  it("shows one timeline: their messages, the replies, notes, registration, approval and account events", async () => {
    const admin = await anAdmin();
    const person = await insertUser({ approved: true, firstName: "Katherine", lastName: "Johnson" });
    await env.DB.prepare("UPDATE users SET approved_by = ?, approved_at = unixepoch() WHERE id = ?")
      .bind(admin.id, person.id)
      .run();
    const contact = await insertContact({ email: person.email, message: "I want to buy tokens." });
    const messagePath = `/admin/message?id=${contact.id}`;
    const key = keyOf((await fetchPage(messagePath, { headers: { Cookie: admin.cookie } })).html);
    await postForm(
      messagePath,
      { intent: "reply", id: String(contact.id), key, body: "Please tell us more." },
      admin.cookie,
    );
    const path = `/admin/person?id=${person.id}`;
    const noted = await postForm(
      path,
      { intent: "note", id: String(person.id), body: "Met at the conference." },
      admin.cookie,
    );
    expect(noted.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE user_id = ?", person.id)).toBe(1);
    // A person who is not there takes no note (and no foreign key fails): 404, nothing stored.
    const nobody = await postForm(
      "/admin/person?id=99999999",
      { intent: "note", id: "99999999", body: "Lost." },
      admin.cookie,
    );
    expect(nobody.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE body = 'Lost.'")).toBe(0);
    await postForm(`/admin?tab=users`, { intent: "deactivate", id: String(person.id) }, admin.cookie);

    const { response, html } = await fetchPage(path, { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const text = textOf(html);
    for (const line of [
      "Katherine Johnson",
      "I want to buy tokens.",
      "Please tell us more.",
      "Met at the conference.",
      "Registered",
      "Account approved",
      "Waiting on the applicant",
      "Account deactivated",
    ]) {
      expect(text, line).toContain(line);
    }
    expect(html).toContain(`href="${messagePath}"`);
    // The message's page links back to the person of the same address.
    expect((await fetchPage(messagePath, { headers: { Cookie: admin.cookie } })).html).toContain(
      `href="/admin/person?id=${person.id}"`,
    );
  });

  it("is linked from the Pending Users and Users tabs, and a message from the Contact Submissions tab", async () => {
    const { cookie } = await anAdmin();
    const pending = await insertUser();
    const contact = await insertContact();
    const tab = (name: string) => fetchPage(`/admin?tab=${name}`, { headers: { Cookie: cookie } });
    expect((await tab("pending")).html).toContain(`href="/admin/person?id=${pending.id}"`);
    expect((await tab("users")).html).toMatch(/href="\/admin\/person\?id=\d+"/);
    const contacts = await tab("contacts");
    expect(contacts.html).toMatch(/href="\/admin\/message\?id=\d+"/);
    expect(contact.id).toBeGreaterThan(0);
  });
});

describe("what notes and replies hang on", () => {
  it("outlive their author's account; a note on a person goes with the account", async () => {
    const author = await insertUser({ approved: true, userTypeId: 1 });
    const person = await insertUser();
    const contact = await insertContact();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO staff_notes (user_id, author_id, body) VALUES (?, ?, 'on the person')",
      ).bind(person.id, author.id),
      env.DB.prepare(
        "INSERT INTO message_replies (contact_id, author_id, body, submission_key) VALUES (?, ?, 'hello', ?)",
      ).bind(contact.id, author.id, crypto.randomUUID()),
    ]);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(author.id).run();
    expect(await count("SELECT count(*) AS n FROM message_replies WHERE contact_id = ?", contact.id)).toBe(1);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(person.id).run();
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE user_id = ?", person.id)).toBe(0);
  });

  it("go with an erased address's messages, reply mail events too", async () => {
    const admin = await anAdmin();
    const contact = await insertContact();
    const other = await insertContact();
    const path = `/admin/message?id=${contact.id}`;
    const key = keyOf((await fetchPage(path, { headers: { Cookie: admin.cookie } })).html);
    await postForm(path, { intent: "reply", id: String(contact.id), key, body: "Hello" }, admin.cookie);
    for (const id of [contact.id, other.id]) {
      await postForm(path, { intent: "note", id: String(id), body: "A note" }, admin.cookie);
    }
    const reply = await one<{ id: number }>(
      "SELECT id FROM message_replies WHERE contact_id = ?",
      contact.id,
    );
    const caller = {
      session: null,
      origin: "http://localhost",
      address: "192.0.2.201",
      userAgent: null,
      country: null,
      requestId: null,
    };
    const outcome = await eraseAddress(
      { env, db: getDb(env), waitUntil: () => {} },
      caller,
      { email: contact.email, user: null },
      "data-erased",
    );
    expect(outcome.kind).toBe("done");
    expect(await count("SELECT count(*) AS n FROM message_replies WHERE contact_id = ?", contact.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE contact_id = ?", contact.id)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_events WHERE type = 'message-reply' AND subject_id = ?",
        reply?.id,
      ),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM staff_notes WHERE contact_id = ?", other.id)).toBe(1);
  });

  // A rebuild of contact_submissions or users (drizzle-kit's way to add a CHECK) drops the old table, and in
  // D1 that runs every ON DELETE action even with foreign keys deferred: a key to either would empty the
  // notes and replies, or null their authors (decision 153). Only a note's person is a foreign key.
  it("hold no foreign key to a message or an author", async () => {
    const keys = async (table: string) =>
      (await env.DB.prepare(`SELECT "table", "from" FROM pragma_foreign_key_list('${table}')`).all()).results;
    expect(await keys("message_replies")).toEqual([]);
    expect(await keys("staff_notes")).toEqual([{ table: "users", from: "user_id" }]);
  });
});
