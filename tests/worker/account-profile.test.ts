import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { postForm, signedInCookie } from "./support-accounts";
import { call, memberWithTwoSessions } from "./support-my-account";

// My account over the JSON API: the profile, read from D1 and changed under the registration's rules, and
// no self-service change, by the page or by the API, that touches a role.

describe("GET and PATCH /api/account", () => {
  it("returns the profile and changes any of its fields under the registration's rules", async () => {
    const { email, first } = await memberWithTwoSessions();
    const before = await call("/api/account", first);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      id: expect.any(Number),
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      company: "Analytical Engines",
      phone: "+44 20 0000 0000",
      userTypeId: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const changed = await call("/api/account", first, {
      method: "PATCH",
      body: { firstName: "Augusta", phone: "" },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ firstName: "Augusta", lastName: "Lovelace", phone: null });
    const row = await env.DB.prepare("SELECT first_name, phone FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ first_name: "Augusta", phone: null });

    const refused = await call("/api/account", first, {
      method: "PATCH",
      body: { lastName: "", userTypeId: 1 },
    });
    expect(refused.status).toBe(400);
    const { fieldErrors } = (await refused.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(fieldErrors).sort()).toEqual(["lastName", "userTypeId"]);
  });

  it("answers 401 without a session and 405 for other methods", async () => {
    expect((await call("/api/account", "")).status).toBe(401);
    const { first } = await memberWithTwoSessions();
    const put = await call("/api/account", first, { method: "PUT", body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, PATCH, DELETE");
  });
});

describe("no self-service change touches a role", () => {
  const typeOf = async (email: string) =>
    (
      await env.DB.prepare("SELECT user_type_id FROM users WHERE email = ?")
        .bind(email)
        .first<{ user_type_id: number }>()
    )?.user_type_id;

  it("keeps an administrator an administrator, by the page and by the API", async () => {
    const admin = await signedInCookie({ admin: true });
    const page = await fetchPage("/account", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('name="userTypeId"');
    expect(textOf(page.html)).toContain("Role: administrator");

    // The profile form as the page has it: a typo in the name fixed, nothing else.
    const saved = await postForm(
      "/account",
      { intent: "profile", firstName: "Grace", lastName: "Hopper", company: "", phone: "" },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain("Your profile was saved.");
    expect(await typeOf(admin.email)).toBe(1);
    const forged = await postForm(
      "/account",
      { intent: "profile", firstName: "Grace", lastName: "Hopper", userTypeId: "2" },
      admin.cookie,
    );
    expect(forged.status).toBe(400);
    expect(await typeOf(admin.email)).toBe(1);

    const demoted = await call("/api/account", admin.cookie, { method: "PATCH", body: { userTypeId: 2 } });
    expect(demoted.status).toBe(400);
    const { fieldErrors } = (await demoted.json()) as { fieldErrors: Record<string, unknown> };
    expect(Object.keys(fieldErrors)).toEqual(["userTypeId"]);
    expect(await typeOf(admin.email)).toBe(1);
    // A profile read and sent back whole names the type the administrator has: saved, role unchanged.
    const profile = (await (await call("/api/account", admin.cookie)).json()) as Record<string, unknown>;
    const roundTrip = await call("/api/account", admin.cookie, {
      method: "PATCH",
      body: { ...profile, lastName: "Hopper-Murray" },
    });
    expect(roundTrip.status).toBe(200);
    expect(await roundTrip.json()).toMatchObject({ lastName: "Hopper-Murray", userTypeId: 1 });
    expect(await typeOf(admin.email)).toBe(1);
    expect((await fetchWorker("/api/admin/users", { headers: { Cookie: admin.cookie } })).status).toBe(200);
  });

  it("lets a member change their area of interest among the public ones, never to administrator", async () => {
    const { email, first } = await memberWithTwoSessions();
    const changed = await call("/api/account", first, { method: "PATCH", body: { userTypeId: 3 } });
    expect(changed.status).toBe(200);
    expect(await typeOf(email)).toBe(3);
    for (const userTypeId of [1, "1"]) {
      const promoted = await call("/api/account", first, { method: "PATCH", body: { userTypeId } });
      expect(promoted.status).toBe(400);
    }
    const page = await postForm(
      "/account",
      { intent: "profile", firstName: "Ada", lastName: "Lovelace", userTypeId: "1" },
      first,
    );
    expect(page.status).toBe(400);
    expect(await typeOf(email)).toBe(3);
    expect((await fetchWorker("/api/admin/users", { headers: { Cookie: first } })).status).toBe(403);
  });
});
