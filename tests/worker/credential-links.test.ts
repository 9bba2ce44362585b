import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { upsertAdminSql } from "../../scripts/admin-account";
import { fetchWorker } from "./support";
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
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// A credential change ends every link that hangs off the old credential (issue 31, decision 120): a password
// changed (API and page), a reset, an administrator's reset of second factors and `npm run admin:create` void
// the account's live reset links and pending address changes in their own batch; an address-change link
// older than the last password change is refused; a reset asked for before it is never sent. Also the daily
// limit of address changes (decision 122).

const NEW_PASSWORD = "a brand new passphrase";

function call(path: string, cookie: string, body?: unknown, method = "POST") {
  return fetchWorker(path, {
    method,
    redirect: "manual",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An approved member signed in just now (a recent sign-in, so no "Confirm it's you" is due). */
async function member(label: string) {
  const email = uniqueEmail(label);
  await registerViaApi(email);
  await approve(email);
  const login = await postJson("/api/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { email: email.toLowerCase(), id: await userIdOf(email), cookie: sessionCookieOf(login) };
}

function newToken(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(52)),
    (byte) => "abcdefghijklmnopqrstuvwxyz234567"[byte % 32],
  ).join("");
}

/** A live reset link of the account, as its email would carry it. */
async function resetLink(userId: number): Promise<string> {
  const token = newToken();
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + 600)",
  )
    .bind(hashToken(token), userId)
    .run();
  return token;
}

/** Someone with the password asks to move the account to `to`; returns the link's token, as sent there. */
async function askToMove(cookie: string, userId: number, to: string): Promise<string> {
  const asked = await call("/api/account/email", cookie, { password: PASSWORD, email: to });
  expect(asked.status).toBe(202);
  const change = await env.DB.prepare(
    "SELECT id FROM email_changes WHERE user_id = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(userId)
    .first<{ id: number }>();
  const token = newToken();
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

async function mailEventsOf(userId: number, type: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY created_at, rowid",
  )
    .bind(userId, type)
    .all<MailEventMessage>();
  return results;
}

describe("a password change ends the links of the old password", { timeout: 30_000 }, () => {
  it("voids an attacker's address change and older reset links (the API)", async () => {
    const owner = await member("owner");
    // The attacker has the password (and a session); they ask to move the account to their address.
    const attacker = await postJson("/api/login", { email: owner.email, password: PASSWORD });
    const theirs = uniqueEmail("attacker");
    const move = await askToMove(sessionCookieOf(attacker), owner.id, theirs);
    const reset = await resetLink(owner.id);

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
    const reset = await resetLink(owner.id);
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

describe("a reset ends the other links", { timeout: 30_000 }, () => {
  it("voids every other reset link and a pending address change in the reset's batch", async () => {
    const owner = await member("reset-owner");
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const [used, other] = [await resetLink(owner.id), await resetLink(owner.id)];
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

describe("an address-change link older than the last password change", { timeout: 30_000 }, () => {
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

describe("an administrator's reset and the console end the links too", { timeout: 60_000 }, () => {
  it("voids the reset links and address changes of the account whose second factors an administrator resets", async () => {
    const owner = await member("lost-phone");
    await enrolAuthenticator(owner.email);
    const move = await askToMove(owner.cookie, owner.id, uniqueEmail("elsewhere"));
    const reset = await resetLink(owner.id);
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
    const reset = await resetLink(owner.id);
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

describe("address changes per account per day", { timeout: 60_000 }, () => {
  it("allows five a day, then answers 429 with Retry-After and stores nothing more", async () => {
    const owner = await member("mover");
    for (let n = 0; n < 5; n += 1) {
      const asked = await call("/api/account/email", owner.cookie, {
        password: PASSWORD,
        email: uniqueEmail("to"),
      });
      expect(asked.status).toBe(202);
    }
    const sixth = await call("/api/account/email", owner.cookie, {
      password: PASSWORD,
      email: uniqueEmail("to"),
    });
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(5);
    // Nothing was confirmed for the refusal: no wrong-password entry either.
    const failures = await env.DB.prepare(
      "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'email-change-requested' AND outcome = 'failure'",
    )
      .bind(owner.id)
      .first<{ n: number }>();
    expect(failures?.n).toBe(0);
    // The page's form gets the same answer.
    const page = await postForm(
      "/account",
      { intent: "email", password: PASSWORD, email: uniqueEmail("to") },
      owner.cookie,
    );
    expect(page.status).toBe(429);
  });

  it("counts requests sent at once against the limit", async () => {
    const owner = await member("rush");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call("/api/account/email", owner.cookie, { password: PASSWORD, email: uniqueEmail("to") }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(5);
  });

  it("does not count another account's changes", async () => {
    const busy = await member("busy");
    const other = await member("other");
    for (let n = 0; n < 5; n += 1) {
      await call("/api/account/email", busy.cookie, { password: PASSWORD, email: uniqueEmail("to") });
    }
    const asked = await call("/api/account/email", other.cookie, {
      password: PASSWORD,
      email: uniqueEmail("to"),
    });
    expect(asked.status).toBe(202);
  });
});

describe("mail to an address not yet proven", { timeout: 30_000 }, () => {
  it("greets nobody by a name they typed: the registration's confirmation and the new address's link", async () => {
    const typed = "Click evil.example now";
    const email = uniqueEmail("unproven");
    expect((await registerViaApi(email, { firstName: typed })).status).toBe(201);
    const id = await userIdOf(email);
    const registered = await mailEventsOf(id, "registration-received");
    await approve(email);
    const login = await postJson("/api/login", { email, password: PASSWORD });
    const cookie = sessionCookieOf(login);
    const to = uniqueEmail("someone-else").toLowerCase();
    expect((await call("/api/account/email", cookie, { password: PASSWORD, email: to })).status).toBe(202);
    const { results: changed } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'email-change-requested' AND subject_id IN (SELECT id FROM email_changes WHERE user_id = ?)",
    )
      .bind(id)
      .all<MailEventMessage>();
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [...registered, ...changed]);
    const toRegistrant = sent.find((message) => message.subject === "We received your registration");
    const toNewAddress = sent.find((message) => message.to === to);
    expect(toNewAddress?.subject).toBe("Confirm your new FACETS email address");
    for (const message of [toRegistrant, toNewAddress]) {
      expect(message).toBeDefined();
      expect(String(message?.text)).not.toContain(typed);
      expect(String(message?.html)).not.toContain(typed);
      expect(String(message?.text)).toContain("Hello,");
    }
    // The old address (the account's, not yet confirmed either) is not greeted by that name.
    const toOld = sent.find((message) => message.to === email.toLowerCase() && message !== toRegistrant);
    expect(String(toOld?.text)).not.toContain(typed);
  });

  it("greets the person by name once their address is confirmed", async () => {
    const email = uniqueEmail("proven");
    await registerViaApi(email, { firstName: "Grace" });
    await approve(email);
    const id = await userIdOf(email);
    await env.DB.prepare("UPDATE users SET email_confirmed_at = unixepoch() WHERE id = ?").bind(id).run();
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [{ id: crypto.randomUUID(), type: "account-approved", subjectId: id }]);
    expect(String(sent[0]?.text)).toContain("Hello Grace,");
  });
});

describe("registering an address that already has an account", { timeout: 30_000 }, () => {
  it("answers the page form exactly as for a new address, and emails the owner with no text the registrant typed", async () => {
    const owner = await member("existing");
    const form = (email: string) => ({
      intent: "register",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: "Mallory",
      lastName: "Typed <b>this</b>",
      userTypeId: "2",
    });
    const fresh = await postForm("/login", form(uniqueEmail("brand-new")));
    const taken = await postForm("/login", form(owner.email.toUpperCase()));
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(await taken.text()).toContain("Registration Successful");
    const attempts = await mailEventsOf(owner.id, "registration-attempted");
    expect(attempts).toHaveLength(1);
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, attempts);
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [owner.email, "Someone tried to register with your FACETS address"],
    ]);
    const body = String(sent[0]?.text);
    expect(body).toContain("If it was you, sign in to your account, or reset your password");
    expect(body).not.toContain("Mallory");
    expect(body).not.toContain("Typed");
    expect(await env.DB.prepare("SELECT first_name FROM users WHERE id = ?").bind(owner.id).first()).toEqual({
      first_name: "Ada",
    });
  });

  it("emails the owner at most a few times a minute, whatever the answer says", async () => {
    const owner = await member("flooded");
    // The limiter counts 3 a minute in windows aligned to the clock (as Cloudflare's does), so the tries
    // may fall in two windows: at most 3 per window they touched, and always fewer than were made.
    const minute = () => Math.floor(Date.now() / 60_000);
    const first = minute();
    for (let n = 0; n < 8; n += 1) expect((await registerViaApi(owner.email)).status).toBe(201);
    const windows = minute() - first + 1;
    const attempts = await mailEventsOf(owner.id, "registration-attempted");
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.length).toBeLessThanOrEqual(3 * windows);
    if (windows <= 2) expect(attempts.length).toBeLessThan(8);
  });
});

describe("names", () => {
  it("refuse line breaks and control characters, with a field error, at every door", async () => {
    for (const name of [
      "Ada\nBcc: all@example.com",
      "Ada\rLovelace",
      "Ada\u0007",
      "Ada\u2028Lovelace",
      "Ada\u202Eecalevol",
    ]) {
      const registered = await registerViaApi(uniqueEmail("multi-line"), { firstName: name, lastName: name });
      expect(registered.status).toBe(400);
      const { fieldErrors } = await registered.json<{ fieldErrors: Record<string, string> }>();
      expect(fieldErrors.firstName).toBe(
        "First name must be one line, without line breaks or control characters",
      );
      expect(fieldErrors.lastName).toBe(
        "Last name must be one line, without line breaks or control characters",
      );
    }
    const contact = await postJson("/api/contact", {
      firstName: "Grace\nHopper",
      lastName: "Hopper",
      email: uniqueEmail("contact"),
      userTypeId: 2,
      message: "Two lines\nare fine here.",
    });
    expect(contact.status).toBe(400);
    const owner = await member("renamed");
    const renamed = await call("/api/account", owner.cookie, { firstName: "Ada\nLovelace" }, "PATCH");
    expect(renamed.status).toBe(400);
    expect(await env.DB.prepare("SELECT first_name FROM users WHERE id = ?").bind(owner.id).first()).toEqual({
      first_name: "Ada",
    });
    // A name in any script, with its joiners, is still one line.
    expect(
      (await registerViaApi(uniqueEmail("script"), { firstName: "می‌خواهم", lastName: "Zoë O'Brien-Ñúñez" }))
        .status,
    ).toBe(201);
  });
});
