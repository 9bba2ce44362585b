import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import {
  approve,
  PASSWORD,
  postJson,
  registerViaApi,
  signedInCookie,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";

const FAILED = { error: "Invalid credentials or account not approved" };

/** The sha256 of a session cookie's token: its key in KV and its row's hash in D1. */
const tokenDigest = (cookie: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(decodeURIComponent(cookie.slice("session=".length)))));

describe("registration", () => {
  it("creates a pending, active account and signs nobody in", async () => {
    const email = uniqueEmail("Pending");
    const response = await registerViaApi(email);
    expect(response.status).toBe(201);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const row = await env.DB.prepare(
      "SELECT email, is_approved, is_active, password, user_type_id FROM users WHERE email = ?",
    )
      .bind(email.toLowerCase())
      .first<{
        email: string;
        is_approved: number;
        is_active: number;
        password: string;
        user_type_id: number;
      }>();
    expect(row).toMatchObject({ email: email.toLowerCase(), is_approved: 0, is_active: 1, user_type_id: 2 });
    expect(row?.password).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(row?.password).not.toContain(PASSWORD);
  });

  it("answers an address already registered, whatever its case, exactly as a new one, and emails its owner instead", async () => {
    const email = uniqueEmail("taken");
    const first = await registerViaApi(email);
    const again = await registerViaApi(email.toUpperCase(), {
      firstName: "Mallory",
      password: "another password",
    });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get("Set-Cookie")).toBeNull();
    const rows = await env.DB.prepare("SELECT first_name FROM users WHERE email = ?")
      .bind(email.toLowerCase())
      .all<{ first_name: string }>();
    expect(rows.results).toEqual([{ first_name: "Ada" }]);
    const mail = await env.DB.prepare(
      "SELECT type FROM mail_events WHERE subject_id = (SELECT id FROM users WHERE email = ?) ORDER BY created_at, rowid",
    )
      .bind(email.toLowerCase())
      .all<{ type: string }>();
    expect(mail.results.map((row) => row.type)).toEqual(["registration-received", "registration-attempted"]);
  });

  it("answers 400 with field errors for invalid input and stores nothing", async () => {
    const email = uniqueEmail("bad");
    const response = await registerViaApi(email, {
      firstName: "x".repeat(101),
      userTypeId: 1,
      password: "short",
    });
    expect(response.status).toBe(400);
    const body = await response.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["firstName", "password", "userTypeId"]);
    const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first();
    expect(row).toBeNull();
  });

  it("pretends success to a bot that fills the honeypot, storing nothing", async () => {
    const email = uniqueEmail("bot");
    const response = await registerViaApi(email, { website: "https://spam.example" });
    expect(response.status).toBe(201);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });
});

describe("login", () => {
  it("refuses a pending account with the one failure message", async () => {
    const email = uniqueEmail("wait");
    await registerViaApi(email);
    const response = await postJson("/api/login", { email, password: PASSWORD });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(FAILED);
  });

  it("gives wrong password and unknown email the same answer", async () => {
    const email = uniqueEmail("known");
    await registerViaApi(email);
    await approve(email);
    const wrong = await postJson("/api/login", { email, password: "not the password" });
    const unknown = await postJson("/api/login", { email: uniqueEmail("nobody"), password: PASSWORD });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("signs in an approved account with a hardened session cookie", async () => {
    const email = uniqueEmail("ok");
    await registerViaApi(email);
    await approve(email);
    const response = await fetchWorker("https://facets.example/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://facets.example" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const body = await response.json<{ user: Record<string, unknown> }>();
    expect(Object.keys(body.user).sort()).toEqual([
      "company",
      "email",
      "firstName",
      "id",
      "lastName",
      "phone",
      "userTypeId",
    ]);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Host-session=[a-z2-7]{52};/);
    for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", "Max-Age=864000"]) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).not.toContain("Domain");
  });

  it("keeps only the hash of the session token in KV", async () => {
    const { cookie } = await signedInCookie();
    const token = cookie.split("=")[1] ?? "";
    const keys = (await env.SESSIONS.list({ prefix: "session:" })).keys.map((key) => key.name);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(token))).toBe(false);
    expect(keys.every((key) => /^session:[0-9a-f]{64}$/.test(key))).toBe(true);
  });

  it("answers 429 with Retry-After after too many attempts from one address", async () => {
    const headers = { "CF-Connecting-IP": "198.51.100.77" };
    const statuses: number[] = [];
    // Up to 22 tries: the limiter's minute may turn over once during the run, which restarts its count.
    for (let i = 0; i < 22 && !statuses.includes(429); i++) {
      const response = await postJson("/api/login", { email: "nobody@example.com", password: "x" }, headers);
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get("Retry-After")).toBe("60");
    }
    expect(statuses.at(-1)).toBe(429);
    const before = statuses.slice(0, -1);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.every((status) => status === 401)).toBe(true);
  });

  // Decision 131 replaces the account-wide lock (decision 005): failures hold the client that made them.
  it("holds a client after 10 failures in 15 minutes, until the window passes; other clients sign in", async () => {
    const email = uniqueEmail("locked");
    await registerViaApi(email);
    await approve(email);
    const id = await userIdOf(email);
    const client = "198.18.0.1";
    for (let i = 0; i < 10; i += 1) {
      await env.DB.prepare("INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')")
        .bind(id, client)
        .run();
    }
    const held = await postJson("/api/login", { email, password: PASSWORD }, { "CF-Connecting-IP": client });
    expect(held.status).toBe(401);
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(200);
    await env.DB.prepare("UPDATE sign_in_failures SET at = unixepoch() - 901 WHERE user_id = ?")
      .bind(id)
      .run();
    const released = await postJson(
      "/api/login",
      { email, password: PASSWORD },
      { "CF-Connecting-IP": client },
    );
    expect(released.status).toBe(200);
  });

  it("counts failed logins per account and client in D1", async () => {
    const email = uniqueEmail("counted");
    await registerViaApi(email);
    const client = "198.18.0.2";
    await postJson("/api/login", { email, password: "wrong-1" }, { "CF-Connecting-IP": client });
    await postJson("/api/login", { email, password: "wrong-2" }, { "CF-Connecting-IP": client });
    const row = await env.DB.prepare(
      "SELECT count(*) AS failures FROM sign_in_failures JOIN users ON users.id = sign_in_failures.user_id WHERE email = ? AND client = ?",
    )
      .bind(email, client)
      .first<{ failures: number }>();
    expect(row?.failures).toBe(2);
  });
});

describe("session and logout", () => {
  it("reports the signed-in user and 401 for visitors", async () => {
    const { cookie, email } = await signedInCookie();
    const me = await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await me.json<{ user: { email: string } }>()).user.email).toBe(email);
    expect((await fetchWorker("/api/auth/me")).status).toBe(401);
  });

  it("logout deletes the session: replaying the old cookie is not signed in", async () => {
    const { cookie } = await signedInCookie();
    const logout = await fetchWorker("/api/auth/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("a stale copy of a token the session has replaced ends nothing", async () => {
    const { cookie, email } = await signedInCookie();
    const oldKey = `session:${tokenDigest(cookie)}`;
    const record = await env.SESSIONS.get(oldKey);
    const confirmed = await postJson("/api/auth/reauthenticate", { password: PASSWORD }, { Cookie: cookie });
    expect(confirmed.status).toBe(200);
    const renewed = (confirmed.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(renewed).not.toBe(cookie);
    const signOuts = () =>
      env.DB.prepare(
        "SELECT count(*) AS n FROM account_events e JOIN users u ON u.id = e.subject_id WHERE u.email = ? AND e.action = 'sign-out'",
      )
        .bind(email.toLowerCase())
        .first<{ n: number }>();
    // KV elsewhere may still answer for the old token for a minute: its sign-out must not end the session.
    for (const logOut of [
      () => fetchWorker("/api/auth/logout", { method: "POST", headers: { Cookie: cookie } }),
      () =>
        fetchWorker("/logout", {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        }),
    ]) {
      await env.SESSIONS.put(oldKey, record ?? "");
      const answer = await logOut();
      expect(answer.headers.get("Set-Cookie")).toContain("Max-Age=0");
      expect((await fetchWorker("/api/auth/me", { headers: { Cookie: renewed } })).status).toBe(200);
    }
    expect((await signOuts())?.n).toBe(0);

    await fetchWorker("/api/auth/logout", { method: "POST", headers: { Cookie: renewed } });
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: renewed } })).status).toBe(401);
    expect((await signOuts())?.n).toBe(1);
  });

  it("stops honouring a session once the account is deactivated (read from D1)", async () => {
    const { cookie, email } = await signedInCookie();
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE email = ?").bind(email).run();
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe("request guards", () => {
  it("answers 403 to a cross-origin POST", async () => {
    const response = await postJson(
      "/api/login",
      { email: "a@b.co", password: "x" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toHaveProperty("error");
  });

  it("answers 415, 400 and 413 for a wrong type, malformed JSON and an oversized body", async () => {
    const post = (body: string, type: string) =>
      fetchWorker("/api/register", { method: "POST", headers: { "Content-Type": type }, body });
    const wrongType = await post("email=a", "application/x-www-form-urlencoded");
    const malformed = await post("{not json", "application/json");
    const oversized = await post(JSON.stringify({ message: "x".repeat(20_000) }), "application/json");
    expect([wrongType.status, malformed.status, oversized.status]).toEqual([415, 400, 413]);
    for (const response of [wrongType, malformed, oversized]) {
      expect(response.headers.get("Content-Type")).toContain("application/json");
    }
  });

  it("lists the user types", async () => {
    const response = await fetchWorker("/api/user-types");
    const types = await response.json<{ id: number; name: string }[]>();
    expect(types[0]).toEqual({ id: 1, name: "admin" });
    expect(types).toHaveLength(9);
  });
});
