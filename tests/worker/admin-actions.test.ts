import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import { postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";
import { contact } from "./support-contact";

// The administrators' calls: refused to visitors, members and a pending admin; approving a user and marking
// a contact message processed, once each, recording who and when; and the lists paged by keyset.

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
    expect((await postJson("/api/contact", body)).status).toBe(201);
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

  it("answers 404 for an action no one declared, and 405 for a GET of one that is", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const call = (method: string, path: string) => fetchWorker(path, { method, headers: { Cookie: cookie } });
    for (const method of ["POST", "GET"]) {
      const unknown = await call(method, "/api/admin/delete-everything/1");
      expect([method, unknown.status]).toEqual([method, 404]);
      expect(await unknown.json()).toEqual({ error: "There is no such API endpoint." });
    }
    expect((await call("GET", "/api/admin/approve-user/1")).status).toBe(405);
    expect((await call("POST", "/api/admin/APPROVE-USER/99999999")).status).toBe(404);
    expect(await (await call("POST", "/api/admin/APPROVE-USER/99999999")).json()).toEqual({
      error: "No such user.",
    });
  });

  it("pages long lists: 50 at a time by keyset, the next page linked, with the total in a header", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const statements = Array.from({ length: 120 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO contact_submissions (first_name, last_name, email, message, user_type_id) VALUES ('Bulk', 'Row', ?, 'hello', 2)",
      ).bind(`bulk${i}@example.com`),
    );
    await env.DB.batch(statements);
    const first = await fetchWorker("/api/admin/contacts", { headers: { Cookie: cookie } });
    const next = /<([^>]*)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1] ?? "";
    expect(next).toMatch(/^\/api\/admin\/contacts\?after=\d+\.\d+$/);
    const response = await fetchWorker(next, { headers: { Cookie: cookie } });
    const [firstIds, secondIds] = [
      await first.json<{ id: number }[]>(),
      await response.json<{ id: number }[]>(),
    ];
    expect(secondIds.length).toBe(50);
    expect(secondIds.some((row) => firstIds.some((seen) => seen.id === row.id))).toBe(false);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(120);
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM contact_submissions WHERE is_processed = 0 ORDER BY created_at, id LIMIT 50",
    ).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" ")).toContain("contact_submissions_unprocessed_idx");
  });
});
