import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recoveryCodeHash, recoveryCodeKey } from "../../app/server/second-factors/recovery-codes";
import { textOf } from "./support";
import { codeNow, enrolAuthenticator, PASSWORD, postForm, postJson, userIdOf } from "./support-accounts";
import { account, events } from "./support-second-factors";

// Signing in with an authenticator app: the second step of a sign-in over the API and the form, each code
// taken once, recovery codes, the lockout of a client after wrong codes, and a stored secret that no longer
// decrypts answered like a wrong code.

const login = (body: Record<string, unknown>) => postJson("/api/login", body);

describe("signing in with an authenticator app", () => {
  it("asks for a code after a correct password, takes each code once, and refuses wrong ones alike", async () => {
    const email = await account();
    const secret = await enrolAuthenticator(email);

    const noCode = await login({ email, password: PASSWORD });
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toMatchObject({ secondFactor: "required" });
    expect(noCode.headers.get("Set-Cookie")).toBeNull();

    const wrongPassword = await login({ email, password: "not the password", code: codeNow(secret) });
    const wrongCode = await login({ email, password: PASSWORD, code: codeNow(secret, 5) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.json()).toEqual(await wrongPassword.json());

    const code = codeNow(secret);
    const signedIn = await login({ email, password: PASSWORD, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/session=/);
    const replayed = await login({ email, password: PASSWORD, code });
    expect(replayed.status).toBe(401);
    // An earlier step than the one used is refused too: codes only move forward.
    expect((await login({ email, password: PASSWORD, code: codeNow(secret, -1) })).status).toBe(401);

    const id = await userIdOf(email);
    expect((await events(id, "sign-in-code")).map((entry) => entry.outcome)).toEqual([
      "failure",
      "success",
      "failure",
      "failure",
    ]);
  });

  it("refuses every code from a client for 15 minutes after five wrong ones, with the same answer", async () => {
    const email = await account();
    const secret = await enrolAuthenticator(email);
    const client = { "CF-Connecting-IP": "198.51.100.23" };
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await postJson("/api/login", { email, password: PASSWORD, code: "000000" }, client)).status,
      ).toBe(401);
    }
    const locked = await postJson("/api/login", { email, password: PASSWORD, code: codeNow(secret) }, client);
    expect(locked.status).toBe(401);
    expect((await locked.json()) as object).not.toHaveProperty("secondFactor");
    expect(await events(await userIdOf(email), "sign-in-locked-out")).toHaveLength(1);
  });

  it("takes a recovery code once, and emails its owner", async () => {
    const email = await account();
    await enrolAuthenticator(email);
    const id = await userIdOf(email);
    await env.DB.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")
      .bind(id, recoveryCodeHash(recoveryCodeKey(env.RECOVERY_CODE_KEY) ?? new Uint8Array(), "abcdeabcde"))
      .run();
    const first = await login({ email, password: PASSWORD, code: "ABCDE-abcde" });
    expect(first.status).toBe(200);
    expect((await login({ email, password: PASSWORD, code: "abcde-abcde" })).status).toBe(401);
    const mail = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_events WHERE type = 'recovery-code-used' AND subject_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);
    expect((await events(id, "sign-in-recovery-code")).map((entry) => entry.outcome)).toEqual([
      "success",
      "failure",
    ]);
  });

  it("runs the second step in the form, without JavaScript", async () => {
    const email = await account({ admin: true });
    const secret = await enrolAuthenticator(email);
    const step = await postForm("/login", { intent: "login", email, password: PASSWORD });
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(textOf(html)).toContain("The code from your authenticator app or a recovery code");
    const ticket = /name="ticket" value="([a-z2-7]+)"/.exec(html)?.[1] ?? "";
    expect(ticket).toHaveLength(52);
    // The browser sends back the cookie the password step set with the ticket.
    const cookie = step.headers.get("Set-Cookie")?.split(";")[0] ?? "";

    const wrong = await postForm("/login", { intent: "second-factor", ticket, code: "123456" }, cookie);
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("Invalid credentials or account not approved");

    const right = await postForm(
      "/login",
      { intent: "second-factor", ticket, code: codeNow(secret) },
      cookie,
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin");
    expect(right.headers.get("Set-Cookie")).toMatch(/session=/);
    // The ticket is spent.
    const again = await postForm(
      "/login",
      { intent: "second-factor", ticket, code: codeNow(secret, 1) },
      cookie,
    );
    expect(again.status).toBe(401);
  });
});

describe("a secret that no longer decrypts", () => {
  it("answers like a wrong code, never a 5xx", async () => {
    const email = await account();
    const id = await userIdOf(email);
    await env.DB.prepare(
      "INSERT INTO totp_credentials (user_id, secret_ciphertext, confirmed_at) VALUES (?, 'bm90IG91cnM=', unixepoch())",
    )
      .bind(id)
      .run();
    const answer = await login({ email, password: PASSWORD, code: "123456" });
    expect(answer.status).toBe(401);
    expect(await events(id, "sign-in-code")).toEqual([
      { action: "sign-in-code", outcome: "failure", actor_id: id },
    ]);
  });
});
