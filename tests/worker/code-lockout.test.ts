import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { recoveryCodeHash, recoveryCodeKey } from "../../app/server/second-factors/recovery-codes";
import { fetchWorker, textOf } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  PASSWORD,
  postJson,
  registerViaApi,
  uniqueEmail,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";

// Wrong second-factor codes are limited per account and client
// address (a stranger with the password cannot lock the owner out) under a daily ceiling, recovery codes
// apart; the owner is emailed; recovery codes carry 80 bits under an HMAC; the form's second step works
// only in the browser that gave the password.

let clients = 0;
/** A client address of this file's own range, new for every call. */
function newClient(): string {
  clients += 1;
  return `192.0.2.${clients % 250}`;
}

async function member() {
  const email = uniqueEmail("lockout");
  await registerViaApi(email);
  await approve(email);
  const secret = await enrolAuthenticator(email);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return { email, secret, id: row?.id ?? 0 };
}

function login(client: string, body: Record<string, unknown>) {
  return postJson("/api/login", body, { "CF-Connecting-IP": client });
}

async function entries(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT outcome, ip FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(subjectId, action)
    .all<{ outcome: string; ip: string | null }>();
  return results;
}

async function mailOf(subjectId: number, type?: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, type, subject_id AS subjectId FROM mail_events
     WHERE subject_id = ? AND type LIKE 'second-factor-%' ${type ? "AND type = ?" : ""} ORDER BY rowid`,
  )
    .bind(...(type ? [subjectId, type] : [subjectId]))
    .all<MailEventMessage>();
  return results;
}

/** The emails the consumer hands to Email Service for these events. */
async function sentFor(events: MailEventMessage[]) {
  const recording = recordingEnv();
  await deliver(recording.env, events);
  return recording.sent;
}

/** The password step of the form, as a browser posts it: the ticket in the page and the cookie set with it. */
async function passwordStep(email: string, client = newClient()) {
  const response = await fetchWorker("/login", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": client },
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const ticket = /name="ticket" value="([a-z2-7]+)"/.exec(await response.text())?.[1] ?? "";
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("sign-in=")) ?? "";
  return { ticket, setCookie, cookie: setCookie.split(";")[0] ?? "" };
}

function secondStep(fields: { ticket: string; code: string }, cookie: string | null, client = newClient()) {
  return fetchWorker("/login", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ intent: "second-factor", ...fields }),
  });
}

describe("wrong codes, per account and client address", () => {
  it("holds the stranger's client after five, while the owner signs in from another, and emails the owner", {
    timeout: 60_000,
  }, async () => {
    const { email, secret, id } = await member();
    const stranger = newClient();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(stranger, { email, password: PASSWORD, code: "000000" })).status).toBe(401);
    }
    const held = await login(stranger, { email, password: PASSWORD, code: codeNow(secret) });
    expect(held.status).toBe(401);
    expect(await held.json()).toEqual({ error: "Invalid credentials or account not approved" });
    expect(await entries(id, "sign-in-locked-out")).toEqual([{ outcome: "failure", ip: stranger }]);

    const owner = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) });
    expect(owner.status).toBe(200);

    // One email for the streak, one for the lockout: not one per wrong code, none for a held attempt.
    const mail = await mailOf(id);
    expect(mail.map((event) => event.type)).toEqual([
      "second-factor-wrong-code",
      "second-factor-locked-client",
    ]);
    const sent = await sentFor(mail);
    expect(sent.map((message) => [String(message.to), message.subject])).toEqual([
      [email, "Someone may have your FACETS password"],
      [email, "Too many wrong codes for your FACETS account"],
    ]);
    expect(textOf(String(sent[0]?.html))).toContain("someone has your password: change it now");
    expect(String(sent[1]?.text)).toContain("5 wrong codes within 15 minutes from one address");

    // The owner's success ends the streak: the next wrong code is news again.
    await login(newClient(), { email, password: PASSWORD, code: "000000" });
    expect(await mailOf(id, "second-factor-wrong-code")).toHaveLength(2);
  });

  it("stops a guesser spread over many addresses at 100 wrong codes a day, until the password changes", {
    timeout: 240_000,
  }, async () => {
    const { email, secret, id } = await member();
    const signedIn = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) });
    const session = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";

    // The stranger's browser: one ticket, four wrong codes from each of 25 addresses.
    const { ticket, cookie } = await passwordStep(email);
    for (let client = 0; client < 25; client += 1) {
      const address = newClient();
      for (let i = 0; i < 4; i += 1) {
        expect((await secondStep({ ticket, code: "000000" }, cookie, address)).status).toBe(401);
      }
    }
    expect(await entries(id, "sign-in-code")).toHaveLength(101);
    const refused = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret, 1) });
    expect(refused.status).toBe(401);
    expect(await entries(id, "sign-in-locked-out")).toHaveLength(1);
    const mail = await mailOf(id);
    expect(mail.map((event) => event.type)).toEqual([
      "second-factor-wrong-code",
      "second-factor-locked-account",
    ]);
    const [, lockout] = await sentFor(mail);
    expect(lockout?.subject).toBe("Codes for your FACETS account are refused for now");
    expect(String(lockout?.text)).toContain("100 wrong codes within 24 hours");

    // A new password stops the stranger at the first step, and the old wrong codes no longer count.
    const changed = await postJson(
      "/api/account/password",
      { currentPassword: PASSWORD, password: "a brand new passphrase" },
      { Cookie: session },
    );
    expect(changed.status).toBe(200);
    const stale = await secondStep({ ticket, code: codeNow(secret, 1) }, cookie);
    expect(stale.status).toBe(401);
    expect(textOf(await stale.text())).toContain("Your sign-in has expired");
    expect((await login(newClient(), { email, password: PASSWORD, code: codeNow(secret, 1) })).status).toBe(
      401,
    );
    const again = await login(newClient(), {
      email,
      password: "a brand new passphrase",
      code: codeNow(secret, 1),
    });
    expect(again.status).toBe(200);
  });

  it("keeps recovery codes on a budget of their own", { timeout: 60_000 }, async () => {
    const { email, secret, id } = await member();
    const key = recoveryCodeKey(env.RECOVERY_CODE_KEY) ?? new Uint8Array();
    const code = "abcd-efgh-ijkl-mnop";
    await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")
      .bind(id, recoveryCodeHash(key, "abcdefghijklmnop"))
      .run();

    const appGuesser = newClient();
    for (let i = 0; i < 5; i += 1) await login(appGuesser, { email, password: PASSWORD, code: "000000" });
    expect((await login(appGuesser, { email, password: PASSWORD, code: codeNow(secret) })).status).toBe(401);
    // The same client still has its recovery codes.
    expect((await login(appGuesser, { email, password: PASSWORD, code })).status).toBe(200);

    const codeGuesser = newClient();
    for (let i = 0; i < 5; i += 1) {
      await login(codeGuesser, { email, password: PASSWORD, code: "zzzz-zzzz-zzzz-zzzz" });
    }
    expect(await entries(id, "sign-in-recovery-code")).toEqual([
      { outcome: "success", ip: appGuesser },
      ...Array(5).fill({ outcome: "failure", ip: codeGuesser }),
    ]);
    expect(
      (await login(codeGuesser, { email, password: PASSWORD, code: "qqqq-qqqq-qqqq-qqqq" })).status,
    ).toBe(401);
    expect(await entries(id, "sign-in-locked-out")).toHaveLength(2);
    // …and its authenticator codes.
    expect((await login(codeGuesser, { email, password: PASSWORD, code: codeNow(secret, 1) })).status).toBe(
      200,
    );
  });

  it("tries no more than five of twelve wrong codes sent at once from one client", {
    timeout: 60_000,
  }, async () => {
    const { email, secret, id } = await member();
    const signedIn = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) });
    const session = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { ticket, cookie } = await passwordStep(email);
    const stranger = newClient();
    // Six through the sign-in form's second step, six through "Confirm it's you": one budget, one client.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => secondStep({ ticket, code: "000000" }, cookie, stranger)),
      ...Array.from({ length: 6 }, () =>
        postJson(
          "/api/auth/reauthenticate",
          { password: PASSWORD, code: "000000" },
          { Cookie: session, "CF-Connecting-IP": stranger },
        ),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(401));

    const tried = [...(await entries(id, "sign-in-code")), ...(await entries(id, "reauthenticated"))];
    expect(tried.filter((entry) => entry.outcome === "failure")).toEqual(
      Array(5).fill({ outcome: "failure", ip: stranger }),
    );
    expect(await entries(id, "sign-in-locked-out")).toEqual(
      Array(7).fill({ outcome: "failure", ip: stranger }),
    );
    expect((await mailOf(id)).map((event) => event.type)).toEqual([
      "second-factor-wrong-code",
      "second-factor-locked-client",
    ]);
    // The counter: the five tried stay counted as wrong; the seven held were never claimed.
    const counted = await env.DB.prepare(
      "SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND succeeded = 0 AND client = ?",
    )
      .bind(id, stranger)
      .first<{ n: number }>();
    expect(counted?.n).toBe(5);

    // The right code is refused from the held client, and works from any other.
    expect((await login(stranger, { email, password: PASSWORD, code: codeNow(secret, 1) })).status).toBe(401);
    expect(await entries(id, "sign-in-locked-out")).toHaveLength(8);
    expect((await login(newClient(), { email, password: PASSWORD, code: codeNow(secret, 1) })).status).toBe(
      200,
    );
  });

  it("tries no more than the account's daily ceiling allows of codes sent at once from many clients", {
    timeout: 120_000,
  }, async () => {
    const { email, secret, id } = await member();
    // 96 wrong codes of the day already counted, from addresses of their own. The limits read this
    // counter, not the audit log (decision 130).
    for (let i = 0; i < 96; i += 1) {
      await env.DB.prepare(
        "INSERT INTO code_attempts (user_id, kind, client, started_at) VALUES (?, 'totp', ?, unixepoch() - 60)",
      )
        .bind(id, `198.51.100.${i}`)
        .run();
    }
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(newClient(), { email, password: PASSWORD, code: "000000" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(401));
    const wrong = await env.DB.prepare(
      "SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND kind = 'totp' AND succeeded = 0",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(wrong?.n).toBe(100);
    const tried = await entries(id, "sign-in-code");
    expect(tried.filter((entry) => entry.outcome === "failure")).toHaveLength(4);
    expect(await entries(id, "sign-in-locked-out")).toHaveLength(8);
    expect(await mailOf(id, "second-factor-locked-account")).toHaveLength(1);
    expect((await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) })).status).toBe(401);
  });

  it("does not count a wrong password in Confirm it's you as a wrong code", { timeout: 60_000 }, async () => {
    const { email, secret, id } = await member();
    const client = newClient();
    const signedIn = await login(client, { email, password: PASSWORD, code: codeNow(secret) });
    const cookie = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const confirm = (body: Record<string, string>) =>
      postJson("/api/auth/reauthenticate", body, { Cookie: cookie, "CF-Connecting-IP": client });
    for (let i = 0; i < 6; i += 1) {
      expect((await confirm({ password: "not the password", code: "000000" })).status).toBe(401);
    }
    expect((await confirm({ password: PASSWORD, code: codeNow(secret, 1) })).status).toBe(200);
    expect((await entries(id, "reauthenticated-password")).map((entry) => entry.outcome)).toEqual(
      Array(6).fill("failure"),
    );
    expect(await mailOf(id)).toEqual([]);
  });
});

describe("the second step, bound to the browser that gave the password", () => {
  it("sets a short-lived HttpOnly cookie with the ticket and refuses the ticket without it", {
    timeout: 60_000,
  }, async () => {
    const { email, secret, id } = await member();
    const { ticket, setCookie, cookie } = await passwordStep(email);
    expect(ticket).toHaveLength(52);
    expect(setCookie).toMatch(/^sign-in=[a-z2-7]{52}; Path=\/; Max-Age=300; SameSite=Strict; HttpOnly$/);

    const elsewhere = await secondStep({ ticket, code: codeNow(secret) }, null);
    expect(elsewhere.status).toBe(401);
    expect(textOf(await elsewhere.text())).toContain("Invalid credentials or account not approved");
    expect(elsewhere.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const another = await passwordStep(email);
    const crossed = await secondStep({ ticket, code: codeNow(secret) }, another.cookie);
    expect(crossed.status).toBe(401);
    // Refused before the code is tried: no wrong code counted, and the code is still unused.
    expect(await entries(id, "sign-in-code")).toEqual([]);

    const right = await secondStep({ ticket, code: codeNow(secret) }, cookie);
    expect(right.status).toBe(302);
    const cookies = right.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("session="))).toBe(true);
    expect(cookies).toContain("sign-in=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly");
  });

  it("ends with a password reset, which the stranger's ticket does not survive", {
    timeout: 60_000,
  }, async () => {
    const { email, secret, id } = await member();
    const { ticket, cookie } = await passwordStep(email);
    expect((await postJson("/api/auth/forgot-password", { email })).status).toBe(202);
    const { results } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = 'password-reset-requested'",
    )
      .bind(id)
      .all<MailEventMessage>();
    const [resetEmail] = await sentFor(results);
    const token = /reset-password\?token=([a-z2-7]+)/.exec(String(resetEmail?.text))?.[1] ?? "";
    const reset = await postJson("/api/auth/reset-password", { token, password: "a brand new passphrase" });
    expect(reset.status).toBe(200);

    const stale = await secondStep({ ticket, code: codeNow(secret) }, cookie);
    expect(stale.status).toBe(401);
    expect(textOf(await stale.text())).toContain("Your sign-in has expired");
  });

  it("names the cookie __Host- and marks it Secure on HTTPS", { timeout: 60_000 }, async () => {
    const { email } = await member();
    const response = await fetchWorker("https://localhost/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClient() },
      body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^__Host-sign-in=[a-z2-7]{52}; Path=\/; Max-Age=300; SameSite=Strict; HttpOnly; Secure$/,
      ),
    ]);
  });
});

describe("recovery codes", () => {
  it("are 16 base32 characters in groups, kept as an HMAC, typed in any case with or without dashes", {
    timeout: 60_000,
  }, async () => {
    const { email, secret, id } = await member();
    const signedIn = await login(newClient(), { email, password: PASSWORD, code: codeNow(secret) });
    const cookie = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const made = await postJson("/api/auth/recovery-codes", {}, { Cookie: cookie });
    expect(made.status).toBe(200);
    const { recoveryCodes } = (await made.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);

    const { results } = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?")
      .bind(id)
      .all<{ code_hash: string }>();
    const first = (recoveryCodes[0] ?? "").replaceAll("-", "");
    const plainSha256 = encodeHexLowerCase(sha256(new TextEncoder().encode(first)));
    expect(results.map((row) => row.code_hash)).not.toContain(plainSha256);
    const key = recoveryCodeKey(env.RECOVERY_CODE_KEY) ?? new Uint8Array();
    expect(results.map((row) => row.code_hash)).toContain(recoveryCodeHash(key, first));

    const typed = ` ${first.slice(0, 8).toUpperCase()} ${first.slice(8)} `;
    expect((await login(newClient(), { email, password: PASSWORD, code: typed })).status).toBe(200);
    expect((await login(newClient(), { email, password: PASSWORD, code: recoveryCodes[0] })).status).toBe(
      401,
    );
  });

  it("of the first format keep working until new ones are made", { timeout: 60_000 }, async () => {
    const { email, id } = await member();
    const legacy = encodeHexLowerCase(sha256(new TextEncoder().encode("abcdeabcde")));
    await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")
      .bind(id, legacy)
      .run();
    expect((await login(newClient(), { email, password: PASSWORD, code: "ABCDE-abcde" })).status).toBe(200);
    expect((await login(newClient(), { email, password: PASSWORD, code: "abcde-abcde" })).status).toBe(401);
  });
});
