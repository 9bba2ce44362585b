import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, PASSWORD, postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";
import { insertContact } from "./support-mail";
import { call, idOf, memberWithTwoSessions } from "./support-my-account";

// My account over the JSON API: the person's own account events, read from D1; an administrator's action
// on the account named for what it did, and an entry whose subject is not a person kept out.

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
    // The administrator's address is outside freshIp()'s 100.64.0.0/10, so the member's own events can
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
