import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { upsertAdminSql } from "../../scripts/admin-account";
import {
  codeNow,
  enrolAuthenticator,
  linkToken,
  PASSWORD,
  postForm,
  postJson,
  resetToken,
  sessionCookieOf,
  signedInCookie,
  uniqueEmail,
} from "./support-accounts";
import { call, mailEventsOf, member } from "./support-credentials";
import { deliver, recordingEnv } from "./support-mail";

// A credential change ends every link that hangs off the old credential (issue 31, decision 120): a password
// changed (API and page), a reset, an administrator's reset of second factors and `npm run admin:create` void
// the account's live reset links and pending address changes in their own batch; an address-change link
// older than the last password change is refused; a reset asked for before it is never sent.

const NEW_PASSWORD = "a brand new passphrase";

/** Someone with the password asks to move the account to `to`; returns the link's token, as sent there. */
async function askToMove(cookie: string, userId: number, to: string): Promise<string> {
  const asked = await call("/api/account/email", cookie, { password: PASSWORD, email: to });
  expect(asked.status).toBe(202);
  const change = await env.DB.prepare(
    "SELECT id FROM email_changes WHERE user_id = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(userId)
    .first<{ id: number }>();
  const token = linkToken();
  await env.DB.prepare("UPDATE email_changes SET token_hash = ? WHERE id = ?")
    .bind(hashToken(token), change?.id)
    .run();
  return token;
}

const confirmMove = (token: string) => postJson("/api/account/confirm-email-change", { token });
const resetWith = (token: string, password = NEW_PASSWORD) =>
  postJson("/api/auth/reset-password", { token, password });

async function emailOf(userId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?")
    .bind(userId)
    .first<{ email: string }>();
  return row?.email ?? "";
}

describe("a password change ends the links of the old password", () => {
  it("voids an attacker's address change and older reset links (the API)", async () => {
    const owner = await member("owner");
    // The attacker has the password (and a session); they ask to move the account to their address.
    const attacker = await postJson("/api/login", { email: owner.email, password: PASSWORD });
    const theirs = uniqueEmail("attacker");
    const move = await askToMove(sessionCookieOf(attacker), owner.id, theirs);
    const reset = await resetToken(owner.id);

    // The owner does what the warning email says.
    const changed = await call("/api/account/password", owner.cookie, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);

    expect((await confirmMove(move)).status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect((await resetWith(reset, "the attacker's choice")).status).toBe(400);
    expect((await postJson("/api/login", { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("voids them from the account page's form too (no JavaScript)", async () => {
    const owner = await member("page-owner");
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const reset = await resetToken(owner.id);
    const changed = await postForm(
      "/account",
      {
        intent: "password",
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      owner.cookie,
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/account");
    expect((await confirmMove(move)).status).toBe(400);
    expect((await resetWith(reset)).status).toBe(400);
  });

  it("tells the old address that changing the password cancels the change", async () => {
    const owner = await member("warned");
    await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const { results } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'email-change-requested' AND subject_id IN (SELECT id FROM email_changes WHERE user_id = ?)",
    )
      .bind(owner.id)
      .all<MailEventMessage>();
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, results);
    const warning = sent.find((email) => email.to === owner.email);
    expect(warning?.subject).toBe("A change of your FACETS email address was requested");
    expect(String(warning?.text)).toContain(
      "If this was not you, change your password now: someone knows it.",
    );
    expect(String(warning?.text)).toContain("Changing your password also cancels this change of address");
  });
});

describe("a reset ends the other links", () => {
  it("voids every other reset link and a pending address change in the reset's batch", async () => {
    const owner = await member("reset-owner");
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const [used, other] = [await resetToken(owner.id), await resetToken(owner.id)];
    expect((await resetWith(used)).status).toBe(200);
    expect((await resetWith(other, "yet another passphrase")).status).toBe(400);
    expect((await confirmMove(move)).status).toBe(400);
    expect((await postJson("/api/login", { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("never sends a reset link asked for before the password changed", async () => {
    const owner = await member("late-mail");
    const asked = await postJson("/api/auth/forgot-password", { email: owner.email });
    expect(asked.status).toBe(202);
    const [event] = await mailEventsOf(owner.id, "password-reset-requested");
    expect(event).toBeDefined();
    // The request's event waited (a queue delay); meanwhile the password changed.
    await env.DB.prepare("UPDATE mail_events SET created_at = created_at - 60 WHERE id = ?")
      .bind(event?.id)
      .run();
    expect(
      (
        await call("/api/account/password", owner.cookie, {
          currentPassword: PASSWORD,
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [event as MailEventMessage]);
    expect(sent).toEqual([]);
    const live = await env.DB.prepare(
      "SELECT count(*) AS n FROM account_tokens WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL",
    )
      .bind(owner.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
  });
});

describe("an address-change link older than the last password change", () => {
  it("is refused like any dead link, whatever path changed the password", async () => {
    const owner = await member("older");
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    // A password set by a path that did not void the link (the row stays unused).
    await env.DB.prepare("UPDATE users SET password_changed_at = unixepoch() + 5 WHERE id = ?")
      .bind(owner.id)
      .run();
    const refused = await confirmMove(move);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(
      expect.objectContaining({ error: "This link is invalid or has expired." }),
    );
    expect(await emailOf(owner.id)).toBe(owner.email);
    const page = await postForm("/confirm-email-change", { token: move });
    expect(page.status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it("is accepted when it came after the change", async () => {
    const owner = await member("newer");
    await env.DB.prepare("UPDATE users SET password_changed_at = unixepoch() - 5 WHERE id = ?")
      .bind(owner.id)
      .run();
    const to = uniqueEmail("new-home").toLowerCase();
    const move = await askToMove(owner.cookie, owner.id, to);
    expect((await confirmMove(move)).status).toBe(200);
    expect(await emailOf(owner.id)).toBe(to);
  });
});

describe("an administrator's reset and the console end the links too", () => {
  it("voids the reset links and address changes of the account whose second factors an administrator resets", async () => {
    const owner = await member("lost-phone");
    await enrolAuthenticator(owner.email);
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const reset = await resetToken(owner.id);
    const admin = await signedInCookie({ admin: true });
    const done = await call(`/api/admin/reset-second-factors/${owner.id}`, admin.cookie);
    expect(done.status).toBe(200);
    expect((await confirmMove(move)).status).toBe(400);
    expect((await resetWith(reset)).status).toBe(400);
  });

  it("voids them with the SQL `npm run admin:create` runs on an existing account", async () => {
    const owner = await member("promoted");
    const secret = await enrolAuthenticator(owner.email);
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const reset = await resetToken(owner.id);
    const script = await upsertAdminSql({
      email: owner.email,
      password: "the console's passphrase",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    // As wrangler runs it: its statements in one batch.
    const statements = script
      .split(/;\n/)
      .map((statement) => statement.replace(/;$/, "").trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThanOrEqual(4);
    await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));

    expect((await confirmMove(move)).status).toBe(400);
    expect((await resetWith(reset)).status).toBe(400);
    const signIn = await postJson("/api/login", {
      email: owner.email,
      password: "the console's passphrase",
      code: codeNow(secret),
    });
    expect(signIn.status).toBe(200);
  });
});
