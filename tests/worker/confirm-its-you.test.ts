import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import {
  decodeBase32IgnorePadding,
  decodeBase64urlIgnorePadding,
  encodeHexLowerCase,
} from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_AFTER_RESET } from "../../app/lib/account-messages";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN, textOf } from "./support";
import {
  codeNow,
  enrolAuthenticator,
  flashCookieOf,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  sessionCookieOf,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator } from "./support-passkeys";

// "Confirm it's you" goes on only with what the server
// stored for the session that was refused, names it, runs it once, and gives the session a new token. And
// after an administrator resets a person's second factors, enrolment needs the emailed link.

const SLOW = { timeout: 60_000 };

/** Makes every session of the account older than "Confirm it's you" allows. */
async function stale(email: string) {
  await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
    .bind(await userIdOf(email))
    .run();
}

async function countEvents(subjectId: number, action: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = ? AND outcome = 'success'",
  )
    .bind(subjectId, action)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function hasAuthenticator(email: string): Promise<boolean> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NOT NULL",
  )
    .bind(await userIdOf(email))
    .first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

async function isActive(email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT is_active FROM users WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ is_active: number }>();
  return row?.is_active === 1;
}

const digest = (cookie: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(decodeURIComponent(cookie.slice("session=".length)))));

/** An administrator's interrupted deactivation of `memberEmail`: the confirmation page's address. */
async function interruptedDeactivation(adminCookie: string, memberEmail: string): Promise<string> {
  const refused = await postForm(
    "/admin?tab=users",
    { intent: "deactivate", id: String(await userIdOf(memberEmail)) },
    adminCookie,
  );
  expect(refused.status).toBe(302);
  const location = refused.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
  return location;
}

const refOf = (location: string) => new URL(location, "http://localhost").searchParams.get("ref") ?? "";

function confirmOn(location: string, cookie: string, secret: Uint8Array | null, step: number) {
  return postForm(
    location,
    {
      intent: "confirm-its-you",
      ref: refOf(location),
      password: PASSWORD,
      ...(secret ? { code: codeNow(secret, step) } : {}),
    },
    cookie,
  );
}

const me = (cookie: string) => fetchWorker("/api/auth/me", { headers: { Cookie: cookie } });

describe("a crafted link", () => {
  it("?resume=reset-second-factors&id=<B> names nothing, and confirming it resets nobody", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const target = await userIdOf(other.email);
    await stale(admin.email);
    const crafted = `/confirm-its-you?next=${encodeURIComponent("/admin?tab=users")}&resume=reset-second-factors&id=${target}`;

    const page = await fetchWorker(crafted, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("There is nothing to confirm");
    expect(html).not.toContain('name="password"');

    const fields = {
      intent: "confirm-its-you",
      resume: "reset-second-factors",
      id: String(target),
      next: "/admin?tab=users",
      password: PASSWORD,
      code: codeNow(admin.secret ?? new Uint8Array(), 1),
    };
    const posted = await postForm(crafted, fields, admin.cookie);
    expect(posted.status).toBe(404);
    expect(textOf(await posted.text())).toContain("There is nothing to confirm");
    // The old shape of the form, posted to the dashboard itself.
    const toDashboard = await postForm("/admin?tab=users", fields, admin.cookie);
    expect(toDashboard.status).toBe(400);

    expect(await hasAuthenticator(other.email)).toBe(true);
    expect(await countEvents(target, "second-factors-reset")).toBe(0);
    expect((await me(other.cookie)).status).toBe(200);
    // Nothing was even confirmed: the session is as stale as before.
    expect(await countEvents(await userIdOf(admin.email), "reauthenticated")).toBe(0);
  });

  it(
    "a resume and id added to a real reference's address are ignored: the stored action runs",
    SLOW,
    async () => {
      const admin = await signedInCookie({ admin: true });
      const member = await signedInCookie();
      const other = await signedInCookie({ admin: true });
      await stale(admin.email);
      const location = await interruptedDeactivation(admin.cookie, member.email);
      const tampered = `${location}&resume=reset-second-factors&id=${await userIdOf(other.email)}`;
      const page = await fetchWorker(tampered, { headers: { Cookie: admin.cookie } });
      expect(textOf(await page.text())).toContain(`Deactivate the account of ${member.email}`);

      const confirmed = await postForm(
        tampered,
        {
          intent: "confirm-its-you",
          ref: refOf(location),
          resume: "reset-second-factors",
          id: String(await userIdOf(other.email)),
          password: PASSWORD,
          code: codeNow(admin.secret ?? new Uint8Array(), 1),
        },
        admin.cookie,
      );
      expect(confirmed.status).toBe(302);
      expect(await isActive(member.email)).toBe(false);
      expect(await hasAuthenticator(other.email)).toBe(true);
    },
  );

  it("on /account/security, a posted resume switches nothing off", SLOW, async () => {
    const member = await signedInCookie({ admin: true });
    await stale(member.email);
    const posted = await postForm(
      "/account/security",
      {
        intent: "confirm-its-you",
        resume: "totp-remove",
        password: PASSWORD,
        code: codeNow(member.secret ?? new Uint8Array(), 1),
      },
      member.cookie,
    );
    expect(posted.status).toBe(404);
    expect(textOf(await posted.text())).toContain("There is nothing to confirm");
    expect(await hasAuthenticator(member.email)).toBe(true);
  });
});

describe("a stored action", () => {
  it("is named on the page with the target's address, and runs exactly once", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const target = await userIdOf(other.email);
    await stale(admin.email);
    const refused = await postForm(
      "/admin?tab=users",
      { intent: "reset-second-factors", id: String(target) },
      admin.cookie,
    );
    const location = refused.headers.get("Location") ?? "";
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain(`Reset the second factors of ${other.email}`);

    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=users");
    expect(await hasAuthenticator(other.email)).toBe(false);
    const renewed = sessionCookieOf(confirmed);

    // The same reference again: spent. Nothing is confirmed, nothing runs.
    const again = await confirmOn(location, renewed, admin.secret, 2);
    expect(again.status).toBe(404);
    const gone = await fetchWorker(location, { headers: { Cookie: renewed } });
    expect(textOf(await gone.text())).toContain("There is nothing to confirm");
    expect(await countEvents(target, "second-factors-reset")).toBe(1);
  });

  it("goes on only on the page that stored it", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    // The dashboard's reference posted to /account/security, which resumes its own intents only.
    const elsewhere = await postForm(
      "/account/security",
      {
        intent: "confirm-its-you",
        ref: refOf(location),
        password: PASSWORD,
        ...(admin.secret ? { code: codeNow(admin.secret, 1) } : {}),
      },
      admin.cookie,
    );
    expect(elsewhere.status).toBe(404);
    expect(textOf(await elsewhere.text())).toContain("There is nothing to confirm");
    expect(await isActive(member.email)).toBe(true);
    // Still waiting where it was stored.
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain(`Deactivate the account of ${member.email}`);
  });

  it("refused once confirmed still hands the browser the session's new token", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    // No longer an administrator by the time the confirmation comes: the deactivation is refused.
    await env.DB.prepare("UPDATE users SET user_type_id = 2 WHERE email = ?").bind(admin.email).run();
    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/login");
    expect(await isActive(member.email)).toBe(true);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).not.toBe(admin.cookie);
    expect((await me(renewed)).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(401);
  });

  it("goes on only in the session that stored it", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);

    const stranger = await signedInCookie({ admin: true });
    const page = await fetchWorker(location, { headers: { Cookie: stranger.cookie } });
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    expect((await confirmOn(location, stranger.cookie, stranger.secret, 1)).status).toBe(404);
    expect(await isActive(member.email)).toBe(true);

    const own = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(own.status).toBe(302);
    expect(await isActive(member.email)).toBe(false);
  });

  it("is not another session's of the same person", SLOW, async () => {
    const { email, cookie } = await signedInCookie();
    const second = await signInWithPasswordOnly(email);
    await stale(email);
    const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
    expect(refused.status).toBe(403);
    const ref = /name="ref" value="([a-z2-7]{52})"/.exec(await refused.text())?.[1] ?? "";
    const elsewhere = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD },
      second,
    );
    expect(elsewhere.status).toBe(404);
    const own = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD },
      cookie,
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("<svg");
  });

  it("waits 10 minutes at most", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    await env.DB.prepare("UPDATE interrupted_actions SET expires_at = unixepoch() - 1").run();
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    const posted = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(posted.status).toBe(404);
    expect(await isActive(member.email)).toBe(true);
  });

  it(
    "on /account/security, goes on in place with only its reference, once, under a new token",
    SLOW,
    async () => {
      const { email, cookie } = await signedInCookie();
      await stale(email);
      const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
      expect(refused.status).toBe(403);
      const html = await refused.text();
      expect(textOf(html)).toContain("Confirm it's you Set up an authenticator app");
      const ref = /name="ref" value="([a-z2-7]{52})"/.exec(html)?.[1] ?? "";
      // Its form carries the reference and nothing that says what to do.
      expect(html).not.toContain('name="resume"');

      const confirmed = await postForm(
        "/account/security",
        { intent: "confirm-its-you", ref, password: PASSWORD },
        cookie,
      );
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain("<svg");
      const renewed = sessionCookieOf(confirmed);
      expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
      expect(renewed).not.toBe(cookie);
      expect((await me(cookie)).status).toBe(401);
      const again = await postForm("/account/security", { intent: "resume", ref }, renewed);
      expect(again.status).toBe(404);
    },
  );
});

describe("a confirmation gives the session a new token", () => {
  it("on the page: the old token stops working, the new one works, and D1 and KV agree", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const adminId = await userIdOf(admin.email);
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
    expect(renewed).not.toBe(admin.cookie);

    expect((await me(admin.cookie)).status).toBe(401);
    expect(
      (await fetchWorker("/admin", { headers: { Cookie: admin.cookie }, redirect: "manual" })).status,
    ).toBe(302);
    expect((await me(renewed)).status).toBe(200);
    expect((await fetchWorker("/admin", { headers: { Cookie: renewed } })).status).toBe(200);

    const { results } = await env.DB.prepare(
      "SELECT token_hash, authenticated_at FROM sessions WHERE user_id = ?",
    )
      .bind(adminId)
      .all<{ token_hash: string; authenticated_at: number }>();
    expect(results.map((row) => row.token_hash)).toEqual([digest(renewed)]);
    expect(Date.now() / 1000 - (results[0]?.authenticated_at ?? 0)).toBeLessThan(60);
    expect(await env.SESSIONS.get(`session:${digest(renewed)}`)).not.toBeNull();
    expect(await env.SESSIONS.get(`session:${digest(admin.cookie)}`)).toBeNull();
    const index = await env.SESSIONS.list({ prefix: `user-session:${adminId}:` });
    expect(index.keys.map((key) => key.name)).toEqual([`user-session:${adminId}:${digest(renewed)}`]);
  });

  it("over the API (POST /api/auth/reauthenticate)", SLOW, async () => {
    const member = await signedInCookie();
    const answer = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD },
      { Cookie: member.cookie },
    );
    expect(answer.status).toBe(200);
    const renewed = sessionCookieOf(answer);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
    expect(renewed).not.toBe(member.cookie);
    expect((await fetchWorker("/api/account", { headers: { Cookie: member.cookie } })).status).toBe(401);
    expect((await fetchWorker("/api/account", { headers: { Cookie: renewed } })).status).toBe(200);
  });
});

/** The enrolment link in the email last handed to the binding for `to`. */
async function emailedEnrolmentLink(type: string, subjectId: number, to: string): Promise<string> {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = ? AND subject_id = ?",
  )
    .bind(type, subjectId)
    .all<{ id: string; type: "second-factors-reset"; subjectId: number }>();
  const mail = recordingEnv();
  await deliver(mail.env, results);
  const email = mail.sent.find((sent) => String(sent.to) === to.toLowerCase());
  expect(email, `an email to ${to}`).toBeDefined();
  const token = /\/account\/security\?enrolment=([a-z2-7]{52})/.exec(String(email?.text))?.[1] ?? "";
  expect(token).toHaveLength(52);
  expect(String(email?.html)).toContain(`/account/security?enrolment=${token}`);
  return token;
}

async function signInWithPasswordOnly(email: string): Promise<string> {
  const form = await postForm("/login", { intent: "login", email, password: PASSWORD });
  expect(form.status).toBe(302);
  return sessionCookieOf(form);
}

/** The authenticator key a started enrolment shows, as bytes. */
function keyOf(html: string): Uint8Array {
  const key = /Key:(?:<!-- -->)? <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replaceAll(" ", "") ?? "";
  expect(key).toHaveLength(32);
  return decodeBase32IgnorePadding(key);
}

describe("after an administrator resets someone's second factors", () => {
  it(
    "the password alone cannot enrol; the emailed link opens enrolment for that session only",
    SLOW,
    async () => {
      const admin = await signedInCookie({ admin: true });
      const other = await signedInCookie({ admin: true });
      const target = await userIdOf(other.email);
      const reset = await fetchWorker(`/api/admin/reset-second-factors/${target}`, {
        method: "POST",
        headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
      });
      expect(reset.status).toBe(200);
      const token = await emailedEnrolmentLink("second-factors-reset", target, other.email);

      const session = await signInWithPasswordOnly(other.email);
      const earlier = await signInWithPasswordOnly(other.email);
      const refused = await postForm("/account/security", { intent: "totp-start" }, session);
      expect(refused.status).toBe(403);
      expect(textOf(await refused.text())).toContain(
        "Open the link we emailed you to set up a second factor",
      );
      const api = await postJson("/api/auth/totp", {}, { Cookie: session });
      expect(api.status).toBe(403);
      const passkey = await postJson(
        "/api/auth/passkeys/options",
        { purpose: "register" },
        { Cookie: session },
      );
      expect(passkey.status).toBe(403);
      expect((await fetchWorker("/api/admin/pending-users", { headers: { Cookie: session } })).status).toBe(
        403,
      );

      // The link's page shows a button (mail scanners open links); a wrong token is refused.
      const linkPage = await fetchWorker(`/account/security?enrolment=${token}`, {
        headers: { Cookie: session },
      });
      expect(await linkPage.text()).toContain(`name="token" value="${token}"`);
      const wrong = await postForm(
        "/account/security",
        { intent: "open-enrolment-link", token: "a".repeat(52) },
        session,
      );
      expect(wrong.status).toBe(400);
      const opened = await postForm("/account/security", { intent: "open-enrolment-link", token }, session);
      expect(opened.status).toBe(200);
      // Every other session ended with it; it is spent, and bound to the session that opened it.
      expect((await me(earlier)).status).toBe(401);
      const strangers = await signInWithPasswordOnly(other.email);
      const reused = await postForm("/account/security", { intent: "open-enrolment-link", token }, strangers);
      expect(reused.status).toBe(400);
      expect((await postForm("/account/security", { intent: "totp-start" }, strangers)).status).toBe(403);

      const started = await postForm("/account/security", { intent: "totp-start" }, session);
      expect(started.status).toBe(200);
      const secret = keyOf(await started.text());
      const enrolled = await postForm(
        "/account/security",
        { intent: "totp-confirm", code: totpCodeAt(secret, Math.floor(Date.now() / 30_000)) },
        session,
      );
      expect(enrolled.status).toBe(200);
      const lock = await env.DB.prepare("SELECT second_factors_reset_at AS at FROM users WHERE id = ?")
        .bind(target)
        .first<{ at: number | null }>();
      expect(lock?.at).toBeNull();
      // The other password-only session ended with the first factor; the enrolled one opens the dashboard.
      expect((await me(strangers)).status).toBe(401);
      expect((await fetchWorker("/api/admin/pending-users", { headers: { Cookie: session } })).status).toBe(
        200,
      );
    },
  );

  it(
    "keeps the address where the link was sent: a password-only session cannot move it first",
    SLOW,
    async () => {
      const admin = await signedInCookie({ admin: true });
      const other = await signedInCookie({ admin: true });
      const target = await userIdOf(other.email);
      const reset = await fetchWorker(`/api/admin/reset-second-factors/${target}`, {
        method: "POST",
        headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
      });
      expect(reset.status).toBe(200);

      const session = await signInWithPasswordOnly(other.email);
      const moved = await postJson(
        "/api/account/email",
        { password: PASSWORD, email: `moved-${other.email}` },
        { Cookie: session },
      );
      expect(moved.status).toBe(400);
      expect(await moved.json()).toMatchObject({ fieldErrors: { email: EMAIL_CHANGE_AFTER_RESET } });
      const page = await postForm(
        "/account",
        { intent: "email", password: PASSWORD, email: `moved-${other.email}` },
        session,
      );
      expect(page.status).toBe(400);
      expect(textOf(await page.text())).toContain(EMAIL_CHANGE_AFTER_RESET);
      const changes = await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?")
        .bind(target)
        .first<{ n: number }>();
      expect(changes?.n).toBe(0);
    },
  );

  it("voids an address change asked for before the reset", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await enrolAuthenticator(member.email);
    const target = await userIdOf(member.email);
    const asked = await postJson(
      "/api/account/email",
      { password: PASSWORD, email: `before-reset-${member.email}` },
      { Cookie: member.cookie },
    );
    expect(asked.status).toBeLessThan(300);
    const reset = await fetchWorker(`/api/admin/reset-second-factors/${target}`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(reset.status).toBe(200);
    const open = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_changes WHERE user_id = ? AND used_at IS NULL",
    )
      .bind(target)
      .first<{ n: number }>();
    expect(open?.n).toBe(0);
  });

  it("applies to a member too, and a new link can be asked for", SLOW, async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await enrolAuthenticator(member.email);
    const target = await userIdOf(member.email);
    const reset = await fetchWorker(`/api/admin/reset-second-factors/${target}`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(reset.status).toBe(200);

    const session = await signInWithPasswordOnly(member.email);
    const page = await fetchWorker("/account/security", { headers: { Cookie: session } });
    expect(textOf(await page.text())).toContain("Your second factors were reset");
    expect((await postForm("/account/security", { intent: "totp-start" }, session)).status).toBe(403);

    const asked = await postForm("/account/security", { intent: "send-enrolment-link" }, session);
    expect(asked.status).toBe(200);
    const token = await emailedEnrolmentLink("second-factor-enrolment-link", target, member.email);
    expect(
      (await postForm("/account/security", { intent: "open-enrolment-link", token }, session)).status,
    ).toBe(200);
    expect((await postForm("/account/security", { intent: "totp-start" }, session)).status).toBe(200);
  });
});

/** What an authenticator app's set-up shows: its key as a QR code. */
const QR_CODE = `aria-label="QR code of the authenticator app&#x27;s key"`;

/** A WebAuthn challenge for `purpose`, as the software authenticator sees it. */
async function passkeyChallenge(purpose: "register" | "confirm", cookie: string) {
  const options = await postJson("/api/auth/passkeys/options", { purpose }, { Cookie: cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

/** An interrupted totp-start on /account/security: the reference of the stored action. */
async function interruptedTotpStart(cookie: string): Promise<string> {
  const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
  expect(refused.status).toBe(403);
  const ref = /name="ref" value="([a-z2-7]{52})"/.exec(await refused.text())?.[1] ?? "";
  expect(ref).toHaveLength(52);
  return ref;
}

describe("a stored action waits under the token that stored it", () => {
  it("a confirmation for something else gives a new token that cannot go on with it", SLOW, async () => {
    const { email, cookie } = await signedInCookie();
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const data = await fetchWorker("/account/data.json", { redirect: "manual", headers: { Cookie: cookie } });
    const location = data.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);

    // Confirmed over the API without naming either: the session is recent under a new token.
    const confirmed = await postJson("/api/auth/reauthenticate", { password: PASSWORD }, { Cookie: cookie });
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);

    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(404);
    expect(await resumed.text()).not.toContain(QR_CODE);
    const page = await fetchWorker(location, { headers: { Cookie: renewed } });
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    const posted = await postForm(location, { intent: "resume", ref: refOf(location) }, renewed);
    expect(posted.status).toBe(404);
    const pending = await env.DB.prepare(
      "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NULL",
    )
      .bind(await userIdOf(email))
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
    expect(await countEvents(await userIdOf(email), "data-exported")).toBe(0);
  });

  it("the confirmation that names it carries it to the new token, and only it", SLOW, async () => {
    const { email, cookie } = await signedInCookie();
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const other = await interruptedTotpStart(cookie);
    const confirmed = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD, ref },
      { Cookie: cookie },
    );
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect((await postForm("/account/security", { intent: "resume", ref: other }, renewed)).status).toBe(404);
    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain(QR_CODE);
  });

  it("a passkey's confirmation carries the action its reference names", SLOW, async () => {
    const { email, cookie } = await signedInCookie();
    const key = await SoftwareAuthenticator.es256();
    const added = await postJson(
      "/api/auth/passkeys",
      { name: "Work laptop", response: await key.register(await passkeyChallenge("register", cookie)) },
      { Cookie: cookie },
    );
    expect(added.status).toBe(201);
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const other = await interruptedTotpStart(cookie);
    const response = await key.assert(
      await passkeyChallenge("confirm", cookie),
      userHandleOf(await userIdOf(email)),
    );
    const confirmed = await postJson("/api/auth/passkey-confirm", { response, ref }, { Cookie: cookie });
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect((await postForm("/account/security", { intent: "resume", ref: other }, renewed)).status).toBe(404);
    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain(QR_CODE);
  });
});

describe("a copy of your data", () => {
  it("over the API: 403 reauthenticate without a recent sign-in, 200 once confirmed", SLOW, async () => {
    const member = await signedInCookie();
    const secret = await enrolAuthenticator(member.email);
    const id = await userIdOf(member.email);
    await stale(member.email);
    const refused = await fetchWorker("/api/account/export", { headers: { Cookie: member.cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ reauthenticate: "required" });
    expect(await countEvents(id, "data-exported")).toBe(0);

    const confirmed = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD, code: codeNow(secret) },
      { Cookie: member.cookie },
    );
    expect(confirmed.status).toBe(200);
    const copy = await fetchWorker("/api/account/export", {
      headers: { Cookie: sessionCookieOf(confirmed) },
    });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("Content-Disposition")).toMatch(/^attachment; filename="facets-data-/);
    expect(await copy.json()).toMatchObject({ email: member.email.toLowerCase() });
    expect(await countEvents(id, "data-exported")).toBe(1);
  });

  it("on /account: Confirm it's you names the download, then /account offers it", SLOW, async () => {
    const member = await signedInCookie();
    const secret = await enrolAuthenticator(member.email);
    const id = await userIdOf(member.email);
    await stale(member.email);
    const account = await (await fetchWorker("/account", { headers: { Cookie: member.cookie } })).text();
    expect(account).toContain('href="/account/data.json"');
    expect(account).not.toContain("/api/account/export");

    const refused = await fetchWorker("/account/data.json", {
      redirect: "manual",
      headers: { Cookie: member.cookie },
    });
    expect(refused.status).toBe(302);
    const location = refused.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);
    expect(await countEvents(id, "data-exported")).toBe(0);
    const page = await fetchWorker(location, { headers: { Cookie: member.cookie } });
    expect(textOf(await page.text())).toContain("Download a copy of your data");

    const confirmed = await confirmOn(location, member.cookie, secret, 0);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/account#data");
    const renewed = sessionCookieOf(confirmed);
    const flash = flashCookieOf(confirmed);
    const back = await fetchWorker("/account", { headers: { Cookie: `${renewed}; ${flash}` } });
    expect(textOf(await back.text())).toContain("Now choose Download my data to get your copy.");

    const file = await fetchWorker("/account/data.json", {
      redirect: "manual",
      headers: { Cookie: renewed },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="facets-data-/);
    expect(await file.json()).toMatchObject({ email: member.email.toLowerCase() });
    expect(await countEvents(id, "data-exported")).toBe(1);

    const visitor = await fetchWorker("/account/data.json", { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?next=/account");
  });
});
