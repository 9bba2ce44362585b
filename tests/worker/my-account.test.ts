import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchPage, fetchWorker, textOf } from "./support";
import {
  approve,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  registerViaApi,
  signedInCookie,
  uniqueEmail,
} from "./support-accounts";
import { deliver, insertContact, recordingEnv } from "./support-mail";

// My account over the JSON API: the profile, the sessions and the person's own account events,
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

async function idOf(email: string) {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return row?.id;
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
    for (const session of listed) expect(session.id).toMatch(/^[a-z2-7]{24}$/);
    const tokens = [first, second].map((cookie) => cookie.split("=")[1] ?? "");
    const hashes = await env.DB.prepare("SELECT token_hash FROM sessions").all<{ token_hash: string }>();
    for (const secret of [...tokens, ...hashes.results.map((row) => row.token_hash)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("never shows a session last seen before it started", async () => {
    const { first } = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const current = listed.find((session) => session.current);
    const other = listed.find((session) => !session.current);
    // The other session was last seen when it signed in: the same second as its start (a last seen
    // rounded down to the hour read "Started 2:20 PM · last seen 2:00 PM"). The one asking is seen now.
    expect(other?.lastSeenAt).toBe(other?.createdAt);
    expect(Date.parse(current?.lastSeenAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(current?.createdAt ?? ""),
    );
    expect(Math.abs(Date.parse(current?.lastSeenAt ?? "") - Date.now())).toBeLessThan(60_000);

    // A session stored before the fix (its D1 start a second after its KV record's) still reads in order.
    await env.DB.prepare("UPDATE sessions SET created_at = created_at + 5 WHERE id = ?")
      .bind(other?.id)
      .run();
    const again = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const shifted = again.find((session) => session.id === other?.id);
    expect(shifted?.lastSeenAt).toBe(shifted?.createdAt);
    expect(Date.parse(shifted?.createdAt ?? "")).toBe(Date.parse(other?.createdAt ?? "") + 5000);
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

  it("asks a session signed in over 10 minutes ago to confirm it's you first", async () => {
    const { email, first } = await memberWithTwoSessions();
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(await idOf(email))
      .run();
    const response = await call("/api/account/activity", first);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ reauthenticate: "required" });
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

describe("an entry whose subject is not a person", () => {
  it("stays out of the activity and data copy of the member whose id it shares", async () => {
    const admin = await signedInCookie({ admin: true });
    const { email, first } = await memberWithTwoSessions();
    const memberId = (await idOf(email)) ?? 0;
    // A contact message with the member's id, which the administrator marks processed.
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?").bind(memberId).run();
    await insertContact({ id: memberId });
    const processed = await fetchWorker(`/api/admin/mark-contact-processed/${memberId}`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(processed.status).toBe(200);
    const entry = await env.DB.prepare(
      "SELECT count(*) AS n FROM account_events WHERE action = 'contact-processed' AND subject_id = ?",
    )
      .bind(memberId)
      .first<{ n: number }>();
    expect(entry?.n).toBe(1);

    type Listed = { action: string; onAnother: boolean };
    const mine = (await (await call("/api/account/activity", first)).json()) as Listed[];
    expect(mine.map((event) => event.action)).not.toContain("contact-processed");
    const page = textOf((await fetchPage("/account", { headers: { Cookie: first } })).html);
    expect(page).not.toContain("Contact message marked processed");
    const copy = (await (await call("/api/account/export", first)).json()) as { accountEvents: Listed[] };
    expect(copy.accountEvents.map((event) => event.action)).not.toContain("contact-processed");
    expect(copy.accountEvents.map((event) => event.action)).toContain("sign-in");

    // The administrator who did it sees it among their own actions, not as done to an account.
    const theirs = (await (await call("/api/account/activity", admin.cookie)).json()) as Listed[];
    expect(theirs.find((event) => event.action === "contact-processed")).toMatchObject({ onAnother: false });
    const adminPage = textOf((await fetchPage("/account", { headers: { Cookie: admin.cookie } })).html);
    expect(adminPage).toContain("Contact message marked processed");
    expect(adminPage).not.toContain("Contact message marked processed (another person's account)");
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
