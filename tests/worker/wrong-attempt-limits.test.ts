import { env } from "cloudflare:test";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import {
  LOGIN_FAILED_MESSAGE,
  NO_PASSKEY_CHALLENGE,
  SIGNED_OUT_AFTER_WRONG_PASSWORDS,
} from "../../app/lib/account-messages";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  flashCookieOf,
  PASSWORD,
  postForm,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator } from "./support-passkeys";

// No limit depends on the audit write, and no stranger can lock an owner out (issue 31, items 2 and 4):
// wrong codes, wrong passwords and failed passkey checks are counted in tables of their own, before the
// answer; a wrong password holds the client that sent it, not the account; a failed passkey confirmation
// is no wrong code; a session that keeps guessing the password at "Confirm it's you" is signed out.

const SLOW = { timeout: 240_000 };
const WRONG_CONFIRMATION = "That password or code is not right.";

/** Addresses of this file's own ranges: 100.64.<n>.<m> for IPv4, 2001:db8:31:<n>::<m> for IPv6 /64s. */
let clients = 0;
function newClient(): string {
  clients += 1;
  return `100.64.${Math.floor(clients / 250) % 250}.${clients % 250}`;
}
function inSubnet(subnet: number, host: number): string {
  return `2001:db8:31:${subnet.toString(16)}::${host.toString(16)}`;
}

async function member(options: { admin?: boolean; app?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "held-admin" : "held");
  await registerViaApi(email);
  await approve(email, options.admin);
  const secret = options.app || options.admin ? await enrolAuthenticator(email) : null;
  return { email, secret, id: await userIdOf(email) };
}

function login(client: string, body: Record<string, unknown>) {
  return postJson("/api/login", body, { "CF-Connecting-IP": client });
}

async function signedIn(email: string, secret: Uint8Array | null, offset = 0) {
  const response = await login(newClient(), {
    email,
    password: PASSWORD,
    ...(secret ? { code: codeNow(secret, offset) } : {}),
  });
  expect(response.status).toBe(200);
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

async function count(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function mailOf(subjectId: number, type: string): Promise<MailEventMessage[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = ? ORDER BY rowid",
  )
    .bind(subjectId, type)
    .all<MailEventMessage>();
  return results;
}

const entriesOf = (id: number, action: string) =>
  count("SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = ?", id, action);

/** Sends requests in groups, so one isolate is not asked for hundreds of password hashes at once. */
async function inGroups<T>(total: number, size: number, send: (index: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < total; start += size) {
    const group = Array.from({ length: Math.min(size, total - start) }, (_, i) => send(start + i));
    answers.push(...(await Promise.all(group)));
  }
  return answers;
}

/** The owner's next authenticator code still signs in, from a client that never failed. */
async function expectCodeSignsIn(email: string, secret: Uint8Array | null) {
  const answer = await login(newClient(), {
    email,
    password: PASSWORD,
    code: codeNow(secret ?? new Uint8Array(), 1),
  });
  expect(answer.status).toBe(200);
}

describe("wrong codes are counted by a write of their own", () => {
  it(
    "counts every one of 100 wrong codes sent at once from 20 addresses, and answers none 5xx",
    SLOW,
    async () => {
      const { email, secret, id } = await member({ app: true });
      const addresses = Array.from({ length: 20 }, () => newClient());
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(addresses[i % 20] ?? "", { email, password: PASSWORD, code: "000000" }),
        ),
      );
      // Counted in D1 whatever happened to each request's audit entry.
      expect(
        await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND succeeded = 0", id),
      ).toBe(100);
      for (const address of addresses) {
        expect(
          await count(
            "SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND client = ?",
            id,
            address,
          ),
        ).toBe(5);
      }
      // The daily ceiling is reached exactly: the right code is refused from any client now.
      expect(
        (await login(newClient(), { email, password: PASSWORD, code: codeNow(secret ?? new Uint8Array()) }))
          .status,
      ).toBe(401);
      expect(await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ?", id)).toBe(100);
      // One warning for the streak, one for the account held; however the requests interleaved.
      expect(await mailOf(id, "second-factor-wrong-code")).toHaveLength(1);
      expect(await mailOf(id, "second-factor-locked-account")).toHaveLength(1);
      expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(401));
    },
  );

  it("counts a code whose request failed after the try", SLOW, async () => {
    const { email, secret, id } = await member({ app: true });
    const client = newClient();
    // Four claims left by requests that died after trying their codes (never settled).
    for (let i = 0; i < 4; i += 1) {
      await env.DB.prepare(
        "INSERT INTO code_attempts (user_id, kind, client, started_at) VALUES (?, 'totp', ?, unixepoch())",
      )
        .bind(id, client)
        .run();
    }
    expect((await login(client, { email, password: PASSWORD, code: "000000" })).status).toBe(401);
    // Five now: the client is held, whatever the audit log holds (one entry).
    expect(await entriesOf(id, "sign-in-code")).toBe(1);
    const held = await login(client, {
      email,
      password: PASSWORD,
      code: codeNow(secret ?? new Uint8Array()),
    });
    expect(held.status).toBe(401);
    expect(await entriesOf(id, "sign-in-locked-out")).toBe(1);
    expect(await mailOf(id, "second-factor-locked-client")).toHaveLength(1);
  });
});

/** A WebAuthn challenge for "Confirm it's you", as the software authenticator sees it. */
async function confirmChallenge(cookie: string) {
  const options = await postJson("/api/auth/passkeys/options", { purpose: "confirm" }, { Cookie: cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

describe("failed passkey checks", () => {
  it(
    "100 passkey confirmations without a challenge are refused, record nothing, and lock nothing",
    SLOW,
    async () => {
      const { email, secret, id } = await member({ app: true });
      const cookie = await signedIn(email, secret);
      const answers = await inGroups(100, 25, (i) =>
        postJson(
          "/api/auth/passkey-confirm",
          i % 2 === 0 ? {} : { response: { id: "made-up", response: { clientDataJSON: "e30" } } },
          { Cookie: cookie, "CF-Connecting-IP": newClient() },
        ),
      );
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([400]));
      expect(await answers[0]?.json()).toMatchObject({ error: NO_PASSKEY_CHALLENGE });
      expect(await entriesOf(id, "reauthenticated")).toBe(0);
      expect(await entriesOf(id, "reauthenticated-passkey")).toBe(0);
      expect(
        await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND succeeded = 0", id),
      ).toBe(0);
      expect(await count("SELECT count(*) AS n FROM confirm_failures WHERE user_id = ?", id)).toBe(0);
      // The owner's authenticator code still signs in.
      await expectCodeSignsIn(email, secret);
    },
  );

  it(
    "failed passkey confirmations count against no code budget; after ten the session ends",
    SLOW,
    async () => {
      const { email, secret, id } = await member({ app: true });
      const cookie = await signedIn(email, secret);
      const stranger = await SoftwareAuthenticator.es256();
      const statuses: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i < 10; i += 1) {
        const response = await stranger.assert(await confirmChallenge(cookie), userHandleOf(id));
        last = await postJson(
          "/api/auth/passkey-confirm",
          { response },
          { Cookie: cookie, "CF-Connecting-IP": newClient() },
        );
        statuses.push(last.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      expect(await last?.json()).toEqual({ error: SIGNED_OUT_AFTER_WRONG_PASSWORDS });
      expect(await entriesOf(id, "reauthenticated-passkey")).toBe(10);
      expect(await entriesOf(id, "reauthenticated")).toBe(0);
      expect(await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ?", id)).toBe(1);
      expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
      await expectCodeSignsIn(email, secret);
    },
  );

  it("refuses a passkey sign-in without a live challenge before anything is recorded", SLOW, async () => {
    const { email, id } = await member();
    const cookie = await signedIn(email, null);
    const key = await SoftwareAuthenticator.es256();
    const register = await postJson(
      "/api/auth/passkeys/options",
      { purpose: "register" },
      { Cookie: cookie },
    );
    const { challenge } = await register.json<{ challenge: string }>();
    const added = await postJson(
      "/api/auth/passkeys",
      {
        name: "Laptop",
        response: await key.register({
          challenge: decodeBase64urlIgnorePadding(challenge),
          origin: ORIGIN,
          rpId: "localhost",
        }),
      },
      { Cookie: cookie },
    );
    expect(added.status).toBe(201);
    const madeUp = {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      origin: ORIGIN,
      rpId: "localhost",
    };
    for (const body of [{}, { response: await key.assert(madeUp, userHandleOf(id)) }]) {
      const refused = await postJson("/api/auth/passkey-sign-in", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: NO_PASSKEY_CHALLENGE });
    }
    expect(await entriesOf(id, "sign-in-passkey")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ?", id)).toBe(0);
  });
});

describe("wrong passwords hold the client that sent them, not the account", () => {
  /** Wrong passwords from addresses of one IPv6 /64, 30 at a time: none answered 5xx. */
  async function guessFromOneSubnet(email: string, subnet: number, guesses = 150) {
    const answers = await inGroups(guesses, 30, (i) =>
      login(inSubnet(subnet, i + 1), { email, password: `wrong ${i}` }),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    // 429 once the per-address rate limit groups the /64 too; never anything else.
    expect([...statuses].every((status) => status === 401 || status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 401);
    expect(await refused?.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
  }

  it(
    "150 wrong passwords from one client; the owner's right one from another signs in; one email",
    SLOW,
    async () => {
      const { email, id } = await member();
      await guessFromOneSubnet(email, 1);
      // Ten counted, the rest held (or rate limited) before any password check.
      expect(
        await count(
          "SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ? AND client = ?",
          id,
          "2001:db8:31:1::/64",
        ),
      ).toBe(10);
      const owner = await login(newClient(), { email, password: PASSWORD });
      expect(owner.status).toBe(200);
      const mail = await mailOf(id, "password-held");
      expect(mail).toHaveLength(1);
      const recording = recordingEnv();
      await deliver(recording.env, mail);
      expect(recording.sent.map((sent) => [String(sent.to), sent.subject])).toEqual([
        [email, "Wrong passwords for your FACETS account"],
      ]);
      expect(String(recording.sent[0]?.text)).toContain("10 times within 15 minutes from one address");
    },
  );

  it("holds an administrator's stranger the same way, and lets the administrator in", SLOW, async () => {
    const { email, secret, id } = await member({ admin: true });
    await guessFromOneSubnet(email, 2, 30);
    const admin = await login(newClient(), {
      email,
      password: PASSWORD,
      code: codeNow(secret ?? new Uint8Array()),
    });
    expect(admin.status).toBe(200);
    expect(await mailOf(id, "password-held")).toHaveLength(1);
  });

  it("answers a held client's right password like a wrong one, without checking it", SLOW, async () => {
    const { email, id } = await member();
    const client = newClient();
    for (let i = 0; i < 10; i += 1) {
      await env.DB.prepare("INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')")
        .bind(id, client)
        .run();
    }
    const held = await login(client, { email, password: PASSWORD });
    expect(held.status).toBe(401);
    expect(await held.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
    expect(await entriesOf(id, "sign-in-held")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ?", id)).toBe(10);
    // Told once, at the refusal, as the request that held the client died before it could tell.
    expect(await mailOf(id, "password-held")).toHaveLength(1);
    expect((await login(client, { email, password: PASSWORD })).status).toBe(401);
    expect(await mailOf(id, "password-held")).toHaveLength(1);
  });

  it("past the account's ceiling, holds every client that failed and none that did not", SLOW, async () => {
    const { email, id } = await member();
    for (let i = 0; i < 100; i += 1) {
      await env.DB.prepare("INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')")
        .bind(id, `198.51.100.${i}`)
        .run();
    }
    // A client that failed once in the hour is held, even with the right password…
    expect((await login("198.51.100.7", { email, password: PASSWORD })).status).toBe(401);
    // …a client that has not failed signs in.
    expect((await login(newClient(), { email, password: PASSWORD })).status).toBe(200);
  });
});

describe("Confirm it's you counts wrong passwords per account", () => {
  it(
    "ends the session at the tenth, and a new session has no new budget until a right password",
    SLOW,
    async () => {
      const { email, id } = await member();
      const cookie = await signedIn(email, null);
      const confirm = (session: string, password: string) =>
        postJson(
          "/api/auth/reauthenticate",
          { password },
          { Cookie: session, "CF-Connecting-IP": newClient() },
        );
      for (let i = 0; i < 9; i += 1) {
        const wrong = await confirm(cookie, `wrong ${i}`);
        expect(wrong.status).toBe(401);
        expect(await wrong.json()).toEqual({ error: WRONG_CONFIRMATION });
      }
      const tenth = await confirm(cookie, "wrong 10");
      expect(tenth.status).toBe(401);
      expect(await tenth.json()).toEqual({ error: SIGNED_OUT_AFTER_WRONG_PASSWORDS });
      expect(tenth.headers.get("Set-Cookie")).toMatch(/^session=; .*Max-Age=0/);
      expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
      expect(await entriesOf(id, "signed-out-after-wrong-passwords")).toBe(1);

      // A new session: one more wrong password, at an account form this time, ends it at once.
      const second = await signedIn(email, null);
      const changed = await postJson(
        "/api/account/password",
        { currentPassword: "still wrong", password: "a brand new passphrase" },
        { Cookie: second, "CF-Connecting-IP": newClient() },
      );
      expect(changed.status).toBe(401);
      expect(await changed.json()).toEqual({ error: SIGNED_OUT_AFTER_WRONG_PASSWORDS });
      expect((await fetchWorker("/api/auth/me", { headers: { Cookie: second } })).status).toBe(401);

      // The right password starts the count again.
      const third = await signedIn(email, null);
      const confirmed = await confirm(third, PASSWORD);
      expect(confirmed.status).toBe(200);
      const after = await confirm(sessionCookieOf(confirmed), "wrong again");
      expect(await after.json()).toEqual({ error: WRONG_CONFIRMATION });
    },
  );

  it(
    "checks no more than ten of 39 wrong passwords sent at once with one cookie, and answers the right one after them like the wrong ones past the limit",
    SLOW,
    async () => {
      const { email, id } = await member();
      const cookie = await signedIn(email, null);
      const send = (password: string) =>
        postJson(
          "/api/auth/reauthenticate",
          { password },
          { Cookie: cookie, "CF-Connecting-IP": newClient() },
        ).then(async (response) => ({ status: response.status, body: await response.json() }));
      // A stolen cookie, 39 addresses, 39 wrong passwords at once; then the right one. (Sent with them, the
      // right one would be checked or not by the order workerd takes them in: the test would depend on it.)
      const wrong = await Promise.all(Array.from({ length: 39 }, (_, i) => send(`wrong ${i}`)));
      const right = await send(PASSWORD);
      const answers = [...wrong, right];
      // Each password checked leaves its own entry; the others were refused unchecked.
      expect(await entriesOf(id, "reauthenticated-password")).toBeLessThanOrEqual(10);
      expect(await entriesOf(id, "reauthenticated")).toBe(0);
      expect(await entriesOf(id, "confirmation-not-checked")).toBeGreaterThanOrEqual(29);
      // Past the limit the wrong ones were answered "signed out" unchecked; the session is gone, so the right
      // one that follows is refused without a check, and tells the attacker nothing.
      expect(
        wrong.filter(
          (answer) => (answer.body as { error?: string }).error === SIGNED_OUT_AFTER_WRONG_PASSWORDS,
        ).length,
      ).toBeGreaterThanOrEqual(29);
      expect(right.status).toBe(401);
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([401]));
      expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
      // The owner, signed in again, still confirms with the right password: a session's first is checked.
      const again = await signedIn(email, null);
      const confirmed = await postJson(
        "/api/auth/reauthenticate",
        { password: PASSWORD },
        { Cookie: again, "CF-Connecting-IP": newClient() },
      );
      expect(confirmed.status).toBe(200);
      expect(await count("SELECT count(*) AS n FROM confirm_failures WHERE user_id = ?", id)).toBe(0);
    },
  );

  it("refuses a session's later passwords past the limit unchecked, the right one too", SLOW, async () => {
    const { email, id } = await member();
    const cookie = await signedIn(email, null);
    await env.DB.prepare("INSERT INTO confirm_failures (user_id, failures) VALUES (?, 12)").bind(id).run();
    await env.DB.prepare("UPDATE sessions SET confirm_claims = 1 WHERE user_id = ?").bind(id).run();
    const answer = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD },
      { Cookie: cookie, "CF-Connecting-IP": newClient() },
    );
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: SIGNED_OUT_AFTER_WRONG_PASSWORDS });
    expect(await entriesOf(id, "confirmation-not-checked")).toBe(1);
    expect(await entriesOf(id, "reauthenticated")).toBe(0);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("sends the page form to the sign-in, saying why", SLOW, async () => {
    const { email, id } = await member();
    const cookie = await signedIn(email, null);
    await env.DB.prepare("INSERT INTO confirm_failures (user_id, failures) VALUES (?, 9)").bind(id).run();
    const posted = await postForm(
      "/account",
      { intent: "password", currentPassword: "wrong", password: "a brand new passphrase" },
      cookie,
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/login?next=/account");
    expect(posted.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^session=; /));
    expect(decodeURIComponent(flashCookieOf(posted))).toContain(SIGNED_OUT_AFTER_WRONG_PASSWORDS);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });
});
