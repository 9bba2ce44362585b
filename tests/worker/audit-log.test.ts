import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditEntry, withEventChain } from "../../app/server/audit/account-events.server";
import {
  type AuditKey,
  auditKeyOf,
  type ChainHead,
  type EntryRow,
  GENESIS,
  HEAD_KV_KEY,
  keyedEntryHash,
  parseHead,
  plainEntryHash,
  type StoredEntry,
  sha256Hex,
  signedHead,
  storedEntryOf,
} from "../../app/server/audit/audit-chain";
import { sealAuditLog } from "../../app/server/audit/audit-sealer.server";
import { headProblem, verifyChain } from "../../app/server/audit/chain-verification";
import { getDb } from "../../app/server/db.server";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { users } from "../../db/schema";
import { fetchWorker } from "./support";
import {
  approve,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  signedInCookie,
  uniqueEmail,
} from "./support-accounts";
import { insertContact } from "./support-mail";

// The audit log: account_events written freely and sealed after the answer, chained by HMAC under
// AUDIT_LOG_KEY, one entry per admin action in the same batch as the change (none for a repeat), no gap
// whatever the race, the signed head also kept in KV, the actor's address kept only as a digest, and the Activity API. Each check
// calls verifyChain, the function `npm run audit:verify` runs (tests/e2e/audit-verify runs the script).

const KEY = auditKeyOf(env.AUDIT_LOG_KEY ?? "");

async function storedEntries(): Promise<StoredEntry[]> {
  const { results } = await env.DB.prepare("SELECT * FROM account_events ORDER BY id").all<EntryRow>();
  return results.map(storedEntryOf);
}

async function newestEntry(): Promise<ChainHead> {
  const row = await env.DB.prepare(
    "SELECT id, hash FROM account_events ORDER BY id DESC LIMIT 1",
  ).first<ChainHead>();
  if (!row) throw new Error("no entries");
  return row;
}

async function keptHead(): Promise<ChainHead | null> {
  const head = parseHead(await env.SESSIONS.get(HEAD_KV_KEY));
  return head && { id: head.id, hash: head.hash };
}

/**
 * Waits for the sealer, which runs after each answer (waitUntil), one seal at a time: every entry sealed
 * and the head kept in KV on the newest.
 */
async function sealed() {
  await vi.waitFor(
    async () => {
      const waiting = await env.DB.prepare(
        "SELECT count(*) AS n FROM account_events WHERE hash IS NULL",
      ).first<{ n: number }>();
      expect(waiting?.n).toBe(0);
      expect(await keptHead()).toEqual(await newestEntry());
    },
    { timeout: 15_000 },
  );
}

/** The verifier's verdict on the stored log and the head kept in KV, once the sealer has caught up. */
async function verifyStored() {
  await sealed();
  return verifyChain(await storedEntries(), { keys: [KEY], head: await keptHead() });
}

function adminCall(path: string, cookie: string, method = "POST") {
  return fetchWorker(path, { method, headers: { Cookie: cookie, "CF-Connecting-IP": freshIp() } });
}

async function pendingUser() {
  const email = uniqueEmail("subject");
  await registerViaApi(email);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return { email, id: row?.id ?? 0 };
}

async function entriesFor(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, actor_email_sha256, subject_id, outcome FROM account_events WHERE subject_id = ? AND action = ?",
  )
    .bind(subjectId, action)
    .all();
  return results;
}

describe("the audit log", () => {
  it("records each admin action once, with the admin as actor, and nothing for a repeat", {
    timeout: 60_000,
  }, async () => {
    const admin = await signedInCookie({ admin: true });
    const adminId = (
      await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(admin.email).first<{ id: number }>()
    )?.id;
    const actor = { actor_id: adminId, actor_email_sha256: sha256Hex(admin.email), outcome: "success" };
    const first = await pendingUser();
    const second = await pendingUser();
    const contact = await insertContact();
    const steps: [string, number, string][] = [
      [`/api/admin/approve-user/${first.id}`, first.id, "user-approved"],
      [`/api/admin/deactivate-user/${first.id}`, first.id, "user-deactivated"],
      [`/api/admin/reactivate-user/${first.id}`, first.id, "user-reactivated"],
      [`/api/admin/reject-user/${second.id}`, second.id, "user-rejected"],
      [`/api/admin/mark-contact-processed/${contact.id}`, contact.id, "contact-processed"],
    ];
    for (const [path, subject, action] of steps) {
      expect((await adminCall(path, admin.cookie)).status, path).toBe(200);
      expect((await adminCall(path, admin.cookie)).status, `${path} again`).toBe(200);
      expect(await entriesFor(subject, action), action).toEqual([{ ...actor, subject_id: subject }]);
    }
    expect(await verifyStored()).toMatchObject({ ok: true });
  });

  it("stays one chain when many requests write at once", { timeout: 120_000 }, async () => {
    const emails = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const email = uniqueEmail("crowd");
        await registerViaApi(email);
        await approve(email);
        return email;
      }),
    );
    const answers = await Promise.all(
      emails.flatMap((email) => [
        postJson("/api/login", { email, password: PASSWORD }),
        postJson("/api/login", { email, password: "not the password" }),
      ]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array(8).fill(200),
      ...Array(8).fill(401),
    ]);
    expect(await verifyStored()).toMatchObject({ ok: true });
  });

  it("names the first entry changed, removed or reordered by hand", async () => {
    await signedInCookie();
    await signedInCookie();
    await sealed();
    const entries = await storedEntries();
    const verify = (log: StoredEntry[]) => verifyChain(log, { keys: [KEY] });
    const middle = entries[Math.floor(entries.length / 2)];
    if (!middle) throw new Error("no entries");
    const changed = entries.map((entry) =>
      entry.id === middle.id ? { ...entry, action: `${entry.action}-forged` } : entry,
    );
    expect(verify(changed)).toMatchObject({ ok: false, brokenAt: middle.id });
    const removed = entries.filter((entry) => entry.id !== middle.id);
    expect(verify(removed)).toMatchObject({ ok: false, brokenAt: middle.id });
    // Rehashing the changed entry, even under the key, does not help: the next entry names the old hash.
    const rehashed = changed.map((entry) =>
      entry.id === middle.id
        ? { ...entry, hash: keyedEntryHash(KEY, { ...entry, prevHash: entry.prevHash ?? "" }) }
        : entry,
    );
    expect(verify(rehashed)).toMatchObject({ ok: false, brokenAt: middle.id + 1 });
    // And the stored log itself, changed in D1.
    await env.DB.prepare("UPDATE account_events SET ip = '192.0.2.1' WHERE id = ?").bind(middle.id).run();
    expect(verify(await storedEntries())).toMatchObject({ ok: false, brokenAt: middle.id });
    await env.DB.prepare("UPDATE account_events SET ip = ? WHERE id = ?").bind(middle.ip, middle.id).run();
    expect(await verifyStored()).toMatchObject({ ok: true });
  });

  it("finds an edit whose every later hash was computed again without the key", async () => {
    await signedInCookie();
    await sealed();
    const entries = await storedEntries();
    const middle = entries[Math.floor(entries.length / 2)];
    if (!middle) throw new Error("no entries");
    const editedId = middle.id;
    /** The log edited at `middle`, that entry and every later one hashed again by `hash`. */
    function forged(hash: (entry: StoredEntry & { prevHash: string }) => string, keyId: string | null) {
      let previous: string | null = null;
      return entries.map((entry) => {
        if (entry.id < editedId) return entry;
        const edited = {
          ...entry,
          ip: entry.id === editedId ? "192.0.2.66" : entry.ip,
          keyId,
          prevHash: previous ?? entry.prevHash ?? GENESIS,
        };
        const next = { ...edited, hash: hash(edited) };
        previous = next.hash;
        return next;
      });
    }
    const head = await newestEntry();
    // Plain sha256, as the chain was before the key: not allowed after keyed entries.
    const plain = forged(plainEntryHash, null);
    expect(verifyChain(plain, { keys: [KEY] })).toMatchObject({ ok: false, brokenAt: middle.id });
    // An HMAC under another key, claiming the real key's id: the fields do not match.
    const guessed: AuditKey = { id: KEY.id, bytes: new Uint8Array(32).fill(7) };
    const other = forged((entry) => keyedEntryHash(guessed, entry), KEY.id);
    expect(verifyChain(other, { keys: [KEY] })).toMatchObject({
      ok: false,
      brokenAt: middle.id,
      reason: "its fields do not match its hash",
    });
    // Under a key of its own: its id is not among the keys given.
    const own = auditKeyOf(btoa("an attacker's own key, 32 bytes!"));
    const ownLog = forged((entry) => keyedEntryHash(own, entry), own.id);
    expect(verifyChain(ownLog, { keys: [KEY], head })).toMatchObject({ ok: false, brokenAt: middle.id });
  });

  it("finds entries cut off the end, by the head kept outside D1", async () => {
    await signedInCookie();
    await sealed();
    const entries = await storedEntries();
    const head = await newestEntry();
    expect(verifyChain(entries, { keys: [KEY], head })).toMatchObject({ ok: true });
    const cut = entries.slice(0, -3);
    const firstCut = entries.at(-3)?.id;
    expect(verifyChain(cut, { keys: [KEY], head })).toMatchObject({ ok: false, brokenAt: firstCut });
    // Without the head the cut log is a whole chain: that is why the head is kept outside D1.
    expect(verifyChain(cut, { keys: [KEY] })).toMatchObject({ ok: true });
    // Entries cut off and written again (other content, the same ids) do not match the head's hash.
    const rewritten = entries.map((entry) =>
      entry.id === head.id ? { ...entry, hash: "f".repeat(64) } : entry,
    );
    expect(verifyChain(rewritten, { keys: [KEY], head })).toMatchObject({ ok: false, brokenAt: head.id });
  });

  it("finds entries stripped of their hashes after the chain began", async () => {
    await signedInCookie();
    await sealed();
    const entries = await storedEntries();
    const start = entries.findIndex((entry) => entry.hash !== null);
    const stripped = entries.map((entry, index) =>
      index >= start && index < start + 6
        ? { ...entry, action: "sign-in", prevHash: null, hash: null, keyId: null }
        : entry,
    );
    // Not "entries before the chain": a log begun under the chain has none, unless named as such.
    expect(verifyChain(stripped, { keys: [KEY] })).toMatchObject({ ok: false, brokenAt: entries[start]?.id });
    const lastStripped = entries[start + 5]?.id ?? 0;
    expect(verifyChain(stripped, { keys: [KEY], legacyPrefix: lastStripped })).toMatchObject({
      ok: false,
      brokenAt: lastStripped,
    });
    // Stripped of the hash alone, an entry still names its previous one: that entry is named.
    const hashOnly = entries.map((entry, index) => (index === start + 2 ? { ...entry, hash: null } : entry));
    expect(verifyChain(hashOnly, { keys: [KEY] })).toMatchObject({
      ok: false,
      brokenAt: entries[start + 2]?.id,
    });
    // Entries without a hash after chained ones.
    const later = entries.map((entry, index) =>
      index === entries.length - 2 ? { ...entry, prevHash: null, hash: null, keyId: null } : entry,
    );
    expect(verifyChain(later, { keys: [KEY] })).toMatchObject({ ok: false, brokenAt: entries.at(-2)?.id });
  });

  it("verifies entries under a retired key with that key, and plain entries only before the first key", () => {
    const [oldKey, newKey] = [auditKeyOf(btoa("the key of the year before, 32b!")), KEY];
    const base = {
      actorId: 1,
      actorEmailSha256: null,
      subjectId: 1,
      action: "sign-in",
      outcome: "success",
      ip: null,
      userAgent: null,
      country: null,
      requestId: null,
    };
    /** A chain of entries signed by each of `signers` in turn (null: plain sha256), a minute apart. */
    function chain(signers: (AuditKey | null)[]): StoredEntry[] {
      let prevHash = GENESIS;
      return signers.map((key, index) => {
        const fields = {
          ...base,
          id: index + 1,
          at: 1_800_000_000 + index * 60,
          prevHash,
          keyId: key?.id ?? null,
        };
        const hash = key ? keyedEntryHash(key, fields) : plainEntryHash(fields);
        prevHash = hash;
        return { ...fields, hash };
      });
    }
    const rotated = chain([null, null, oldKey, oldKey, newKey, newKey]);
    expect(verifyChain(rotated, { keys: [newKey, oldKey] })).toMatchObject({
      ok: true,
      checked: 6,
      plain: 2,
    });
    expect(verifyChain(rotated, { keys: [newKey] })).toMatchObject({ ok: false, brokenAt: 3 });
    // An old key's entry in the minutes of a rotation (an instance of the version before) is fine.
    expect(verifyChain(chain([oldKey, newKey, oldKey, newKey]), { keys: [newKey, oldKey] })).toMatchObject({
      ok: true,
    });
    // Long after its successor took over, an entry under the old key is a forgery with a leaked key.
    const late = chain([oldKey, newKey, newKey, newKey, newKey, newKey, newKey, oldKey]);
    expect(verifyChain(late, { keys: [newKey, oldKey] })).toMatchObject({ ok: false, brokenAt: 8 });
    // Plain entries come only before the first keyed one.
    const plainLate = chain([oldKey, oldKey, oldKey, oldKey, oldKey, oldKey, null]);
    expect(verifyChain(plainLate, { keys: [oldKey] })).toMatchObject({ ok: false, brokenAt: 7 });
    expect(verifyChain(chain([oldKey, null]), { keys: [oldKey] })).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it("keeps no address in its entries, and forgets the address an erasure removes", async () => {
    const { email, cookie } = await signedInCookie();
    const text = JSON.stringify((await env.DB.prepare("SELECT * FROM account_events").all()).results);
    expect(text).not.toContain(email);
    expect(
      await env.DB.prepare("SELECT email FROM audit_emails WHERE sha256 = ?").bind(sha256Hex(email)).first(),
    ).toEqual({ email });
    const deleted = await fetchWorker("/api/account", {
      method: "DELETE",
      headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ password: PASSWORD, confirm: "DELETE" }),
    });
    expect(deleted.status).toBe(200);
    expect(
      await env.DB.prepare("SELECT email FROM audit_emails WHERE sha256 = ?").bind(sha256Hex(email)).first(),
    ).toBeNull();
    expect(await verifyStored()).toMatchObject({ ok: true });
  });
});

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
        { timeout: 15_000 },
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
    expect(headProblem(signedHead(KEY, older, 0), [KEY])).toBeNull();
    const other = auditKeyOf(btoa("an attacker's own key, 32 bytes!"));
    expect(headProblem(signedHead(other, older, 0), [KEY])).toMatch(/not among the keys given/);
  });
});

describe("GET /api/admin/activity", () => {
  it("lists entries newest first with the actor's address, filtered and paged; members get 403", async () => {
    const admin = await signedInCookie({ admin: true });
    const target = await pendingUser();
    expect((await adminCall(`/api/admin/approve-user/${target.id}`, admin.cookie)).status).toBe(200);
    const wrong = await postJson("/api/login", { email: target.email, password: "not the password" });
    expect(wrong.status).toBe(401);

    const all = await adminCall("/api/admin/activity", admin.cookie, "GET");
    expect(all.status).toBe(200);
    expect(Number(all.headers.get("X-Total-Count"))).toBeGreaterThan(2);
    const entries = (await all.json()) as { id: number; action: string }[];
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => b - a),
    );

    const bySubject = (await (
      await adminCall(`/api/admin/activity?subject=${target.id}`, admin.cookie, "GET")
    ).json()) as { actor: { id: number; email: string | null }; action: string; outcome: string }[];
    expect(bySubject.map((entry) => [entry.action, entry.outcome, entry.actor.email])).toEqual([
      ["sign-in", "failure", target.email],
      ["user-approved", "success", admin.email],
    ]);
    const byActor = (await (
      await adminCall(
        `/api/admin/activity?actor=${encodeURIComponent(admin.email)}&action=user-approved`,
        admin.cookie,
        "GET",
      )
    ).json()) as { subject: number }[];
    expect(byActor.map((entry) => entry.subject)).toEqual([target.id]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await adminCall(`/api/admin/activity?from=${tomorrow}`, admin.cookie, "GET");
    expect(await future.json()).toEqual([]);

    const member = await signedInCookie();
    expect((await adminCall("/api/admin/activity", member.cookie, "GET")).status).toBe(403);
    expect((await adminCall("/api/admin/activity", "", "GET")).status).toBe(401);
  });
});
