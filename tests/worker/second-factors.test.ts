import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { recoveryCodeHash, recoveryCodeKey } from "../../app/server/second-factors/recovery-codes";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker, textOf } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  flashCookieOf,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  registerViaApi,
  sessionCookieOf,
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";

// Second factors (authenticator app, recovery codes), the second step of a
// sign-in over the API and the form, the lockout, enrolment enforced at every admin door, "Confirm it's you".

async function account(options: { admin?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "admin" : "member");
  await registerViaApi(email);
  await approve(email, options.admin);
  return email;
}

const login = (body: Record<string, unknown>) => postJson("/api/login", body);

async function events(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, outcome, actor_id FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(subjectId, action)
    .all<{ action: string; outcome: string; actor_id: number }>();
  return results;
}

describe("signing in with an authenticator app", () => {
  it("asks for a code after a correct password, takes each code once, and refuses wrong ones alike", async () => {
    const email = await account();
    const secret = await enrolAuthenticator(email);

    const noCode = await login({ email, password: PASSWORD });
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toMatchObject({ secondFactor: "required" });
    expect(noCode.headers.get("Set-Cookie")).toBeNull();

    const wrongPassword = await login({ email, password: "not the password", code: codeNow(secret) });
    const wrongCode = await login({ email, password: PASSWORD, code: codeNow(secret, 5) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.json()).toEqual(await wrongPassword.json());

    const code = codeNow(secret);
    const signedIn = await login({ email, password: PASSWORD, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/session=/);
    const replayed = await login({ email, password: PASSWORD, code });
    expect(replayed.status).toBe(401);
    // An earlier step than the one used is refused too: codes only move forward.
    expect((await login({ email, password: PASSWORD, code: codeNow(secret, -1) })).status).toBe(401);

    const id = await userIdOf(email);
    expect((await events(id, "sign-in-code")).map((entry) => entry.outcome)).toEqual([
      "failure",
      "success",
      "failure",
      "failure",
    ]);
  });

  it("refuses every code from a client for 15 minutes after five wrong ones, with the same answer", async () => {
    const email = await account();
    const secret = await enrolAuthenticator(email);
    const client = { "CF-Connecting-IP": "198.51.100.23" };
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await postJson("/api/login", { email, password: PASSWORD, code: "000000" }, client)).status,
      ).toBe(401);
    }
    const locked = await postJson("/api/login", { email, password: PASSWORD, code: codeNow(secret) }, client);
    expect(locked.status).toBe(401);
    expect((await locked.json()) as object).not.toHaveProperty("secondFactor");
    expect(await events(await userIdOf(email), "sign-in-locked-out")).toHaveLength(1);
  });

  it("takes a recovery code once, and emails its owner", async () => {
    const email = await account();
    await enrolAuthenticator(email);
    const id = await userIdOf(email);
    await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")
      .bind(id, recoveryCodeHash(recoveryCodeKey(env.RECOVERY_CODE_KEY) ?? new Uint8Array(), "abcdeabcde"))
      .run();
    const first = await login({ email, password: PASSWORD, code: "ABCDE-abcde" });
    expect(first.status).toBe(200);
    expect((await login({ email, password: PASSWORD, code: "abcde-abcde" })).status).toBe(401);
    const mail = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_events WHERE type = 'recovery-code-used' AND subject_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);
    expect((await events(id, "sign-in-recovery-code")).map((entry) => entry.outcome)).toEqual([
      "success",
      "failure",
    ]);
  });

  it("runs the second step in the form, without JavaScript", async () => {
    const email = await account({ admin: true });
    const secret = await enrolAuthenticator(email);
    const step = await postForm("/login", { intent: "login", email, password: PASSWORD });
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(textOf(html)).toContain("The code from your authenticator app or a recovery code");
    const ticket = /name="ticket" value="([a-z2-7]+)"/.exec(html)?.[1] ?? "";
    expect(ticket).toHaveLength(52);
    // The browser sends back the cookie the password step set with the ticket.
    const cookie = step.headers.get("Set-Cookie")?.split(";")[0] ?? "";

    const wrong = await postForm("/login", { intent: "second-factor", ticket, code: "123456" }, cookie);
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("Invalid credentials or account not approved");

    const right = await postForm(
      "/login",
      { intent: "second-factor", ticket, code: codeNow(secret) },
      cookie,
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin");
    expect(right.headers.get("Set-Cookie")).toMatch(/session=/);
    // The ticket is spent.
    const again = await postForm(
      "/login",
      { intent: "second-factor", ticket, code: codeNow(secret, 1) },
      cookie,
    );
    expect(again.status).toBe(401);
  });
});

describe("an administrator without a second factor", () => {
  it("is sent to enrolment and refused at every admin door until they enrol", async () => {
    const email = await account({ admin: true });
    const form = await postForm("/login", { intent: "login", email, password: PASSWORD });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe("/account/security");
    const cookie = form.headers.get("Set-Cookie")?.split(";")[0] ?? "";

    const api = await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Set up a second factor first" });
    const action = await fetchWorker("/api/admin/approve-user/1", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(action.status).toBe(403);
    const page = await fetchWorker("/admin", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    expect(textOf(await page.text())).toContain("Set up a second factor first");
    const dataRequest = await fetchWorker("/admin.data", { headers: { Cookie: cookie } });
    expect(dataRequest.status).toBe(403);

    // Enrolment on /account/security: the QR code and key, then a code from them.
    const started = await postForm("/account/security", { intent: "totp-start" }, cookie);
    expect(started.status).toBe(200);
    const html = await started.text();
    expect(html).toContain("<svg");
    const key =
      /Key:(?:<!-- -->)? <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replaceAll(" ", "") ?? "";
    expect(key).toHaveLength(32);
    const secret = decodeBase32IgnorePadding(key);
    // Coming back to the page before confirming shows the same pending app again.
    const again = await (await fetchWorker("/account/security", { headers: { Cookie: cookie } })).text();
    expect(again.replace(/<!-- -->/g, "")).toContain(`${key.match(/.{4}/g)?.join(" ")}</code>`);
    const confirmed = await postForm(
      "/account/security",
      { intent: "totp-confirm", code: totpCodeAt(secret, Math.floor(Date.now() / 30_000)) },
      cookie,
    );
    expect(confirmed.status).toBe(200);
    const codes = [...(await confirmed.text()).matchAll(/<li>([a-z2-7]{4}(?:-[a-z2-7]{4}){3})<\/li>/g)];
    expect(codes).toHaveLength(10);
    expect(await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } })).toHaveProperty(
      "status",
      200,
    );
    const id = await userIdOf(email);
    expect(await events(id, "totp-enabled")).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT secret_ciphertext FROM totp_credentials WHERE user_id = ?")
      .bind(id)
      .first<{ secret_ciphertext: string }>();
    expect(stored?.secret_ciphertext).not.toContain(key);
  });
});

/** The reference of the action a page stored for "Confirm it's you" (hidden in its form). */
function storedReference(html: string): string {
  return /name="ref" value="([a-z2-7]{52})"/.exec(html)?.[1] ?? "";
}

describe("Confirm it's you", () => {
  it("asks again after 10 minutes, names the action, and it goes on once confirmed", async () => {
    const { email, cookie, secret } = await signedInCookie({ admin: true });
    const id = await userIdOf(email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(id)
      .run();
    const refused = await postForm("/account/security", { intent: "recovery-codes" }, cookie);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(textOf(html)).toContain("Confirm it's you Make new recovery codes");
    const ref = storedReference(html);
    expect(ref).toHaveLength(52);

    const wrong = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD, code: "000000" },
      cookie,
    );
    expect(wrong.status).toBe(401);
    const confirmed = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD, code: codeNow(secret ?? new Uint8Array(), 1) },
      cookie,
    );
    expect(confirmed.status).toBe(200);
    expect([...(await confirmed.text()).matchAll(/<li>[a-z2-7]{4}(?:-[a-z2-7]{4}){3}<\/li>/g)]).toHaveLength(
      10,
    );
    expect((await events(id, "reauthenticated")).map((entry) => entry.outcome)).toEqual([
      "failure",
      "success",
    ]);
    expect(await events(id, "recovery-codes-generated")).toHaveLength(1);
  });
});

describe("an administrator's power over another person's sign-in", () => {
  function adminPost(path: string, cookie: string) {
    return fetchWorker(path, { method: "POST", headers: { Cookie: cookie, "CF-Connecting-IP": freshIp() } });
  }

  it("ends every session of a person at once, with one entry", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const id = await userIdOf(member.email);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: member.cookie } })).status).toBe(200);
    const ended = await adminPost(`/api/admin/end-sessions/${id}`, admin.cookie);
    expect(ended.status).toBe(200);
    expect((await fetchWorker("/api/account", { headers: { Cookie: member.cookie } })).status).toBe(401);
    const again = await adminPost(`/api/admin/end-sessions/${id}`, admin.cookie);
    expect(await again.json()).toEqual({ ok: true, changed: false });
    const entries = await events(id, "sessions-ended");
    expect(entries).toEqual([
      { action: "sessions-ended", outcome: "success", actor_id: await userIdOf(admin.email) },
    ]);
  });

  it("resets a person's second factors after Confirm it's you, emails them, and they enrol again", async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const id = await userIdOf(other.email);
    const adminId = await userIdOf(admin.email);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(adminId)
      .run();
    const stale = await adminPost(`/api/admin/reset-second-factors/${id}`, admin.cookie);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ error: "Confirm it's you", reauthenticate: "required" });
    const deactivate = await adminPost(`/api/admin/deactivate-user/${id}`, admin.cookie);
    expect(deactivate.status).toBe(403);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() WHERE user_id = ?")
      .bind(adminId)
      .run();
    const reset = await adminPost(`/api/admin/reset-second-factors/${id}`, admin.cookie);
    expect(reset.status).toBe(200);
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM totp_credentials WHERE user_id = ?1) + (SELECT count(*) FROM sessions WHERE user_id = ?1) AS n",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    const mail = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_events WHERE type = 'second-factors-reset' AND subject_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);
    expect(await events(id, "second-factors-reset")).toEqual([
      { action: "second-factors-reset", outcome: "success", actor_id: adminId },
    ]);
    // Their next sign-in needs no code and lands on enrolment.
    const form = await postForm("/login", { intent: "login", email: other.email, password: PASSWORD });
    expect(form.headers.get("Location")).toBe("/account/security");
  });
});

describe("Confirm it's you on the dashboard", () => {
  it("comes back to the dashboard, not to its data request, when the form was posted by the router", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const adminId = await userIdOf(admin.email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(adminId)
      .run();
    // A hydrated form posts to React Router's data request for the page, not to the page itself.
    const refused = await postForm(
      "/admin.data?tab=users",
      { intent: "deactivate", id: String(await userIdOf(member.email)) },
      admin.cookie,
    );
    expect(refused.status).toBeLessThan(500);
    const stored = await env.DB.prepare(
      "SELECT next FROM interrupted_actions WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?)",
    )
      .bind(adminId)
      .all<{ next: string }>();
    expect(stored.results.map((row) => row.next)).toEqual(["/admin?tab=users"]);
  });

  it("interrupts a deactivation after 10 minutes, names it, and carries it on once confirmed", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const memberId = await userIdOf(member.email);
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(await userIdOf(admin.email))
      .run();
    const refused = await postForm(
      "/admin?tab=users",
      { intent: "deactivate", id: String(memberId) },
      admin.cookie,
    );
    expect(refused.status).toBe(302);
    const location = refused.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    const ref = new URL(location, "http://localhost").searchParams.get("ref") ?? "";
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    const html = await page.text();
    expect(textOf(html)).toContain(
      `Confirm it's you Deactivate the account of ${member.email.toLowerCase()}`,
    );
    expect(storedReference(html)).toBe(ref);
    expect(html).not.toContain('name="id"');

    const wrong = await postForm(
      location,
      { intent: "confirm-its-you", ref, password: "wrong password", code: "123456" },
      admin.cookie,
    );
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain(`Deactivate the account of ${member.email.toLowerCase()}`);

    const confirmed = await postForm(
      location,
      {
        intent: "confirm-its-you",
        ref,
        password: PASSWORD,
        code: codeNow(admin.secret ?? new Uint8Array(), 1),
      },
      admin.cookie,
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=users");
    const cookies = confirmed.headers.getSetCookie();
    expect(
      cookies.some((cookie) => cookie.startsWith("flash=") && cookie.includes("User%20Deactivated")),
    ).toBe(true);
    const renewed = cookies.find((cookie) => cookie.startsWith("session="))?.split(";")[0] ?? "";
    expect(renewed).not.toBe(admin.cookie);
    const row = await env.DB.prepare("SELECT is_active FROM users WHERE id = ?")
      .bind(memberId)
      .first<{ is_active: number }>();
    expect(row?.is_active).toBe(0);
    expect(await events(memberId, "user-deactivated")).toHaveLength(1);
  });

  /** An admin whose sign-in is 11 minutes old asks for `path`: the Confirm it's you page they are sent to. */
  async function staleExport(path: string) {
    const admin = await signedInCookie({ admin: true });
    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(await userIdOf(admin.email))
      .run();
    const stale = await fetchWorker(path, { redirect: "manual", headers: { Cookie: admin.cookie } });
    expect(stale.status).toBe(302);
    const location = stale.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    return { admin, location };
  }

  /** That page's answer to the admin's password and a code of the next step. */
  function confirmExport({ admin, location }: Awaited<ReturnType<typeof staleExport>>) {
    return postForm(
      location,
      {
        intent: "confirm-its-you",
        ref: new URL(location, "http://localhost").searchParams.get("ref") ?? "",
        password: PASSWORD,
        code: codeNow(admin.secret ?? new Uint8Array(), 1),
      },
      admin.cookie,
    );
  }

  it("sends the CSV export through Confirm it's you after 10 minutes, and back", async () => {
    const waiting = await staleExport("/admin/activity.csv?action=sign-in");
    const page = await fetchWorker(waiting.location, { headers: { Cookie: waiting.admin.cookie } });
    expect(textOf(await page.text())).toContain("Export the activity log as a CSV file");
    const confirmed = await confirmExport(waiting);
    expect(confirmed.status).toBe(302);
    // Back to the tab with its filter, which says the export now downloads: a redirect to the file itself
    // would leave the browser showing the spent confirmation form.
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=activity&action=sign-in");
    const renewed = sessionCookieOf(confirmed);
    const flash = flashCookieOf(confirmed);
    const tab = await fetchWorker("/admin?tab=activity&action=sign-in", {
      headers: { Cookie: `${renewed}; ${flash}` },
    });
    const html = await tab.text();
    expect(textOf(html)).toContain("Now choose Export CSV to download the activity log.");
    expect(html).toContain('href="/admin/activity.csv?action=sign-in"');
    const csv = await fetchWorker("/admin/activity.csv?action=sign-in", {
      headers: { Cookie: renewed },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  });

  it("returns to the Activity tab without filters too long to carry back", async () => {
    // Each of the two filters at its 200 characters, each character nine in the address.
    const long = "€".repeat(200);
    const confirmed = await confirmExport(
      await staleExport(`/admin/activity.csv?person=${long}&action=${long}`),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=activity");
  });
});

describe("a secret that no longer decrypts", () => {
  it("answers like a wrong code, never a 5xx", async () => {
    const email = await account();
    const id = await userIdOf(email);
    await env.DB.prepare(
      "INSERT INTO totp_credentials (user_id, secret_ciphertext, confirmed_at) VALUES (?, 'bm90IG91cnM=', unixepoch())",
    )
      .bind(id)
      .run();
    const answer = await login({ email, password: PASSWORD, code: "123456" });
    expect(answer.status).toBe(401);
    expect(await events(id, "sign-in-code")).toEqual([
      { action: "sign-in-code", outcome: "failure", actor_id: id },
    ]);
  });
});
