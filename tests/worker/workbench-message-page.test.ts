import { describe, expect, it } from "vitest";
import { SAVED_REPLIES } from "../../app/content/saved-replies";
import { NOTE_MAX } from "../../app/lib/field-limits";
import { fetchPage, textOf } from "./support";
import { postForm, signedInCookie } from "./support-accounts";
import { insertContact } from "./support-mail";
import { anAdmin, count, one } from "./support-workbench";

// A message's page on the workbench (docs/decisions/153-notes-replies-and-a-timeline.md): the whole
// message for administrators alone, and its notes, added by a form that works without JavaScript.

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
