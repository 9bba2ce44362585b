import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { auditEntry, pruneAuditLog, recordEvent } from "../../app/server/audit/account-events.server";
import { PRUNE_ACTION, SEAL_DEADLINE_SECONDS, type StoredEntry } from "../../app/server/audit/audit-chain";
import { sealAuditLog } from "../../app/server/audit/audit-sealer.server";
import { headProblem, verifyChain } from "../../app/server/audit/chain-verification";
import { callerOf, db, KEY, keptHead, storedEntries, unsealedIds } from "./support-audit";

// The sealer (docs/decisions/117-audit-log-sealed-after-the-write.md): entries are written without a hash
// and chained after the answer; sealers racing each other write the same chain; a prune records what it
// removed, so a deleted start is found; an entry left unsealed past the deadline breaks the log.

const caller = callerOf("sealer test");

const unsealedCount = async () => (await unsealedIds()).length;

/** Entries written as the Worker writes them (each in its own batch), not yet sealed by this test. */
async function writeEntries(count: number) {
  await Promise.all(
    Array.from({ length: count }, () => recordEvent(db, caller, auditEntry(null, "sign-in", "failure"))),
  );
}

async function verifyStored(now?: number) {
  await vi.waitFor(async () => expect(await unsealedCount()).toBe(0), { timeout: 120_000 });
  await sealAuditLog(db, env.SESSIONS);
  const head = await keptHead();
  return verifyChain(await storedEntries(), { keys: [KEY], head, now });
}

describe("the sealer", () => {
  it("chains entries written at once, and sealers racing each other write one chain", async () => {
    await writeEntries(60);
    const sealed = await Promise.all(Array.from({ length: 5 }, () => sealAuditLog(db, env.SESSIONS)));
    expect(await unsealedCount()).toBe(0);
    // Each entry was sealed by one of them; the others found it sealed and wrote nothing over it.
    expect(sealed.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual((await storedEntries()).length);
    const verdict = await verifyStored();
    expect(verdict).toMatchObject({ ok: true, awaitingSeal: 0 });
    const head = await keptHead();
    expect(head && headProblem(head, [KEY])).toBeNull();
  });

  it("leaves entries written since the last seal as waiting, until its deadline has passed", async () => {
    await writeEntries(3);
    await sealAuditLog(db, env.SESSIONS);
    const entries = await storedEntries();
    const now = Math.floor(Date.now() / 1000);
    const waiting: StoredEntry[] = [1, 2].map((n) => ({
      ...(entries.at(-1) as StoredEntry),
      id: (entries.at(-1)?.id ?? 0) + n,
      at: now,
      prevHash: null,
      hash: null,
      keyId: null,
    }));
    expect(verifyChain([...entries, ...waiting], { keys: [KEY], now })).toMatchObject({
      ok: true,
      awaitingSeal: 2,
    });
    const stale = waiting.map((entry) => ({ ...entry, at: now - SEAL_DEADLINE_SECONDS - 60 }));
    expect(verifyChain([...entries, ...stale], { keys: [KEY], now })).toMatchObject({
      ok: false,
      brokenAt: stale[0]?.id,
    });
  });
});

describe("pruning the audit log", () => {
  it("records what it removed, so the shorter log holds and a deleted start is found", async () => {
    await writeEntries(12);
    await sealAuditLog(db, env.SESSIONS);
    const before = await storedEntries();
    const newest = before.at(-1);
    if (!newest) throw new Error("no entries");
    // Everything older than a second from now goes, but the newest sealed entry stays.
    const removed = await pruneAuditLog(db, env.SESSIONS, new Date(Date.now() + 1000));
    expect(removed).toBe(before.length - 1);
    const after = await storedEntries();
    expect(after.map((entry) => entry.id)).toEqual([newest.id, newest.id + 1]);
    const prune = after.at(-1);
    expect(prune).toMatchObject({ action: PRUNE_ACTION, subjectId: newest.id - 1 });
    expect(prune?.hash).not.toBeNull();
    const head = await keptHead();
    expect(head).toMatchObject({ id: newest.id + 1, prunedThrough: newest.id - 1 });
    expect(head && headProblem(head, [KEY])).toBeNull();
    expect(verifyChain(after, { keys: [KEY], head })).toMatchObject({
      ok: true,
      prunedThrough: newest.id - 1,
    });

    // More of the start deleted by hand: no prune vouches for it.
    const cut = after.slice(1);
    expect(verifyChain(cut, { keys: [KEY], head })).toMatchObject({ ok: false, brokenAt: newest.id });
    // Nor does a prune entry a writer of D1 inserts, even once the sealer has sealed it.
    await env.DB.prepare("DELETE FROM account_events WHERE id = ?").bind(newest.id).run();
    await env.DB.prepare(
      "INSERT INTO account_events (at, subject_id, action, outcome, request_id) VALUES (unixepoch(), ?, ?, 'success', ?)",
    )
      .bind(newest.id, PRUNE_ACTION, `${KEY.id}:${"0".repeat(64)}`)
      .run();
    await sealAuditLog(db, env.SESSIONS);
    expect(await unsealedCount()).toBe(0);
    expect(verifyChain(await storedEntries(), { keys: [KEY], head: await keptHead() })).toMatchObject({
      ok: false,
      brokenAt: newest.id,
    });
  });
});
