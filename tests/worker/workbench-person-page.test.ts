import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";
import { postForm } from "./support-accounts";
import { insertContact, insertUser } from "./support-mail";
import { anAdmin, count, keyOf } from "./support-workbench";

// A person's page on the workbench (docs/decisions/153-notes-replies-and-a-timeline.md): one timeline per
// person, of the messages they sent signed in (decision 174), the replies, notes and account events, linked
// from the dashboard's tabs.

describe("a person's page", () => {
  it("shows one timeline: their messages, the replies, notes, registration, approval and account events", async () => {
    const admin = await anAdmin();
    const person = await insertUser({ approved: true, firstName: "Katherine", lastName: "Johnson" });
    await env.DB.prepare("UPDATE users SET approved_by = ?, approved_at = unixepoch() WHERE id = ?")
      .bind(admin.id, person.id)
      .run();
    // Sent signed in: the account's own (decision 174). One typed with its address signed out is not.
    const contact = await insertContact({
      email: person.email,
      message: "I want to buy tokens.",
      sender_id: person.id,
    });
    await insertContact({ email: person.email, message: "Change my payout wallet to 9xQ." });
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
    // The message sent signed out with their address joins no timeline as theirs.
    expect(text).not.toContain("Change my payout wallet");
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
