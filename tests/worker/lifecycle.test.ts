import { env } from "cloudflare:test";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/server/db.server";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import { setActiveStatement } from "../../app/server/identity/users.server";
import { fetchWorker } from "./support";
import {
  PASSWORD,
  postJson,
  registerViaApi,
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";

// The account lifecycle and the mail outbox through the JSON door; the page door is walked by
// tests/e2e/lifecycle.spec.ts.

async function mailEvents(type: string, subjectId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM mail_events WHERE type = ? AND subject_id = ?")
    .bind(type, subjectId)
    .all();
  return results;
}

function adminPost(path: string, cookie: string) {
  return fetchWorker(path, { method: "POST", headers: { Cookie: cookie } });
}

/** A token stored as the mail consumer stores it: only its sha256, with a purpose and an expiry. */
async function storeToken(id: number, purpose: string, { expiresInSeconds = 600 } = {}) {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, ?, unixepoch() + ?)",
  )
    .bind(hashToken(token), id, purpose, expiresInSeconds)
    .run();
  return token;
}

async function signedInAs(email: string, password = PASSWORD) {
  const response = await postJson("/api/login", { email, password });
  return { status: response.status, cookie: (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "" };
}

const me = (cookie: string) => fetchWorker("/api/auth/me", { headers: { Cookie: cookie } });

describe("mail follows stored facts", () => {
  it("records one event per new registration, contact message and approval, and none for repeats", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const email = uniqueEmail("events");
    await registerViaApi(email);
    const id = await userIdOf(email);
    expect(await mailEvents("registration-received", id)).toHaveLength(1);

    // The same answer as a new address (its owner is emailed instead, decision 123).
    expect((await registerViaApi(email.toUpperCase())).status).toBe(201);
    expect(await mailEvents("registration-received", id)).toHaveLength(1);

    expect((await adminPost(`/api/admin/approve-user/${id}`, cookie)).status).toBe(200);
    expect((await adminPost(`/api/admin/approve-user/${id}`, cookie)).status).toBe(200);
    expect(await mailEvents("account-approved", id)).toHaveLength(1);

    const contact = await postJson("/api/contact", {
      firstName: "Mary",
      lastName: "Jackson",
      email: uniqueEmail("events-contact"),
      userTypeId: 2,
      message: "Tokens, please.",
    });
    const { id: contactId } = await contact.json<{ id: number }>();
    expect(await mailEvents("contact-received", contactId)).toHaveLength(1);
  });
});

describe("reject", () => {
  it("takes the account off the pending list for good; repeats change nothing", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const email = uniqueEmail("spam");
    await registerViaApi(email);
    const id = await userIdOf(email);

    const first = await adminPost(`/api/admin/reject-user/${id}`, cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, changed: true });
    expect(await (await adminPost(`/api/admin/reject-user/${id}`, cookie)).json()).toEqual({
      ok: true,
      changed: false,
    });

    const pending = await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } });
    expect((await pending.json<{ id: number }[]>()).some((user) => user.id === id)).toBe(false);
    expect((await adminPost(`/api/admin/approve-user/${id}`, cookie)).status).toBe(409);
    expect((await signedInAs(email)).status).toBe(401);
  });

  it("answers 400, 404, 401 and 403 as the admin API does", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    expect((await adminPost("/api/admin/reject-user/abc", admin.cookie)).status).toBe(400);
    expect((await adminPost("/api/admin/reject-user/999999", admin.cookie)).status).toBe(404);
    expect((await adminPost("/api/admin/reject-user/1", member.cookie)).status).toBe(403);
    expect((await fetchWorker("/api/admin/reject-user/1", { method: "POST" })).status).toBe(401);
    expect((await fetchWorker("/api/admin/reject-user/1")).status).toBe(405);
  });
});

describe("deactivate and reactivate", () => {
  it("ends the user's sessions at once, blocks login, and reactivation lets them back", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const second = await signedInAs(member.email);
    const id = await userIdOf(member.email);
    expect((await me(member.cookie)).status).toBe(200);

    expect((await adminPost(`/api/admin/deactivate-user/${id}`, admin.cookie)).status).toBe(200);
    expect((await me(member.cookie)).status).toBe(401);
    expect((await me(second.cookie)).status).toBe(401);
    const left = await env.SESSIONS.list({ prefix: `user-session:${id}:` });
    expect(left.keys).toHaveLength(0);
    const login = await postJson("/api/login", { email: member.email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ error: "Invalid credentials or account not approved" });
    expect(await (await adminPost(`/api/admin/deactivate-user/${id}`, admin.cookie)).json()).toEqual({
      ok: true,
      changed: false,
    });

    expect((await adminPost(`/api/admin/reactivate-user/${id}`, admin.cookie)).status).toBe(200);
    expect((await signedInAs(member.email)).status).toBe(200);
  });

  it("refuses with 409 what the state does not allow: a pending user, or oneself", async () => {
    const admin = await signedInCookie({ admin: true });
    const email = uniqueEmail("pending");
    await registerViaApi(email);
    expect(
      (await adminPost(`/api/admin/deactivate-user/${await userIdOf(email)}`, admin.cookie)).status,
    ).toBe(409);
    expect(
      (await adminPost(`/api/admin/reactivate-user/${await userIdOf(email)}`, admin.cookie)).status,
    ).toBe(409);
    const self = await adminPost(`/api/admin/deactivate-user/${await userIdOf(admin.email)}`, admin.cookie);
    expect(self.status).toBe(409);
    expect((await me(admin.cookie)).status).toBe(200);
  });

  it("keeps one of two administrators who deactivate each other at once", async () => {
    const [a, b] = await Promise.all([signedInCookie({ admin: true }), signedInCookie({ admin: true })]);
    const ids = await Promise.all([userIdOf(a.email), userIdOf(b.email)]);
    const answers = await Promise.all([
      adminPost(`/api/admin/deactivate-user/${ids[1]}`, a.cookie),
      adminPost(`/api/admin/deactivate-user/${ids[0]}`, b.cookie),
    ]);
    // The second is refused, by its session ended (401) or, had it passed that check first, by its batch (403).
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401 || status === 403)).toHaveLength(1);
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE id IN (?, ?) AND is_active = 1")
      .bind(...ids)
      .all<{ id: number }>();
    expect(results).toHaveLength(1);

    // The refused one's change, run as if its checks had passed before it was deactivated, changes nothing.
    const kept = results[0]?.id ?? 0;
    const gone = ids.find((id) => id !== kept) ?? 0;
    expect(await setActiveStatement(getDb(env), kept, false, gone)).toEqual([]);
    expect((await me(statuses[0] === 200 ? a.cookie : b.cookie)).status).toBe(200);
  });

  it("lists approved accounts with their state", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const response = await fetchWorker("/api/admin/users", { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const users = await response.json<Record<string, unknown>[]>();
    const listed = users.find((user) => user.email === member.email);
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      [
        "approvedAt",
        "company",
        "createdAt",
        "email",
        "firstName",
        "id",
        "isActive",
        "lastName",
        "phone",
        "userTypeId",
      ].sort(),
    );
    expect(listed?.isActive).toBe(true);
  });
});

describe("password reset", () => {
  it("answers every address the same and records mail only for a real account", async () => {
    const { email } = await signedInCookie();
    const known = await postJson("/api/auth/forgot-password", { email });
    const unknown = await postJson("/api/auth/forgot-password", { email: uniqueEmail("nobody") });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailEvents("password-reset-requested", await userIdOf(email))).toHaveLength(1);
  });

  it("limits requests per email address without changing the answer", async () => {
    const { email } = await signedInCookie();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await postJson("/api/auth/forgot-password", { email })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    expect(await mailEvents("password-reset-requested", await userIdOf(email))).toHaveLength(3);
  });

  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const { email, cookie } = await signedInCookie();
    const token = await storeToken(await userIdOf(email), "reset-password");
    const newPassword = "a brand new passphrase";

    const weak = await postJson("/api/auth/reset-password", { token, password: "short" });
    expect(weak.status).toBe(400);
    expect(Object.keys((await weak.json<{ fieldErrors: object }>()).fieldErrors)).toEqual(["password"]);

    expect((await postJson("/api/auth/reset-password", { token, password: newPassword })).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await signedInAs(email)).status).toBe(401);
    expect((await signedInAs(email, newPassword)).status).toBe(200);
    expect(
      (await postJson("/api/auth/reset-password", { token, password: "another passphrase" })).status,
    ).toBe(400);
  });

  it("refuses expired, forged and malformed tokens with 400", async () => {
    const { email } = await signedInCookie();
    const expired = await storeToken(await userIdOf(email), "reset-password", { expiresInSeconds: -1 });
    const confirmOnly = await storeToken(await userIdOf(email), "confirm-email");
    for (const token of [expired, confirmOnly, "b".repeat(52), "not a token", 42]) {
      const response = await postJson("/api/auth/reset-password", { token, password: "a fine new password" });
      expect(response.status).toBe(400);
    }
    expect((await signedInAs(email)).status).toBe(200);
  });
});

describe("address confirmation", () => {
  it("confirms once, and the pending list shows it", async () => {
    const admin = await signedInCookie({ admin: true });
    const email = uniqueEmail("confirm");
    await registerViaApi(email);
    const id = await userIdOf(email);
    const listed = async () => {
      const response = await fetchWorker("/api/admin/pending-users?page=1", {
        headers: { Cookie: admin.cookie },
      });
      const users = await response.json<{ id: number; emailConfirmed: boolean }[]>();
      return users.find((user) => user.id === id)?.emailConfirmed;
    };
    expect(await listed()).toBe(false);
    const token = await storeToken(id, "confirm-email");
    expect((await postJson("/api/auth/confirm-email", { token })).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await postJson("/api/auth/confirm-email", { token })).status).toBe(400);
  });
});

describe("processed contact submissions", () => {
  it("lists processed messages with who and when, searchable by name, email or message", async () => {
    const admin = await signedInCookie({ admin: true });
    const marker = `zephyr${Date.now()}`;
    const sent = await postJson("/api/contact", {
      firstName: "Katherine",
      lastName: "Johnson",
      email: uniqueEmail("processed"),
      userTypeId: 4,
      message: `Licensing question about ${marker}, 100% literal_`,
    });
    const { id } = await sent.json<{ id: number }>();
    expect((await adminPost(`/api/admin/mark-contact-processed/${id}`, admin.cookie)).status).toBe(200);

    const search = async (q: string) => {
      const response = await fetchWorker(`/api/admin/contacts?processed=true&q=${encodeURIComponent(q)}`, {
        headers: { Cookie: admin.cookie },
      });
      return response.json<{ id: number; processedAt: string; processedBy: number }[]>();
    };
    const [found] = await search(marker);
    expect(found?.id).toBe(id);
    expect(found?.processedBy).toBe(await userIdOf(admin.email));
    expect(found?.processedAt).toBeTruthy();
    expect((await search("Katherine Johnson")).some((row) => row.id === id)).toBe(true);
    expect((await search("100%")).some((row) => row.id === id)).toBe(true);
    expect(await search(`${marker}-absent`)).toEqual([]);

    const unprocessed = await fetchWorker("/api/admin/contacts", { headers: { Cookie: admin.cookie } });
    expect((await unprocessed.json<{ id: number }[]>()).some((row) => row.id === id)).toBe(false);
  });
});
