import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding, decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { PERSONAL_SUBJECTS } from "../../app/content/email-subjects";
import { PASSKEYS_MUST_STAY } from "../../app/lib/account-messages";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
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
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator, type Tweaks } from "./support-passkeys";

// Passkeys and the factors around them. A removal changes nothing unless it removed
// something, and the last-factor rules hold when removals race; every factor change is emailed to its owner;
// a password reset asks whether to keep the passkeys; a pending authenticator app's key is shown only to a
// recent sign-in; the signature counter is stored and a counter that goes back is refused and logged; RSA
// keys under 2048 bits are refused. Passkeys come from the software authenticator, through the built Worker.

const RP_ID = "localhost";
// Each account costs a password hash or two (scrypt): the tests take seconds on a busy machine.

function call(
  path: string,
  { method = "POST", body, cookie }: { method?: string; body?: unknown; cookie?: string },
) {
  return fetchWorker(path, {
    method,
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
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: RP_ID };
}

async function addPasskey(cookie: string, key: SoftwareAuthenticator, name = "Work laptop", tweaks?: Tweaks) {
  const response = await key.register(await challengeFor("register", cookie), tweaks);
  return call("/api/auth/passkeys", { body: { name, response }, cookie });
}

async function passkeySignIn(key: SoftwareAuthenticator, userId: number, tweaks?: Tweaks) {
  const response = await key.assert(await challengeFor("sign-in"), userHandleOf(userId), tweaks);
  return call("/api/auth/passkey-sign-in", { body: { response } });
}

const removePasskey = (cookie: string, id: string) =>
  call(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE", cookie });
const removeApp = (cookie: string) => call("/api/auth/totp", { method: "DELETE", cookie });

async function one<T>(query: string, ...values: unknown[]): Promise<T> {
  return (await env.DB.prepare(query)
    .bind(...values)
    .first<T>()) as T;
}

async function passkeysOf(id: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM passkeys WHERE user_id = ? ORDER BY created_at")
    .bind(id)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

async function codesOf(id: number): Promise<number> {
  return (await one<{ n: number }>("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?", id)).n;
}

async function appsOf(id: number): Promise<number> {
  return (
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NOT NULL",
      id,
    )
  ).n;
}

const FACTOR_MAIL = [
  "totp-enabled",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "passkeys-removed-at-reset",
  "recovery-codes-generated",
  "second-factors-reset",
]
  .map((type) => `'${type}'`)
  .join(", ");

/** The emails stored about a person's second factors, oldest first. */
async function mailOf(id: number): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type IN (${FACTOR_MAIL}) ORDER BY created_at, rowid`,
  )
    .bind(id)
    .all<MailEventMessage>();
  return results;
}

async function entries(id: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT outcome, actor_id AS actorId FROM account_events WHERE subject_id = ? AND action = ? ORDER BY id",
  )
    .bind(id, action)
    .all<{ outcome: string; actorId: number }>();
  return results;
}

async function signCountOf(credentialId: string): Promise<number> {
  return (await one<{ n: number }>("SELECT sign_count AS n FROM passkeys WHERE id = ?", credentialId)).n;
}

/** An approved account signed in with its password alone (no factor yet): a recent sign-in. */
async function signedIn(options: { admin?: boolean; app?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "admin" : "member");
  await registerViaApi(email);
  await approve(email, options.admin);
  const secret = options.app ? await enrolAuthenticator(email) : null;
  const login = await postJson("/api/login", {
    email,
    password: PASSWORD,
    ...(secret ? { code: codeNow(secret) } : {}),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { email, cookie, id: await userIdOf(email), secret };
}

/** A reset link's token for the account, as the email would carry it. */
async function resetToken(id: number): Promise<string> {
  const token = Array.from(
    crypto.getRandomValues(new Uint8Array(52)),
    (byte) => "abcdefghijklmnopqrstuvwxyz234567"[byte % 32],
  ).join("");
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + 600)",
  )
    .bind(hashToken(token), id)
    .run();
  return token;
}

describe("removing a passkey", { timeout: 30_000 }, () => {
  it("changes nothing for an id that is not one of yours: your recovery codes stay", {
    timeout: 60_000,
  }, async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const myKey = await SoftwareAuthenticator.es256();
    const theirKey = await SoftwareAuthenticator.es256();
    expect((await addPasskey(mine.cookie, myKey)).status).toBe(201);
    expect((await addPasskey(theirs.cookie, theirKey)).status).toBe(201);
    expect(await codesOf(mine.id)).toBe(10);
    const mailBefore = await mailOf(mine.id);

    for (const id of [theirKey.id, "AAAA", "x".repeat(1401)]) {
      expect((await removePasskey(mine.cookie, id)).status).toBe(404);
    }

    expect(await codesOf(mine.id)).toBe(10);
    expect(await passkeysOf(mine.id)).toEqual([myKey.id]);
    expect(await passkeysOf(theirs.id)).toEqual([theirKey.id]);
    expect(await codesOf(theirs.id)).toBe(10);
    expect(await entries(mine.id, "passkey-removed")).toEqual([]);
    expect(await mailOf(mine.id)).toEqual(mailBefore);
  });

  it("takes the recovery codes with a member's last passkey, and tells the owner", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    expect((await removePasskey(member.cookie, key.id)).status).toBe(204);
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(0);
    expect(await entries(member.id, "passkey-removed")).toEqual([{ outcome: "success", actorId: member.id }]);
    expect((await mailOf(member.id)).map((event) => event.type)).toEqual([
      "passkey-added",
      "passkey-removed",
    ]);
  });

  it("keeps an administrator's last factor when its two factors are removed at once", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 3; round += 1) {
      const admin = await signedIn({ admin: true, app: true });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(admin.cookie, key)).status).toBe(201);
      const [app, passkey] = await Promise.all([
        removeApp(admin.cookie),
        removePasskey(admin.cookie, key.id),
      ]);
      expect([app.status, passkey.status].sort()).toEqual([204, 409]);
      expect((await appsOf(admin.id)) + (await passkeysOf(admin.id)).length).toBe(1);
      expect(await codesOf(admin.id)).toBe(10);
      // The one refused left no entry and no email behind.
      const removals = [
        ...(await entries(admin.id, "totp-removed")),
        ...(await entries(admin.id, "passkey-removed")),
      ];
      expect(removals).toHaveLength(1);
      const mail = (await mailOf(admin.id)).map((event) => event.type);
      expect(mail.filter((type) => type === "totp-removed" || type === "passkey-removed")).toHaveLength(1);
    }
  });

  it("leaves no recovery codes behind when a member's two factors are removed at once", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await signedIn({ app: true });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(member.cookie, key)).status).toBe(201);
      expect(await codesOf(member.id)).toBe(10);
      const [app, passkey] = await Promise.all([
        removeApp(member.cookie),
        removePasskey(member.cookie, key.id),
      ]);
      expect([app.status, passkey.status]).toEqual([204, 204]);
      expect(await appsOf(member.id)).toBe(0);
      expect(await passkeysOf(member.id)).toEqual([]);
      expect(await codesOf(member.id)).toBe(0);
    }
  });
});

describe("the signature counter", { timeout: 30_000 }, () => {
  it("is stored at registration, raised at each sign-in, and a counter that goes back is refused and logged", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key, "Security key", { signCount: 5 })).status).toBe(201);
    expect(await signCountOf(key.id)).toBe(5);

    expect((await passkeySignIn(key, member.id, { signCount: 9 })).status).toBe(200);
    expect(await signCountOf(key.id)).toBe(9);

    // A copy of the key, behind the original: lower, then equal.
    for (const signCount of [8, 9, 0]) {
      const copy = await passkeySignIn(key, member.id, { signCount });
      expect(copy.status).toBe(401);
      expect(copy.headers.get("Set-Cookie")).toBeNull();
    }
    expect(await signCountOf(key.id)).toBe(9);
    expect(await entries(member.id, "passkey-counter-decreased")).toEqual([
      { outcome: "failure", actorId: member.id },
      { outcome: "failure", actorId: member.id },
      { outcome: "failure", actorId: member.id },
    ]);
    expect((await entries(member.id, "sign-in-passkey")).map((entry) => entry.outcome)).toEqual(["success"]);

    expect((await passkeySignIn(key, member.id, { signCount: 10 })).status).toBe(200);
    expect(await signCountOf(key.id)).toBe(10);
  });

  it("stays 0 for an authenticator that keeps none, and every use signs in", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key, "Synced passkey", { signCount: 0 })).status).toBe(201);
    for (let use = 0; use < 2; use += 1) {
      expect((await passkeySignIn(key, member.id, { signCount: 0 })).status).toBe(200);
    }
    expect(await signCountOf(key.id)).toBe(0);
    expect(await entries(member.id, "passkey-counter-decreased")).toEqual([]);
  });
});

describe("RSA passkeys", { timeout: 30_000 }, () => {
  it("refuses a key under 2048 bits, and stores nothing", async () => {
    const member = await signedIn();
    const refused = await addPasskey(member.cookie, await SoftwareAuthenticator.rs256(1024));
    expect(refused.status).toBe(400);
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(0);
    expect(await mailOf(member.id)).toEqual([]);
    const accepted = await addPasskey(member.cookie, await SoftwareAuthenticator.rs256(2048));
    expect(accepted.status).toBe(201);
  });
});

describe("emails about second factors", { timeout: 30_000 }, () => {
  it("tells the owner of every factor added or removed, with what changed and when", async () => {
    const member = await signedIn();
    const started = await call("/api/auth/totp", { body: {}, cookie: member.cookie });
    expect(started.status).toBe(201);
    const { secret } = await started.json<{ secret: string }>();
    const code = totpCodeAt(decodeBase32IgnorePadding(secret), Math.floor(Date.now() / 30_000));
    expect((await call("/api/auth/totp/confirm", { body: { code }, cookie: member.cookie })).status).toBe(
      200,
    );
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    expect((await call("/api/auth/recovery-codes", { cookie: member.cookie })).status).toBe(200);
    expect((await removePasskey(member.cookie, key.id)).status).toBe(204);
    expect((await removeApp(member.cookie)).status).toBe(204);

    const events = await mailOf(member.id);
    const changes = [
      "totp-enabled",
      "passkey-added",
      "recovery-codes-generated",
      "passkey-removed",
      "totp-removed",
    ] as const;
    // The first factor's recovery codes come with its own email, not one of their own.
    expect(events.map((event) => event.type)).toEqual(changes);

    const { env: testEnv, sent } = recordingEnv();
    const { result } = await deliver(testEnv, events);
    expect(result.explicitAcks).toHaveLength(events.length);
    expect(sent.map((email) => email.subject)).toEqual(changes.map((change) => PERSONAL_SUBJECTS[change]));
    for (const email of sent) {
      expect(email.to).toBe(member.email);
      const text = String(email.text);
      expect(text).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
      expect(text).toContain("If this was not you, change your password now");
      expect(text).toContain(`${env.SITE_ORIGIN}/account/security`);
      expect(text).not.toContain(secret);
    }
    expect(String(sent[1]?.text)).toContain("A passkey was added to your FACETS account on ");
    expect(String(sent[3]?.text)).toContain("A passkey was removed from your FACETS account on ");

    // The person's copy of their data lists them among the emails we sent.
    const copy = await fetchWorker("/api/account/export", { headers: { Cookie: member.cookie } });
    expect(copy.status).toBe(200);
    const { emails } = await copy.json<{ emails: { subject: string }[] }>();
    for (const change of changes) {
      expect(emails.map((email) => email.subject)).toContain(PERSONAL_SUBJECTS[change]);
    }
  });

  it("sends nothing more than the reset's own email when an administrator resets the factors", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const before = (await mailOf(member.id)).length;
    const admin = await signedInCookie({ admin: true });
    const reset = await call(`/api/admin/reset-second-factors/${member.id}`, { cookie: admin.cookie });
    expect(reset.status).toBe(200);
    expect((await mailOf(member.id)).slice(before).map((event) => event.type)).toEqual([
      "second-factors-reset",
    ]);
  });
});

describe("a password reset and the passkeys", { timeout: 30_000 }, () => {
  it("lists the account's passkeys on the reset page, with the keep box unticked", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256(), "Work laptop")).status).toBe(
      201,
    );
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256(), "Old phone")).status).toBe(
      201,
    );
    const token = await resetToken(member.id);
    const page = await fetchWorker(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain("Your passkeys");
    expect(text).toMatch(/Work laptop Added [A-Z][a-z]{2} \d{1,2}, \d{4}, [^,]+ UTC, not used yet/);
    expect(text).toContain("Old phone");
    expect(text).toContain("Keep these passkeys");
    expect(text).not.toContain(PASSKEYS_MUST_STAY);
    const box = /<input[^>]*name="keepPasskeys"[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).toContain('type="checkbox"');
    expect(box).not.toMatch(/checked/);

    // A link that does not work lists nothing.
    const dead = textOf(await (await fetchWorker(`/reset-password?token=${"a".repeat(52)}`)).text());
    expect(dead).not.toContain("Your passkeys");
  });

  it("removes them with the new password when the box is left unticked (the form, without JavaScript): the app and its codes stay", async () => {
    const member = await signedIn({ app: true });
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    const token = await resetToken(member.id);
    const newPassword = "a brand new passphrase";
    const saved = await postForm("/reset-password", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/login");

    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await appsOf(member.id)).toBe(1);
    expect(await codesOf(member.id)).toBe(10);
    expect(await entries(member.id, "passkeys-removed-at-reset")).toEqual([
      { outcome: "success", actorId: member.id },
    ]);
    const mail = await mailOf(member.id);
    expect(mail.map((event) => event.type).at(-1)).toBe("passkeys-removed-at-reset");
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, mail.slice(-1));
    expect(sent.map((email) => email.subject)).toEqual(["The passkeys of your FACETS account were removed"]);
    expect(String(sent[0]?.text)).toContain("If this was not you, someone can read your email");

    // The passkey no longer signs in; the new password alone is not enough, the app's code still is.
    expect((await passkeySignIn(key, member.id)).status).toBe(401);
    const passwordOnly = await postJson("/api/login", { email: member.email, password: newPassword });
    expect(passwordOnly.status).toBe(401);
    expect(await passwordOnly.json()).toMatchObject({ secondFactor: "required" });
    const withCode = await postJson("/api/login", {
      email: member.email,
      password: newPassword,
      code: codeNow(member.secret ?? new Uint8Array(), 1),
    });
    expect(withCode.status).toBe(200);
  });

  it("keeps them when the box is ticked", async () => {
    const member = await signedIn({ app: true });
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    const mailBefore = await mailOf(member.id);
    const token = await resetToken(member.id);
    const newPassword = "a brand new passphrase";
    const saved = await postForm("/reset-password", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
      keepPasskeys: "true",
    });
    expect(saved.status).toBe(302);
    expect(await passkeysOf(member.id)).toEqual([key.id]);
    expect(await appsOf(member.id)).toBe(1);
    expect(await codesOf(member.id)).toBe(10);
    expect(await entries(member.id, "passkeys-removed-at-reset")).toEqual([]);
    expect(await mailOf(member.id)).toEqual(mailBefore);
    expect((await passkeySignIn(key, member.id)).status).toBe(200);
  });

  it("answers the API the same way: left out, the passkeys go and the app and its codes stay", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const token = await resetToken(member.id);
    const odd = await postJson("/api/auth/reset-password", {
      token,
      password: "a fine new password",
      keepPasskeys: "yes",
    });
    expect(odd.status).toBe(400);
    expect(Object.keys((await odd.json<{ fieldErrors: object }>()).fieldErrors)).toEqual(["keepPasskeys"]);
    const reset = await postJson("/api/auth/reset-password", { token, password: "a fine new password" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ ok: true, passkeysRemoved: true });
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(10);
    expect(await appsOf(member.id)).toBe(1);
  });

  for (const role of ["member", "administrator"] as const) {
    it(`keeps the passkeys of a${role === "member" ? "" : "n"} ${role} whose only second factor they are: a reset link alone removes no factor`, async () => {
      const person = await signedIn({ admin: role === "administrator" });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(person.cookie, key)).status).toBe(201);
      const mailBefore = await mailOf(person.id);
      const token = await resetToken(person.id);

      // The page lists them and says why they stay: no box to untick.
      const html = await (await fetchWorker(`/reset-password?token=${token}`)).text();
      const text = textOf(html);
      expect(text).toContain("Your passkeys");
      expect(text).toContain("Work laptop");
      expect(text).toContain(PASSKEYS_MUST_STAY);
      expect(text).not.toContain("Keep these passkeys");
      expect(html).not.toContain('type="checkbox"');

      // Told not to keep them, the API refuses, and the link still works.
      const refused = await postJson("/api/auth/reset-password", { token, password: "a fine new password" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { keepPasskeys: PASSKEYS_MUST_STAY } });
      // So does the form posted without the page's hidden "keep" field.
      const bare = await postForm("/reset-password", {
        token,
        password: "a fine new password",
        confirmPassword: "a fine new password",
      });
      expect(bare.status).toBe(400);
      expect(textOf(await bare.text())).toContain(PASSKEYS_MUST_STAY);
      expect(await passkeysOf(person.id)).toEqual([key.id]);
      expect(await codesOf(person.id)).toBe(10);

      // The page's form keeps them: the new password alone does not sign in, the passkey still does.
      const saved = await postForm("/reset-password", {
        token,
        password: "a fine new password",
        confirmPassword: "a fine new password",
        keepPasskeys: "true",
      });
      expect(saved.status).toBe(302);
      expect(await passkeysOf(person.id)).toEqual([key.id]);
      expect(await codesOf(person.id)).toBe(10);
      expect(await entries(person.id, "passkeys-removed-at-reset")).toEqual([]);
      expect(await mailOf(person.id)).toEqual(mailBefore);
      const passwordOnly = await postJson("/api/login", {
        email: person.email,
        password: "a fine new password",
      });
      expect(passwordOnly.status).toBe(401);
      expect(await passwordOnly.json()).toMatchObject({ secondFactor: "required" });
      expect((await passkeySignIn(key, person.id)).status).toBe(200);
    });
  }
});

describe("a pending authenticator app", { timeout: 30_000 }, () => {
  it("shows its key only to a sign-in of the last 10 minutes, and asks to confirm it's you otherwise", async () => {
    const member = await signedIn();
    const started = await call("/api/auth/totp", { body: {}, cookie: member.cookie });
    expect(started.status).toBe(201);
    const { secret } = await started.json<{ secret: string }>();
    const shownKey = secret.replace(/(.{4})/g, "$1 ").trim();
    const securityPage = async () =>
      (await fetchWorker("/account/security", { headers: { Cookie: member.cookie } })).text();

    expect(await securityPage()).toContain(shownKey);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(member.id)
      .run();
    const old = await securityPage();
    expect(old).not.toContain(shownKey);
    expect(old).not.toContain("QR code of the authenticator app");
    expect(textOf(old)).toContain("Show the QR code and key");
    const asked = await postForm("/account/security", { intent: "totp-show" }, member.cookie);
    expect(asked.status).toBe(403);
    const askedPage = await asked.text();
    expect(textOf(askedPage)).toContain("Confirm it's you");
    expect(askedPage).not.toContain(shownKey);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() WHERE user_id = ?")
      .bind(member.id)
      .run();
    const shown = await postForm("/account/security", { intent: "totp-show" }, member.cookie);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(shownKey);
  });
});
