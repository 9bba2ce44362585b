import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  HEAD_KV_KEY,
  headIsBehind,
  SEAL_DEADLINE_SECONDS,
  type StoredEntry,
} from "../../app/server/audit/audit-chain";
import { sealAuditLog } from "../../app/server/audit/audit-sealer.server";
import { verifyChain } from "../../app/server/audit/chain-verification";
import { witnessLatest } from "../../app/server/audit/head-witness";
import {
  callerOf,
  db,
  storedEntries as entries,
  freshLog,
  KEY,
  keptHead,
  sealedLogOf,
  unsealedIds,
} from "./support-audit";

// A writer of both D1 and KV against the sealer (decision 117): it strips the hashes of sealed entries,
// edits them and waits for the Worker to seal them again. The sealer refuses what was sealed before (at or
// before the head kept outside D1), everything once the head is gone, and anything past the deadline; what
// it cannot see, the heads noted in the Worker's logs show.

const sealedLog = (count: number) => sealedLogOf(callerOf("tampering test", "192.0.2.50"), count);

/** The attack: entries from `from` on stripped of their hashes, one of them edited. */
async function stripFrom(from: number) {
  await env.DB.batch([
    env.DB.prepare("UPDATE account_events SET outcome = 'success' WHERE id = ?").bind(from),
    env.DB.prepare(
      "UPDATE account_events SET hash = NULL, prev_hash = NULL, key_id = NULL WHERE id >= ?",
    ).bind(from),
  ]);
}

/** Runs the sealer once; what it logged as errors. */
async function sealerErrors(): Promise<string> {
  const errors = vi.spyOn(console, "error");
  try {
    await sealAuditLog(db, env.SESSIONS);
    return errors.mock.calls.flat().join(" ");
  } finally {
    errors.mockRestore();
  }
}

describe("the sealer against a writer of D1 and KV", () => {
  it("does not seal again entries at or before the head kept outside D1", async () => {
    await freshLog();
    await sealedLog(8);
    await stripFrom(4);
    expect(await sealerErrors()).toContain("entry 4 has no hash, yet the head kept outside D1 is entry 8");
    expect(await unsealedIds()).toEqual([4, 5, 6, 7, 8]);
    expect(verifyChain(await entries(), { keys: [KEY], head: await keptHead() })).toMatchObject({
      ok: false,
      brokenAt: 4,
    });
  });

  it("seals nothing once the head is gone while D1 holds sealed entries, and writes no new head", async () => {
    await freshLog();
    await sealedLog(8);
    await stripFrom(4);
    await env.SESSIONS.delete(HEAD_KV_KEY);
    await sealAuditLog(db, env.SESSIONS);
    expect(await unsealedIds()).toEqual([4, 5, 6, 7, 8]);
    expect(await keptHead()).toBeNull();
  });

  it("leaves an entry past the deadline unsealed, which breaks the log", async () => {
    await freshLog();
    await sealedLog(3);
    const now = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT INTO account_events (at, action, outcome) VALUES (?, 'sign-in', 'failure')")
      .bind(now - SEAL_DEADLINE_SECONDS - 60)
      .run();
    await sealAuditLog(db, env.SESSIONS);
    expect(await unsealedIds()).toEqual([4]);
    expect(verifyChain(await entries(), { keys: [KEY], head: await keptHead(), now })).toMatchObject({
      ok: false,
      brokenAt: 4,
    });
  });

  it("is stopped by the witness when an old head is put back in KV and the tail stripped", async () => {
    await freshLog();
    await sealedLog(3);
    const oldHead = await env.SESSIONS.get(HEAD_KV_KEY);
    const logged = new Map<number, string>();
    const logs = vi.spyOn(console, "log");
    try {
      await sealedLog(5);
      for (const [, id, hash] of logs.mock.calls
        .flat()
        .join("\n")
        .matchAll(/head (\d+):([0-9a-f]{64})/g)) {
        logged.set(Number(id), hash as string);
      }
    } finally {
      logs.mockRestore();
    }
    expect(logged.get(8)).toBeDefined();
    const witnessed = (await witnessLatest(env.AUDIT_HEADS)).head;
    expect(witnessed).toMatchObject({ id: 8, hash: logged.get(8) });
    // Within the deadline, with the head of entry 3 put back in KV, only the witness still says 8.
    await stripFrom(4);
    await env.SESSIONS.put(HEAD_KV_KEY, oldHead ?? "");
    expect(await sealerErrors()).toContain("entry 4 has no hash, yet the head kept outside D1 is entry 8");
    expect(await unsealedIds()).toEqual([4, 5, 6, 7, 8]);
    expect((await witnessLatest(env.AUDIT_HEADS)).head).toEqual(witnessed);
    // The old head is signed, and ordered before the witness's: its counter and time say so.
    const putBack = await keptHead();
    expect(putBack?.id).toBe(3);
    expect(putBack && witnessed && putBack.seq < witnessed.seq).toBe(true);
    expect(putBack && witnessed && headIsBehind(putBack, witnessed)).toBe(true);
    // The heads it logged say so too: entry 8 no longer has the hash they name.
    expect(verifyChain(await entries(), { keys: [KEY], head: putBack, noted: logged })).toMatchObject({
      ok: false,
      brokenAt: 8,
    });
  });

  it("accepts entries without a hash before the chain only when they are named as older than it", async () => {
    await freshLog();
    await sealedLog(3);
    const sealed = await entries();
    const older: StoredEntry[] = [-1, 0].map((id) => ({
      ...(sealed[0] as StoredEntry),
      id,
      action: "account-deleted",
      prevHash: null,
      hash: null,
      keyId: null,
    }));
    expect(verifyChain([...older, ...sealed], { keys: [KEY] })).toMatchObject({ ok: false, brokenAt: -1 });
    expect(verifyChain([...older, ...sealed], { keys: [KEY], legacyPrefix: 0 })).toMatchObject({
      ok: true,
      beforeChain: 2,
    });
  });
});
