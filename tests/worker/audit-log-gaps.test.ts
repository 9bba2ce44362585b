import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditEntry, withEventChain } from "../../app/server/audit/account-events.server";
import {
  auditKeyOf,
  type ChainHead,
  type EntryRow,
  HEAD_KV_KEY,
  parseHead,
  signedHead,
} from "../../app/server/audit/audit-chain";
import { sealAuditLog } from "../../app/server/audit/audit-sealer.server";
import { headProblem, verifyChain } from "../../app/server/audit/chain-verification";
import { getDb } from "../../app/server/db.server";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { users } from "../../db/schema";
import { fetchWorker } from "./support";
import { freshIp, postJson, registerViaApi, signedInCookie, uniqueEmail } from "./support-accounts";
import { KEY, keptHead, newestEntry, sealed, storedEntries, verifyStored } from "./support-audit";

// No gap in the audit log, whatever the race (decision 095), and the signed head kept in KV, which stays on
// an entry cut off D1 so the cut is still found. Each check calls verifyChain, the function `npm run
// audit:verify` runs (tests/e2e/audit-verify runs the script).

function jsonCall(path: string, cookie: string, body: unknown) {
  return fetchWorker(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
    body: JSON.stringify(body),
  });
}

describe("no gap, whatever the race", () => {
  it("keeps one chain when the same authenticator app is confirmed twice at once", async () => {
    const { email, cookie } = await signedInCookie();
    const started = await jsonCall("/api/auth/totp", cookie, {});
    expect(started.status).toBe(201);
    const { secret } = (await started.json()) as { secret: string };
    const code = totpCodeAt(decodeBase32IgnorePadding(secret), Math.floor(Date.now() / 30_000));
    const answers = await Promise.all([
      jsonCall("/api/auth/totp/confirm", cookie, { code }),
      jsonCall("/api/auth/totp/confirm", cookie, { code }),
    ]);
    expect(answers.map((answer) => answer.status)).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const { results } = await env.DB.prepare(
      "SELECT e.action FROM account_events e JOIN users u ON u.id = e.subject_id WHERE u.email = ? AND e.action = 'totp-enabled'",
    )
      .bind(email)
      .all();
    expect(results).toHaveLength(1);
    expect(await verifyStored()).toMatchObject({ ok: true });
  });

  it("writes no entry after one that was not written, when two batches run at once", async () => {
    // Two writers each run a conditional change with its `ifChanged` entry and one more entry, as confirming
    // an authenticator app does (totp-enabled, recovery-codes-generated). The loser's change matches
    // nothing, so its first entry is not written; its second is, and the sealer chains both batches.
    const email = uniqueEmail("race");
    await registerViaApi(email);
    const db = getDb(env);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error("no user");
    const caller = {
      session: null,
      origin: "http://localhost",
      address: "192.0.2.7",
      userAgent: "race",
      country: null,
      requestId: null,
    };
    const event = (action: "profile-changed" | "recovery-codes-generated") =>
      auditEntry({ id: user.id, email }, action, "success");
    const write = () =>
      withEventChain(db, async (chain) =>
        db.batch([
          db
            .update(users)
            .set({ firstName: "Raced" })
            .where(and(eq(users.id, user.id), ne(users.firstName, "Raced")))
            .returning({ id: users.id }),
          chain.append(caller, event("profile-changed"), { ifChanged: true }),
          chain.append(caller, event("recovery-codes-generated")),
        ]),
      );
    const [first, second] = await Promise.all([write(), write()]);
    expect([first[0].length, second[0].length].sort()).toEqual([0, 1]);
    const { results } = await env.DB.prepare(
      "SELECT action FROM account_events WHERE subject_id = ? AND request_id IS NULL AND user_agent = 'race' ORDER BY id",
    )
      .bind(user.id)
      .all<{ action: string }>();
    expect(results.map((row) => row.action).sort()).toEqual([
      "profile-changed",
      "recovery-codes-generated",
      "recovery-codes-generated",
    ]);
    expect(await verifyStored()).toMatchObject({ ok: true });
  });
});

describe("the head kept outside D1", () => {
  it("follows every seal, and stays on an entry cut off D1 so the cut is still found", async () => {
    const { email } = await signedInCookie();
    await sealed();
    const before = await newestEntry();
    // The newest two entries cut off by hand; then the Worker writes one more (a wrong password).
    const { results: saved } = await env.DB.prepare(
      "SELECT * FROM account_events ORDER BY id DESC LIMIT 2",
    ).all<EntryRow>();
    await env.DB.prepare("DELETE FROM account_events WHERE id > ?")
      .bind(before.id - 2)
      .run();
    const errors = vi.spyOn(console, "error");
    try {
      expect((await postJson("/api/login", { email, password: "not the password" })).status).toBe(401);
      await vi.waitFor(
        () => expect(errors.mock.calls.flat().join(" ")).toContain(`D1 no longer holds entry ${before.id}`),
        { timeout: 120_000 },
      );
      expect(await keptHead()).toEqual(before);
      // D1 never gives a removed id again: the new entry comes after the gap, which is named.
      const verdict = verifyChain(await storedEntries(), { keys: [KEY], head: await keptHead() });
      expect(verdict).toMatchObject({ ok: false, brokenAt: before.id - 1 });
    } finally {
      errors.mockRestore();
      // Put the log back as it was, the new entry sealed again after them, for the tests after this one.
      for (const row of saved) {
        const columns = Object.keys(row);
        await env.DB.prepare(
          `INSERT INTO account_events (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        )
          .bind(...Object.values(row))
          .run();
      }
      await env.DB.prepare(
        "UPDATE account_events SET hash = NULL, prev_hash = NULL, key_id = NULL WHERE id > ?",
      )
        .bind(before.id)
        .run();
      await sealAuditLog(getDb(env), env.SESSIONS);
    }
    expect(await verifyStored()).toMatchObject({ ok: true });
  });

  it("is signed: a head written without the key is not trusted", async () => {
    await signedInCookie();
    await sealed();
    const head = parseHead(await env.SESSIONS.get(HEAD_KV_KEY));
    if (!head) throw new Error("no head");
    expect(headProblem(head, [KEY])).toBeNull();
    // Moved back by hand to an older entry, as someone cutting the tail off D1 and KV would.
    const older = await env.DB.prepare(
      "SELECT id, hash FROM account_events WHERE id < ? AND hash IS NOT NULL ORDER BY id DESC LIMIT 1",
    )
      .bind(head.id)
      .first<ChainHead>();
    if (!older) throw new Error("no older entry");
    expect(headProblem({ ...head, ...older }, [KEY])).toMatch(/signature does not match/);
    expect(headProblem({ ...head, ...older, mac: null }, [KEY])).toMatch(/not signed/);
    const order = { seq: 1, sealedAt: 1_700_000_000 };
    expect(headProblem(signedHead(KEY, older, 0, order), [KEY])).toBeNull();
    const other = auditKeyOf(btoa("an attacker's own key, 32 bytes!"));
    expect(headProblem(signedHead(other, older, 0, order), [KEY])).toMatch(/not among the keys given/);
    // Ordered in time: its counter and seal time are signed, so an old head cannot pass for a newer one.
    expect(head.seq).toBeGreaterThan(0);
    expect(head.sealedAt).toBeGreaterThan(1_700_000_000);
    expect(headProblem({ ...head, seq: head.seq + 1 }, [KEY])).toMatch(/signature does not match/);
    expect(headProblem({ ...head, sealedAt: head.sealedAt + 60 }, [KEY])).toMatch(/signature does not match/);
  });
});
