import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf, untilLimited } from "./support";
import { freshIp, postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";

const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: uniqueEmail("contact"),
  company: "Navy",
  phone: "+1 555 0100",
  userTypeId: 2,
  message: "I would like to buy tokens with SOL.",
  ...overrides,
});

async function countContacts(email: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

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

describe("admin access", () => {
  const adminCalls: [string, string][] = [
    ["GET", "/api/admin/pending-users"],
    ["GET", "/api/admin/contacts"],
    ["POST", "/api/admin/approve-user/1"],
    ["POST", "/api/admin/mark-contact-processed/1"],
  ];

  it("answers 401 to visitors and 403 to signed-in non-admins on every admin call", async () => {
    const { cookie } = await signedInCookie();
    for (const [method, path] of adminCalls) {
      expect((await fetchWorker(path, { method })).status).toBe(401);
      expect((await fetchWorker(path, { method, headers: { Cookie: cookie } })).status).toBe(403);
    }
  });

  it("sends visitors and non-admins from /admin to /login", async () => {
    const { cookie } = await signedInCookie();
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const response = await fetchWorker("/admin", { headers, redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
  });

  it("refuses a pending admin", async () => {
    const email = uniqueEmail("pending-admin");
    await registerViaApi(email);
    await env.DB.prepare("UPDATE users SET user_type_id = 1 WHERE email = ?").bind(email).run();
    const login = await postJson("/api/login", { email, password: "correct horse battery" });
    expect(login.status).toBe(401);
  });
});

describe("admin actions", () => {
  it("approves a user once, recording who and when, and the user can then log in", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const email = uniqueEmail("approve-me");
    await registerViaApi(email);
    const pending = await (
      await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } })
    ).json<{ id: number; email: string; createdAt: string }[]>();
    const user = pending.find((row) => row.email === email);
    expect(user).toBeDefined();
    const approve = () =>
      fetchWorker(`/api/admin/approve-user/${user?.id}`, { method: "POST", headers: { Cookie: cookie } });
    expect((await (await approve()).json<{ changed: boolean }>()).changed).toBe(true);
    const first = await env.DB.prepare("SELECT approved_by, approved_at FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect((await (await approve()).json<{ changed: boolean }>()).changed).toBe(false);
    const second = await env.DB.prepare("SELECT approved_by, approved_at FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect(second).toEqual(first);
    expect(first?.approved_by).not.toBeNull();
    expect((await postJson("/api/login", { email, password: "correct horse battery" })).status).toBe(200);
  });

  it("marks a contact processed once and removes it from the list", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const body = contact();
    await postJson("/api/contact", body);
    const list = async () =>
      (
        await (
          await fetchWorker("/api/admin/contacts", { headers: { Cookie: cookie } })
        ).json<{ id: number; email: string }[]>()
      ).filter((row) => row.email === body.email);
    const [row] = await list();
    const mark = () =>
      fetchWorker(`/api/admin/mark-contact-processed/${row?.id}`, {
        method: "POST",
        headers: { Cookie: cookie },
      });
    expect((await mark()).status).toBe(200);
    expect((await mark()).status).toBe(200);
    expect(await list()).toEqual([]);
    const stored = await env.DB.prepare(
      "SELECT is_processed, processed_by, processed_at FROM contact_submissions WHERE id = ?",
    )
      .bind(row?.id)
      .first<{ is_processed: number; processed_by: number; processed_at: number }>();
    expect(stored?.is_processed).toBe(1);
    expect(stored?.processed_by).toBeGreaterThan(0);
    expect(stored?.processed_at).toBeGreaterThan(0);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const post = (path: string) => fetchWorker(path, { method: "POST", headers: { Cookie: cookie } });
    expect((await post("/api/admin/approve-user/abc")).status).toBe(400);
    expect((await post("/api/admin/approve-user/-1")).status).toBe(400);
    expect((await post("/api/admin/approve-user/99999999")).status).toBe(404);
    expect((await post("/api/admin/mark-contact-processed/1.5")).status).toBe(400);
    expect((await post("/api/admin/mark-contact-processed/99999999")).status).toBe(404);
  });

  it("pages long lists: 50 at a time with the total in a header", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const statements = Array.from({ length: 120 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id) VALUES ('Bulk', 'Row', ?, 'hello', 2)",
      ).bind(`bulk${i}@example.com`),
    );
    await env.DB.batch(statements);
    const response = await fetchWorker("/api/admin/contacts?page=2", { headers: { Cookie: cookie } });
    expect((await response.json<unknown[]>()).length).toBe(50);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(120);
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM contact_submissions WHERE is_processed = 0 ORDER BY created_at DESC LIMIT 50",
    ).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" ")).toContain("contact_submissions_unprocessed_idx");
  });
});
