import { env } from "cloudflare:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import { PASSWORD, postJson, sessionCookieOf, signedInCookie, userIdOf } from "./support-accounts";
import { confirmOn, interruptedDeactivation, me, stale } from "./support-confirm-its-you";

// "Confirm it's you" gives the session a new token, on the page and over the API: the old token stops
// working, and D1 and KV agree on the new one.

const digest = (cookie: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(decodeURIComponent(cookie.slice("session=".length)))));

describe("a confirmation gives the session a new token", () => {
  it("on the page: the old token stops working, the new one works, and D1 and KV agree", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const adminId = await userIdOf(admin.email);
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
    expect(renewed).not.toBe(admin.cookie);

    expect((await me(admin.cookie)).status).toBe(401);
    expect(
      (await fetchWorker("/admin", { headers: { Cookie: admin.cookie }, redirect: "manual" })).status,
    ).toBe(302);
    expect((await me(renewed)).status).toBe(200);
    expect((await fetchWorker("/admin", { headers: { Cookie: renewed } })).status).toBe(200);

    const { results } = await env.DB.prepare(
      "SELECT token_hash, authenticated_at FROM sessions WHERE user_id = ?",
    )
      .bind(adminId)
      .all<{ token_hash: string; authenticated_at: number }>();
    expect(results.map((row) => row.token_hash)).toEqual([digest(renewed)]);
    expect(Date.now() / 1000 - (results[0]?.authenticated_at ?? 0)).toBeLessThan(60);
    expect(await env.SESSIONS.get(`session:${digest(renewed)}`)).not.toBeNull();
    expect(await env.SESSIONS.get(`session:${digest(admin.cookie)}`)).toBeNull();
    const index = await env.SESSIONS.list({ prefix: `user-session:${adminId}:` });
    expect(index.keys.map((key) => key.name)).toEqual([`user-session:${adminId}:${digest(renewed)}`]);
  });

  it("over the API (POST /api/auth/reauthenticate)", async () => {
    const member = await signedInCookie();
    const answer = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD },
      { Cookie: member.cookie },
    );
    expect(answer.status).toBe(200);
    const renewed = sessionCookieOf(answer);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
    expect(renewed).not.toBe(member.cookie);
    expect((await fetchWorker("/api/account", { headers: { Cookie: member.cookie } })).status).toBe(401);
    expect((await fetchWorker("/api/account", { headers: { Cookie: renewed } })).status).toBe(200);
  });
});
