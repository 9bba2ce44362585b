import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, fetchWorker, textOf } from "./support";
import {
  approve,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  signedInCookie,
  uniqueEmail,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// My account over the JSON API (issue 18): the profile, the sessions and the person's own account events,
// each read from D1, and a session that is ended refused at every privileged door at once.

/** A member signed in twice (two browsers), with both session cookies. */
async function memberWithTwoSessions() {
  const email = uniqueEmail("account");
  await registerViaApi(email);
  await approve(email);
  const signIn = async (userAgent: string) => {
    const response = await postJson("/api/login", { email, password: PASSWORD }, { "User-Agent": userAgent });
    expect(response.status).toBe(200);
    return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  };
  const first = await signIn("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/140.0");
  const second = await signIn("Mozilla/5.0 (Linux; Android 15) Chrome/150.0 Mobile");
  return { email, first, second };
}

function call(path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  return fetchWorker(path, {
    method: init.method ?? "GET",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

interface ListedSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  country: string | null;
  current: boolean;
}

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

describe("sessions", () => {
  it("lists the person's sessions by opaque id, marks the current one, and never shows a token", async () => {
    const { first, second } = await memberWithTwoSessions();
    const response = await call("/api/account/sessions", first);
    expect(response.status).toBe(200);
    const text = await response.text();
    const listed = JSON.parse(text) as ListedSession[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed.map((session) => session.userAgent).sort()).toEqual([
      expect.stringContaining("Android"),
      expect.stringContaining("Firefox"),
    ]);
    for (const session of listed) {
      expect(session.id).toMatch(/^[a-z2-7]{24}$/);
      expect(new Date(session.lastSeenAt).getUTCMinutes()).toBe(0);
    }
    const tokens = [first, second].map((cookie) => cookie.split("=")[1] ?? "");
    const hashes = await env.DB.prepare("SELECT token_hash FROM sessions").all<{ token_hash: string }>();
    for (const secret of [...tokens, ...hashes.results.map((row) => row.token_hash)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("signs out another session, which every privileged door then refuses at once", async () => {
    const { first, second } = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const other = listed.find((session) => !session.current);
    expect((await call(`/api/account/sessions/${other?.id}`, first, { method: "DELETE" })).status).toBe(204);
    // Even were KV still to hold the ended session somewhere, D1 no longer does.
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await call("/api/auth/me", second)).status).toBe(401);
    expect((await call("/api/account/sessions", second)).status).toBe(401);
    expect((await call("/api/account", first)).status).toBe(200);
  });

  it("is refused by D1 even while a lagging KV location still holds the ended session", async () => {
    const { first, second } = await memberWithTwoSessions();
    const token = second.split("=")[1] ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const key = `session:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
    const record = await env.SESSIONS.get(key);
    expect(record).not.toBeNull();
    expect((await call("/api/account/sessions", first, { method: "DELETE" })).status).toBe(204);
    // KV is eventually consistent: another location may still serve the record for up to a minute.
    await env.SESSIONS.put(key, record ?? "");
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await call("/api/auth/me", second)).status).toBe(401);
    expect((await call("/api/account/activity", second)).status).toBe(401);
    expect((await call("/api/account", second, { method: "PATCH", body: { company: "Late" } })).status).toBe(
      401,
    );
  });

  it("answers 404 for a session that is not the caller's", async () => {
    const mine = await memberWithTwoSessions();
    const theirs = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", theirs.first)).json()) as ListedSession[];
    const response = await call(`/api/account/sessions/${listed[0]?.id}`, mine.first, { method: "DELETE" });
    expect(response.status).toBe(404);
    expect((await call("/api/account", theirs.first)).status).toBe(200);
    expect((await call("/api/account/sessions/not-an-id", mine.first, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("signs out every other session and keeps the current one", async () => {
    const { first, second } = await memberWithTwoSessions();
    expect((await call("/api/account/sessions", first, { method: "DELETE" })).status).toBe(204);
    expect((await call("/api/account", second)).status).toBe(401);
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    expect(listed.map((session) => session.current)).toEqual([true]);
  });

  it("refuses a cross-site request to end sessions", async () => {
    const { first, second } = await memberWithTwoSessions();
    const response = await fetchWorker("/api/account/sessions", {
      method: "DELETE",
      headers: { Cookie: first, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await call("/api/account", second)).status).toBe(200);
  });
});

describe("GET /api/account/activity", () => {
  it("lists the person's own sign-ins, failures, changes and sign-outs, newest first", async () => {
    const { email, first, second } = await memberWithTwoSessions();
    await postJson("/api/login", { email, password: "not the password at all" });
    await call("/api/account", first, { method: "PATCH", body: { company: "Difference Engines" } });
    await fetchWorker("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: second, "CF-Connecting-IP": "198.51.100.44" },
    });
    const response = await call("/api/account/activity", first);
    expect(response.status).toBe(200);
    const events = (await response.json()) as { action: string; outcome: string; ip: string | null }[];
    expect(events.map((event) => `${event.action}:${event.outcome}`)).toEqual([
      "sign-out:success",
      "profile-changed:success",
      "sign-in:failure",
      "sign-in:success",
      "sign-in:success",
    ]);
    expect(events[0]?.ip).toBe("198.51.100.44");
    const stored = await env.DB.prepare("SELECT * FROM account_events").all();
    expect(JSON.stringify(stored.results)).not.toContain("not the password at all");
    expect(JSON.stringify(stored.results)).not.toContain(PASSWORD);
  });

  it("shows nobody else's events", async () => {
    const mine = await memberWithTwoSessions();
    const theirs = await memberWithTwoSessions();
    await call("/api/account", theirs.first, { method: "PATCH", body: { company: "Theirs" } });
    const events = (await (await call("/api/account/activity", mine.first)).json()) as { action: string }[];
    expect(events.map((event) => event.action)).toEqual(["sign-in", "sign-in"]);
  });
});

describe("an administrator's action in a person's own activity", () => {
  it("is named for what it did, without the administrator's address or device", async () => {
    const admin = await signedInCookie({ admin: true });
    const email = uniqueEmail("approved");
    await registerViaApi(email);
    const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(email)
      .first<{ id: number }>();
    // The administrator's address is outside freshIp()'s 203.0.113.0/24, so the member's own events can
    // never contain it by chance.
    const approved = await fetchWorker(`/api/admin/approve-user/${row?.id}`, {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        "CF-Connecting-IP": "198.51.100.213",
        "User-Agent": "StaffBrowser/7.0",
      },
    });
    expect(approved.status).toBe(200);
    const signedIn = await postJson("/api/login", { email, password: PASSWORD });
    const cookie = (signedIn.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

    type Listed = { action: string; byAnother: boolean; onAnother: boolean; ip: string | null };
    const approval = (events: Listed[]) => events.find((event) => event.action === "user-approved");
    const mine = (await (await call("/api/account/activity", cookie)).json()) as Listed[];
    expect(approval(mine)).toMatchObject({ byAnother: true, onAnother: false, ip: null, userAgent: null });
    const theirs = (await (await call("/api/account/activity", admin.cookie)).json()) as Listed[];
    expect(approval(theirs)).toMatchObject({ byAnother: false, onAnother: true, ip: "198.51.100.213" });

    const page = textOf((await fetchPage("/account", { headers: { Cookie: cookie } })).html);
    expect(page).toContain("Account approved, by an administrator");
    expect(page).not.toContain("198.51.100.213");
    expect(page).not.toContain("user-approved");
    const adminPage = textOf((await fetchPage("/account", { headers: { Cookie: admin.cookie } })).html);
    expect(adminPage).toContain("Account approved (another person's account)");

    const copy = await (await call("/api/account/export", cookie)).text();
    expect(copy).not.toContain("198.51.100.213");
    expect(copy).not.toContain("StaffBrowser");
    const events = (JSON.parse(copy) as { accountEvents: Listed[] }).accountEvents;
    expect(approval(events)).toMatchObject({ byAnother: true, ip: null });
  });
});

describe("POST /api/account/password", () => {
  async function mailEventsOf(email: string) {
    const { results } = await env.DB.prepare(
      "SELECT e.id, e.type, e.subject_id AS subjectId FROM mail_events e JOIN users u ON u.id = e.subject_id WHERE u.email = ? AND e.type = 'password-changed'",
    )
      .bind(email)
      .all<MailEventMessage>();
    return results;
  }

  it("changes the password, ends every other session at once, renews the current one and emails the person", async () => {
    const { email, first, second } = await memberWithTwoSessions();
    const response = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: PASSWORD, password: "a brand new passphrase" },
    });
    expect(response.status).toBe(200);
    const renewed = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(renewed).not.toBe(first);
    expect((await call("/api/account", renewed)).status).toBe(200);
    expect((await call("/api/account", first)).status).toBe(401);
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postJson("/api/login", { email, password: "a brand new passphrase" })).status).toBe(200);

    const events = await mailEventsOf(email);
    expect(events).toHaveLength(1);
    const mail = recordingEnv();
    await deliver(mail.env, events);
    expect(mail.sent.map((sent) => [sent.to, sent.subject])).toEqual([
      [email, "Your FACETS password was changed"],
    ]);
    expect(String(mail.sent[0]?.text)).not.toContain("a brand new passphrase");
  });

  it("answers 401 for a wrong current password and 400 for a weak new one, changing nothing", async () => {
    const { email, first, second } = await memberWithTwoSessions();
    const wrong = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: "not my password", password: "a brand new passphrase" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "The current password is not right." });
    const weak = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: PASSWORD, password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty("password");
    expect((await call("/api/account", second)).status).toBe(200);
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(200);
    expect(await mailEventsOf(email)).toEqual([]);
  });
});
