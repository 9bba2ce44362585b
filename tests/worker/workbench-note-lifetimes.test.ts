import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eraseAddress } from "../../app/server/account/address-erasure.server";
import { getDb } from "../../app/server/db.server";
import { fetchPage } from "./support";
import { postForm } from "./support-accounts";
import { insertContact, insertUser } from "./support-mail";
import { anAdmin, count, keyOf, one } from "./support-workbench";

// What the workbench's notes and replies hang on (docs/decisions/153-notes-replies-and-a-timeline.md): they
// outlive their author's account, go with an erased address and a person's account, and hold no foreign key
// a table's rebuild could empty.

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
