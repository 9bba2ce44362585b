import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding, decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN, textOf } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, linksOf, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator } from "./support-passkeys";

// An owner can always remove a factor they did not add (issue 31, decisions 121 and 141). A passkey or an
// authenticator app planted from a stolen recent session survives the owner's password reset (decision
// 099); the "passkey added" or "authenticator app turned on" email's link, with the password, removes it and
// the recovery codes it brought and ends every session. The link is a page whose button POSTs (at
// /remove-factor, and /remove-passkey as before), single use, a day, five wrong passwords, each claimed
// before it is checked.

function call(path: string, { body, cookie }: { body?: unknown; cookie?: string }) {
  return fetchWorker(path, {
    method: "POST",
    headers: {
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function challengeFor(purpose: "register" | "sign-in", cookie?: string) {
  const options = await call("/api/auth/passkeys/options", { body: { purpose }, cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

async function plantPasskey(cookie: string, key: SoftwareAuthenticator, name = "Totally my laptop") {
  const response = await key.register(await challengeFor("register", cookie));
  return call("/api/auth/passkeys", { body: { name, response }, cookie });
}

async function passkeySignIn(key: SoftwareAuthenticator, userId: number) {
  const response = await key.assert(await challengeFor("sign-in"), userHandleOf(userId));
  return call("/api/auth/passkey-sign-in", { body: { response } });
}

async function count(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const passkeysOf = (id: number) => count("SELECT count(*) AS n FROM passkeys WHERE user_id = ?", id);
const codesOf = (id: number) => count("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?", id);
const sessionsOf = (id: number) => count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", id);

/** An approved member, no second factor, signed in just now: the session an attacker steals. */
/** The outcomes of an account's entries of one action, oldest first. */
async function outcomesOf(userId: number, action: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT outcome FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(userId, action)
    .all<{ outcome: string }>();
  return results.map((row) => row.outcome);
}

/**
 * The owner was told the factor went, and, with no factor left, setting one up again needs the emailed link,
 * which is on its way.
 */
async function expectToldAndLocked(userId: number, removed: "passkey-removed" | "totp-removed") {
  const { results } = await env.DB.prepare(
    "SELECT type FROM mail_events WHERE subject_id = ? ORDER BY created_at, rowid",
  )
    .bind(userId)
    .all<{ type: string }>();
  expect(results.map((row) => row.type).slice(-2)).toEqual([removed, "second-factor-enrolment-link"]);
  const locked = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
    .bind(userId)
    .first<{ second_factors_reset_at: number | null }>();
  expect(locked?.second_factors_reset_at).not.toBeNull();
}

async function owner(options: { app?: boolean } = {}) {
  const email = uniqueEmail("owner");
  await registerViaApi(email);
  await approve(email);
  const login = await postJson("/api/login", { email, password: PASSWORD });
  const cookie = sessionCookieOf(login);
  // An app set up in this session (as enrolment would), so the session stays recent.
  if (options.app) await enrolAuthenticator(email);
  return { email: email.toLowerCase(), id: await userIdOf(email), cookie };
}

/**
 * Delivers the account's latest "passkey added" (or "authenticator app turned on") email; returns it and
 * the token of its removal link.
 */
async function factorAddedEmail(userId: number, type: "passkey-added" | "totp-enabled" = "passkey-added") {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(userId, type)
    .all<MailEventMessage>();
  const { env: testEnv, sent } = recordingEnv();
  await deliver(testEnv, results);
  const [email] = sent;
  const link = linksOf(email as never).find((href) => new URL(href).pathname === "/remove-factor");
  return { email, token: link ? (new URL(link).searchParams.get("token") ?? "") : "" };
}
const passkeyAddedEmail = (userId: number) => factorAddedEmail(userId);

describe("a planted passkey", { timeout: 60_000 }, () => {
  it("survives the owner's reset, and goes with the link in its email once the password is given (no JavaScript)", async () => {
    const victim = await owner();
    const attacker = { cookie: victim.cookie, key: await SoftwareAuthenticator.es256() };
    // The attacker, with the stolen recent session, adds a passkey: its recovery codes go to them.
    const planted = await plantPasskey(attacker.cookie, attacker.key);
    expect(planted.status).toBe(201);
    expect(await codesOf(victim.id)).toBe(10);

    // The owner resets the password: the passkey is the only factor, so the reset must keep it.
    const resetToken = "a".repeat(26) + "b".repeat(26);
    await env.DB.prepare(
      "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + 600)",
    )
      .bind(hashToken(resetToken), victim.id)
      .run();
    const newPassword = "the owner's new passphrase";
    expect(
      (
        await postJson("/api/auth/reset-password", {
          token: resetToken,
          password: newPassword,
          keepPasskeys: true,
        })
      ).status,
    ).toBe(200);
    expect(await passkeysOf(victim.id)).toBe(1);
    const attackerBack = await passkeySignIn(attacker.key, victim.id);
    expect(attackerBack.status).toBe(200);
    const attackerSession = sessionCookieOf(attackerBack);

    // The email the owner got when the passkey was added.
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(email?.subject).toBe("A passkey was added to your FACETS account");
    expect(String(email?.text)).toContain("removes this passkey and the recovery codes made with it");
    expect(String(email?.text)).toContain("The link is valid for 24 hours and works once.");
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM factor_removals WHERE user_id = ?")
      .bind(victim.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toBe(hashToken(token));

    // A mail scanner follows the link: the page names the passkey and removes nothing.
    const page = await fetchWorker(`/remove-passkey?token=${token}`);
    expect(page.status).toBe(200);
    const shown = textOf(await page.text());
    expect(shown).toContain("Totally my laptop");
    expect(shown).toContain("Remove this passkey");
    expect(await passkeysOf(victim.id)).toBe(1);

    // The owner presses the button (a plain form post) with the new password.
    const removed = await postForm("/remove-passkey", { token, password: newPassword });
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Passkey removed");

    expect(await passkeysOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(0);
    expect(await sessionsOf(victim.id)).toBe(0);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: attackerSession } })).status).toBe(401);
    expect((await passkeySignIn(attacker.key, victim.id)).status).toBe(401);
    expect(await outcomesOf(victim.id, "passkey-removed-by-link")).toEqual(["success"]);
    await expectToldAndLocked(victim.id, "passkey-removed");

    // The owner is back in with the password alone; the link works once.
    expect((await postJson("/api/login", { email: victim.email, password: newPassword })).status).toBe(200);
    expect((await postJson("/api/auth/remove-passkey", { token, password: newPassword })).status).toBe(400);
  });

  it("keeps the owner's own factors: only that passkey goes, and the codes it did not bring stay (the API)", async () => {
    const victim = await owner({ app: true });
    // The account's own recovery codes, from before the passkey.
    await env.DB.prepare(
      "INSERT INTO recovery_codes (user_id, code_hash) SELECT ?, 'code-' || value FROM json_each('[1,2,3]')",
    )
      .bind(victim.id)
      .run();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(String(email?.text)).not.toContain("recovery codes made with it");
    const removed = await postJson("/api/auth/remove-passkey", { token, password: PASSWORD });
    expect(removed.status).toBe(200);
    expect(await passkeysOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(3);
    expect(await count("SELECT count(*) AS n FROM totp_credentials WHERE user_id = ?", victim.id)).toBe(1);
    const lock = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
      .bind(victim.id)
      .first<{ second_factors_reset_at: number | null }>();
    expect(lock?.second_factors_reset_at).toBeNull();
  });

  it("is not removed by a wrong password; five of them end the link", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    const wrong = await postForm("/remove-passkey", { token, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("That password is not right.");
    for (let n = 1; n < 5; n += 1) {
      expect((await postJson("/api/auth/remove-passkey", { token, password: `wrong ${n}` })).status).toBe(
        401,
      );
    }
    expect((await postJson("/api/auth/remove-passkey", { token, password: PASSWORD })).status).toBe(400);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'passkey-removed-by-link' AND outcome = 'failure'",
        victim.id,
      ),
    ).toBe(5);
  });

  it("checks no more than five of 12 passwords sent at once, and answers the right one like those past the limit", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    const passwords = [...Array.from({ length: 11 }, (_, i) => `wrong ${i}`), PASSWORD];
    const answers = await Promise.all(
      passwords.map((password) =>
        postJson("/api/auth/remove-factor", { token, password }).then(async (response) => ({
          status: response.status,
          body: await response.json(),
        })),
      ),
    );
    const checked = await count(
      "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'passkey-removed-by-link'",
      victim.id,
    );
    expect(checked).toBeLessThanOrEqual(5);
    const right = answers.at(-1);
    expect(right?.status).toBe(400);
    expect(
      answers.slice(0, -1).filter((answer) => JSON.stringify(answer) === JSON.stringify(right)).length,
    ).toBeGreaterThanOrEqual(6);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
  });

  it("refuses a dead, expired or made-up link with the same answer, and removes nothing", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    await env.DB.prepare("UPDATE factor_removals SET expires_at = unixepoch() - 1 WHERE user_id = ?")
      .bind(victim.id)
      .run();
    for (const attempt of [token, "a".repeat(52), "not a token"]) {
      const answer = await postJson("/api/auth/remove-passkey", { token: attempt, password: PASSWORD });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual(
        expect.objectContaining({ error: "This link is invalid or has expired." }),
      );
    }
    const page = textOf(await (await fetchWorker(`/remove-passkey?token=${token}`)).text());
    expect(page).toContain("Link not valid");
    expect(page).not.toContain("Totally my laptop");
    expect(await passkeysOf(victim.id)).toBe(1);
  });

  it("goes with its passkey: once the owner removes it, its email carries no link", async () => {
    const victim = await owner();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    const removed = await fetchWorker(`/api/auth/passkeys/${encodeURIComponent(key.id)}`, {
      method: "DELETE",
      headers: { Cookie: victim.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(removed.status).toBe(204);
    expect(await count("SELECT count(*) AS n FROM factor_removals WHERE user_id = ?", victim.id)).toBe(0);
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(email?.subject).toBe("A passkey was added to your FACETS account");
    expect(token).toBe("");
  });
});

/** The member's session turns an authenticator app on, as the Sign-in security page does; its secret. */
async function plantApp(cookie: string): Promise<Uint8Array> {
  const started = await call("/api/auth/totp", { body: {}, cookie });
  expect(started.status).toBe(201);
  const secret = decodeBase32IgnorePadding(((await started.json()) as { secret: string }).secret);
  const confirmed = await call("/api/auth/totp/confirm", { body: { code: codeNow(secret) }, cookie });
  expect(confirmed.status).toBe(200);
  return secret;
}

const appsOf = (id: number) => count("SELECT count(*) AS n FROM totp_credentials WHERE user_id = ?", id);

describe("a planted authenticator app", { timeout: 60_000 }, () => {
  it("survives the owner's reset, and goes with the link in its email once the password is given (no JavaScript)", async () => {
    const victim = await owner();
    // The attacker, with the stolen recent session, turns an app on: its recovery codes go to them.
    await plantApp(victim.cookie);
    expect(await codesOf(victim.id)).toBe(10);

    // The owner resets the password: a reset link alone never takes a factor away, so the app stays.
    const resetToken = "c".repeat(26) + "d".repeat(26);
    await env.DB.prepare(
      "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + 600)",
    )
      .bind(hashToken(resetToken), victim.id)
      .run();
    const newPassword = "the owner's new passphrase";
    expect(
      (await postJson("/api/auth/reset-password", { token: resetToken, password: newPassword })).status,
    ).toBe(200);
    expect(await appsOf(victim.id)).toBe(1);

    const { email, token } = await factorAddedEmail(victim.id, "totp-enabled");
    expect(email?.subject).toBe("An authenticator app was turned on for your FACETS account");
    expect(String(email?.text)).toContain(
      "removes this authenticator app and the recovery codes made with it",
    );
    expect(String(email?.text)).toContain("The link is valid for 24 hours and works once.");
    expect(String(email?.html)).toContain("Remove this authenticator app");
    expect(token).toMatch(/^[a-z2-7]{52}$/);

    // A mail scanner follows the link: the page names the app and removes nothing.
    const page = await fetchWorker(`/remove-factor?token=${token}`);
    expect(page.status).toBe(200);
    const shown = textOf(await page.text());
    expect(shown).toContain("Remove an authenticator app");
    expect(shown).toContain("Remove this authenticator app");
    expect(await appsOf(victim.id)).toBe(1);

    // A wrong password removes nothing and is logged.
    const wrong = await postForm("/remove-factor", { token, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("That password is not right.");
    expect(await appsOf(victim.id)).toBe(1);

    // The owner presses the button (a plain form post) with the new password.
    const removed = await postForm("/remove-factor", { token, password: newPassword });
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Authenticator app removed");
    expect(await appsOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(0);
    expect(await sessionsOf(victim.id)).toBe(0);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: victim.cookie } })).status).toBe(401);
    expect(await outcomesOf(victim.id, "totp-removed-by-link")).toEqual(["failure", "success"]);
    await expectToldAndLocked(victim.id, "totp-removed");

    // The owner signs in with the password alone (no app, no code); the link works once.
    expect((await postJson("/api/login", { email: victim.email, password: newPassword })).status).toBe(200);
    expect((await postJson("/api/auth/remove-factor", { token, password: newPassword })).status).toBe(400);
    expect((await postJson("/api/auth/remove-passkey", { token, password: newPassword })).status).toBe(400);
  });

  it("keeps the owner's passkey and codes: only that app goes (the API, at the first address)", async () => {
    const victim = await owner();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    await plantApp(victim.cookie);
    const { email, token } = await factorAddedEmail(victim.id, "totp-enabled");
    expect(String(email?.text)).not.toContain("recovery codes made with it");
    const removed = await postJson("/api/auth/remove-passkey", { token, password: PASSWORD });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ ok: true, factor: "totp" });
    expect(await appsOf(victim.id)).toBe(0);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await codesOf(victim.id)).toBe(10);
    const lock = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
      .bind(victim.id)
      .first<{ second_factors_reset_at: number | null }>();
    expect(lock?.second_factors_reset_at).toBeNull();
  });

  it("does not remove an app turned on again later", async () => {
    const victim = await owner();
    await plantApp(victim.cookie);
    const { token } = await factorAddedEmail(victim.id, "totp-enabled");
    // The owner turns that app off and another on (a second later than the first).
    await env.DB.prepare("UPDATE totp_credentials SET confirmed_at = confirmed_at + 1 WHERE user_id = ?")
      .bind(victim.id)
      .run();
    expect(textOf(await (await fetchWorker(`/remove-factor?token=${token}`)).text())).toContain(
      "Link not valid",
    );
    expect((await postJson("/api/auth/remove-factor", { token, password: PASSWORD })).status).toBe(400);
    expect(await appsOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
  });
});
