import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf, untilLimited } from "./support";
import { freshIp, postJson, signedInCookie, uniqueEmail } from "./support-accounts";
import { contact, countContacts } from "./support-contact";

// A contact message, sent to the API or posted by the page's form without JavaScript: stored once as plain
// text, refused with field errors, and limited per address.

describe("POST /api/contact", () => {
  it("stores the message and answers 201", async () => {
    const body = contact();
    const response = await postJson("/api/contact", body);
    expect(response.status).toBe(201);
    const row = await env.DB.prepare("SELECT * FROM contact_submissions WHERE email = ?")
      .bind(body.email)
      .first();
    expect(row).toMatchObject({ first_name: "Grace", user_type_id: 2, is_processed: 0, processed_by: null });
  });

  it("answers 400 with field errors and stores nothing for invalid input", async () => {
    const body = contact({ firstName: "", userTypeId: "two", phone: "1".repeat(21) });
    const response = await postJson("/api/contact", body);
    expect(response.status).toBe(400);
    const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.keys(fieldErrors).sort()).toEqual(["firstName", "phone", "userTypeId"]);
    expect(await countContacts(body.email)).toBe(0);
  });

  it("keeps every acknowledged message of a concurrent burst exactly once", async () => {
    const email = uniqueEmail("burst");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postJson("/api/contact", contact({ email, message: `Burst ${i}` })),
      ),
    );
    const acknowledged = responses.filter((response) => response.status === 201).length;
    expect(acknowledged).toBe(8);
    expect(await countContacts(email)).toBe(acknowledged);
  });

  it("rate-limits one address with 429 and Retry-After", async () => {
    const headers = { "CF-Connecting-IP": "198.51.100.200" };
    const { before, limited } = await untilLimited(10, () => postJson("/api/contact", contact(), headers));
    expect(limited?.headers.get("Retry-After")).toBe("60");
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.every((status) => status === 201)).toBe(true);
  });

  it("keeps markup and SQL-looking text as plain text", async () => {
    const nasty = `<script>alert(1)</script>'); DROP TABLE users; --`;
    const body = contact({ firstName: "<b>Eve</b>", message: nasty });
    await postJson("/api/contact", body);
    const row = await env.DB.prepare("SELECT first_name, message FROM contact_submissions WHERE email = ?")
      .bind(body.email)
      .first();
    expect(row).toEqual({ first_name: "<b>Eve</b>", message: nasty });
    const { cookie } = await signedInCookie({ admin: true });
    const { html } = await fetchPage("/admin?tab=contacts", { headers: { Cookie: cookie } });
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<b>Eve</b>");
  });
});

describe("the contact form page", () => {
  it("stores a plain HTML form post and shows the success message without JavaScript", async () => {
    const body = contact();
    const form = new URLSearchParams({ ...body, userTypeId: "3" } as Record<string, string>);
    const response = await fetchWorker("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: form,
    });
    expect(response.status).toBe(201);
    expect(textOf(await response.text())).toContain(
      "Thank you for your message! We will get back to you soon.",
    );
    expect(await countContacts(body.email)).toBe(1);
  });
});
