import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_AFTER_RESET } from "../../app/lib/account-messages";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker, textOf } from "./support";
import {
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postForm,
  postJson,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import { me, signInWithPasswordOnly } from "./support-confirm-its-you";
import { deliver, recordingEnv } from "./support-mail";

// After an administrator resets a person's second factors, enrolment needs the emailed link: the password
// alone cannot enrol or move the address, and the link opens enrolment for one session only.

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

/** The authenticator key a started enrolment shows, as bytes. */
function keyOf(html: string): Uint8Array {
  const key = /Key:(?:<!-- -->)? <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replaceAll(" ", "") ?? "";
  expect(key).toHaveLength(32);
  return decodeBase32IgnorePadding(key);
}

/** An administrator (another one) whose second factors an administrator has just reset. */
async function secondFactorsResetByAnAdmin() {
  const admin = await signedInCookie({ admin: true });
  const other = await signedInCookie({ admin: true });
  const target = await userIdOf(other.email);
  const reset = await fetchWorker(`/api/admin/reset-second-factors/${target}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "CF-Connecting-IP": freshIp() },
  });
  expect(reset.status).toBe(200);
  return { other, target };
}

describe("after an administrator resets someone's second factors", () => {
  it("the password alone cannot enrol; the emailed link opens enrolment for that session only", async () => {
    const { other, target } = await secondFactorsResetByAnAdmin();
    const token = await emailedEnrolmentLink("second-factors-reset", target, other.email);

    const session = await signInWithPasswordOnly(other.email);
    const earlier = await signInWithPasswordOnly(other.email);
    const refused = await postForm("/account/security", { intent: "totp-start" }, session);
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).toContain("Open the link we emailed you to set up a second factor");
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
  });

  it("keeps the address where the link was sent: a password-only session cannot move it first", async () => {
    const { other, target } = await secondFactorsResetByAnAdmin();

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
  });

  it("voids an address change asked for before the reset", async () => {
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

  it("applies to a member too, and a new link can be asked for", async () => {
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
