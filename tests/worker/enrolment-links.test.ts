import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase32IgnorePadding, encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker } from "./support";
import {
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  sessionCookieOf,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// After an administrator resets someone's second factors: opening the emailed enrolment link ends the
// account's other sessions, and the first factor set up lifts the lock in the batch that stores it.

const digest = (cookie: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(decodeURIComponent(cookie.slice("session=".length)))));

const me = (cookie: string) => fetchWorker("/api/auth/me", { headers: { Cookie: cookie } });

/** A member whose authenticator app an administrator has just reset; the link of the reset's email. */
async function resetMember() {
  const admin = await signedInCookie({ admin: true });
  const member = await signedInCookie();
  await enrolAuthenticator(member.email);
  const id = await userIdOf(member.email);
  const reset = await fetchWorker(`/api/admin/reset-second-factors/${id}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
  });
  expect(reset.status).toBe(200);
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'second-factors-reset' AND subject_id = ?",
  )
    .bind(id)
    .all<{ id: string; type: "second-factors-reset"; subjectId: number }>();
  const mail = recordingEnv();
  await deliver(mail.env, results);
  const sent = mail.sent.find((email) => String(email.to) === member.email.toLowerCase());
  const token = /\/account\/security\?enrolment=([a-z2-7]{52})/.exec(String(sent?.text))?.[1] ?? "";
  expect(token).toHaveLength(52);
  return { email: member.email, id, token };
}

async function signInWithPasswordOnly(email: string): Promise<string> {
  const form = await postForm("/login", { intent: "login", email, password: PASSWORD });
  expect(form.status).toBe(302);
  return sessionCookieOf(form);
}

async function lockOf(id: number): Promise<number | null> {
  const row = await env.DB.prepare("SELECT second_factors_reset_at AS at FROM users WHERE id = ?")
    .bind(id)
    .first<{ at: number | null }>();
  return row?.at ?? null;
}

async function confirmedApps(id: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NOT NULL",
  )
    .bind(id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("the enrolment link after a reset", () => {
  it("ends every other session of the account when it is opened, and keeps the one that opened it", async () => {
    const member = await resetMember();
    const owner = await signInWithPasswordOnly(member.email);
    const stranger = await signInWithPasswordOnly(member.email);
    expect((await me(stranger)).status).toBe(200);

    const opened = await postForm(
      "/account/security",
      { intent: "open-enrolment-link", token: member.token },
      owner,
    );
    expect(opened.status).toBe(200);

    expect((await me(stranger)).status).toBe(401);
    expect(await env.SESSIONS.get(`session:${digest(stranger)}`)).toBeNull();
    const { results } = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(member.id)
      .all();
    expect(results).toHaveLength(1);
    expect((await me(owner)).status).toBe(200);
    // The stranger's session can neither enrol nor open the link again.
    expect((await postJson("/api/auth/totp", {}, { Cookie: stranger })).status).toBe(401);
    expect((await postJson("/api/auth/totp", {}, { Cookie: owner })).status).toBe(201);
  });

  it("stores no factor unless the lock goes in the same batch", async () => {
    const member = await resetMember();
    const owner = await signInWithPasswordOnly(member.email);
    expect(
      (await postForm("/account/security", { intent: "open-enrolment-link", token: member.token }, owner))
        .status,
    ).toBe(200);
    const started = await postJson("/api/auth/totp", {}, { Cookie: owner });
    expect(started.status).toBe(201);
    const secret = decodeBase32IgnorePadding(((await started.json()) as { secret: string }).secret);
    const step = Math.floor(Date.now() / 30_000);

    // The lift of the lock fails (as a write that is cut off would): the app must not be left on with the
    // lock still in place.
    const trigger = `refuse_lift_${member.id}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF second_factors_reset_at ON users
       WHEN OLD.id = ${member.id} AND NEW.second_factors_reset_at IS NULL
       BEGIN SELECT RAISE(ABORT, 'the lift of the lock failed'); END`,
    ).run();
    try {
      const failed = await postJson(
        "/api/auth/totp/confirm",
        { code: totpCodeAt(secret, step) },
        { Cookie: owner },
      );
      expect(failed.status).toBe(500);
      expect(await confirmedApps(member.id)).toBe(0);
      expect(await lockOf(member.id)).not.toBeNull();
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }

    const confirmed = await postJson(
      "/api/auth/totp/confirm",
      { code: totpCodeAt(secret, step + 1) },
      { Cookie: owner },
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmedApps(member.id)).toBe(1);
    expect(await lockOf(member.id)).toBeNull();
  });
});
