import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recoveryCodeHash, recoveryCodeKey } from "../../app/server/second-factors/recovery-codes";
import { textOf } from "./support";
import { codeNow, PASSWORD, postJson } from "./support-accounts";
import {
  entries,
  login,
  mailOf,
  member,
  newClient,
  passwordStep,
  secondStep,
  sentFor,
} from "./support-code-lockout";

// Wrong second-factor codes are limited per account and client
// address (a stranger with the password cannot lock the owner out) under a daily ceiling, recovery codes
// apart; the owner is emailed. Recovery codes themselves are in recovery-codes.test.ts, the form's second
// step in sign-in-second-step.test.ts.

describe("wrong codes, per account and client address", () => {
  it("holds the stranger's client after five, while the owner signs in from another, and emails the owner", async () => {
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

  it("stops a guesser spread over many addresses at 100 wrong codes a day, until the password changes", async () => {
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

  it("keeps recovery codes on a budget of their own", async () => {
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

  it("tries no more than five of twelve wrong codes sent at once from one client", async () => {
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

  it("tries no more than the account's daily ceiling allows of codes sent at once from many clients", async () => {
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

  it("does not count a wrong password in Confirm it's you as a wrong code", async () => {
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
