import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import { call, memberWithTwoSessions } from "./support-my-account";

// My account over the JSON API: the sessions, each read from D1, and a session that is ended refused at
// every privileged door at once.

interface ListedSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  country: string | null;
  current: boolean;
}

describe("sessions", () => {
  it("lists the person's sessions by opaque id, marks the current one, and never shows a token", async () => {
    const { first, second } = await memberWithTwoSessions();
    const response = await call("/api/account/sessions", first);
    expect(response.status).toBe(200);
    const text = await response.text();
    const listed = JSON.parse(text) as ListedSession[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed.map((session) => session.userAgent).sort()).toEqual([
      expect.stringContaining("Android"),
      expect.stringContaining("Firefox"),
    ]);
    for (const session of listed) expect(session.id).toMatch(/^[a-z2-7]{24}$/);
    const tokens = [first, second].map((cookie) => cookie.split("=")[1] ?? "");
    const hashes = await env.DB.prepare("SELECT token_hash FROM sessions").all<{ token_hash: string }>();
    for (const secret of [...tokens, ...hashes.results.map((row) => row.token_hash)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("never shows a session last seen before it started", async () => {
    const { first } = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const current = listed.find((session) => session.current);
    const other = listed.find((session) => !session.current);
    // The other session was last seen when it signed in: the same second as its start (a last seen
    // rounded down to the hour read "Started 2:20 PM · last seen 2:00 PM"). The one asking is seen now.
    expect(other?.lastSeenAt).toBe(other?.createdAt);
    expect(Date.parse(current?.lastSeenAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(current?.createdAt ?? ""),
    );
    expect(Math.abs(Date.parse(current?.lastSeenAt ?? "") - Date.now())).toBeLessThan(60_000);

    // A session stored before the fix (its D1 start a second after its KV record's) still reads in order.
    await env.DB.prepare("UPDATE sessions SET created_at = created_at + 5 WHERE id = ?")
      .bind(other?.id)
      .run();
    const again = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const shifted = again.find((session) => session.id === other?.id);
    expect(shifted?.lastSeenAt).toBe(shifted?.createdAt);
    expect(Date.parse(shifted?.createdAt ?? "")).toBe(Date.parse(other?.createdAt ?? "") + 5000);
  });

  it("signs out another session, which every privileged door then refuses at once", async () => {
    const { first, second } = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    const other = listed.find((session) => !session.current);
    expect((await call(`/api/account/sessions/${other?.id}`, first, { method: "DELETE" })).status).toBe(204);
    // Even were KV still to hold the ended session somewhere, D1 no longer does.
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await call("/api/auth/me", second)).status).toBe(401);
    expect((await call("/api/account/sessions", second)).status).toBe(401);
    expect((await call("/api/account", first)).status).toBe(200);
  });

  it("is refused by D1 even while a lagging KV location still holds the ended session", async () => {
    const { first, second } = await memberWithTwoSessions();
    const token = second.split("=")[1] ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const key = `session:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
    const record = await env.SESSIONS.get(key);
    expect(record).not.toBeNull();
    expect((await call("/api/account/sessions", first, { method: "DELETE" })).status).toBe(204);
    // KV is eventually consistent: another location may still serve the record for up to a minute.
    await env.SESSIONS.put(key, record ?? "");
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await call("/api/auth/me", second)).status).toBe(401);
    expect((await call("/api/account/activity", second)).status).toBe(401);
    expect((await call("/api/account", second, { method: "PATCH", body: { company: "Late" } })).status).toBe(
      401,
    );
  });

  it("answers 404 for a session that is not the caller's", async () => {
    const mine = await memberWithTwoSessions();
    const theirs = await memberWithTwoSessions();
    const listed = (await (await call("/api/account/sessions", theirs.first)).json()) as ListedSession[];
    const response = await call(`/api/account/sessions/${listed[0]?.id}`, mine.first, { method: "DELETE" });
    expect(response.status).toBe(404);
    expect((await call("/api/account", theirs.first)).status).toBe(200);
    expect((await call("/api/account/sessions/not-an-id", mine.first, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("signs out every other session and keeps the current one", async () => {
    const { first, second } = await memberWithTwoSessions();
    expect((await call("/api/account/sessions", first, { method: "DELETE" })).status).toBe(204);
    expect((await call("/api/account", second)).status).toBe(401);
    const listed = (await (await call("/api/account/sessions", first)).json()) as ListedSession[];
    expect(listed.map((session) => session.current)).toEqual([true]);
  });

  it("refuses a cross-site request to end sessions", async () => {
    const { first, second } = await memberWithTwoSessions();
    const response = await fetchWorker("/api/account/sessions", {
      method: "DELETE",
      headers: { Cookie: first, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await call("/api/account", second)).status).toBe(200);
  });
});
