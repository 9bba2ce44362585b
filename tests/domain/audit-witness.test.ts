import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { auditEntry, recordEvent } from "../../app/server/audit/account-events.server";
import { HEAD_KV_KEY, type KeptHead } from "../../app/server/audit/audit-chain";
import { sealAuditLog } from "../../app/server/audit/audit-sealer.server";
import { headProblem } from "../../app/server/audit/chain-verification";
import { witnessHead, witnessLatest } from "../../app/server/audit/head-witness";
import { callerOf, db, freshLog, KEY, keptHead, sealedLogOf, unsealedIds } from "./support-audit";

// The witness (decision 163): the newest head in an R2 bucket that a writer of D1 and KV cannot reach. Its
// head, not KV's, says what was sealed; KV cannot steer what goes into it, and when D1 loses the witness's
// head the sealer says so in the witness, where no later change of D1 and KV can erase it.

const caller = callerOf("witness test", "192.0.2.51");
const sealedLog = (count: number) => sealedLogOf(caller, count);
const witnessed = async () => (await witnessLatest(env.AUDIT_HEADS)).head;

/** Writes `count` entries and seals them, whatever KV holds. */
async function writeAndSeal(count: number) {
  for (let i = 0; i < count; i += 1) await recordEvent(db, caller, auditEntry(null, "sign-in", "failure", i));
  await sealAuditLog(db, env.SESSIONS);
}

describe("the witness", () => {
  it("writes each head to the witness once, under its counter, the latest only moved forward", async () => {
    await freshLog();
    await sealedLog(2);
    await sealedLog(2);
    const latest = (await witnessLatest(env.AUDIT_HEADS)).head;
    expect(latest).toMatchObject({ id: 4 });
    const { objects } = await env.AUDIT_HEADS.list({ prefix: "heads/" });
    const kept = await Promise.all(
      objects.map(async (object) =>
        JSON.parse((await (await env.AUDIT_HEADS.get(object.key))?.text()) ?? ""),
      ),
    );
    const seqs = kept.map((head) => head.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(kept.at(-1)).toEqual(latest);
    // A stale writer (the etag it read is gone) moves nothing.
    const stale = { ...(latest as KeptHead), seq: (latest?.seq ?? 0) + 1 };
    expect(
      await witnessHead(env.AUDIT_HEADS, stale, { head: latest, etag: "an etag of before", alarm: null }),
    ).toBe(false);
    expect((await witnessLatest(env.AUDIT_HEADS)).head).toEqual(latest);
  });

  it("keeps moving when KV's head is removed or forged, and takes nothing from a forged one", async () => {
    await freshLog();
    await sealedLog(3);
    await env.SESSIONS.delete(HEAD_KV_KEY);
    await writeAndSeal(2);
    await vi.waitFor(async () => expect((await witnessed())?.id).toBe(5), { timeout: 120_000 });
    // A forged head: a counter and a prune far ahead, and no valid signature.
    const forged = { ...(await witnessed()), seq: 2 ** 40, prunedThrough: 9e15, mac: "0".repeat(64) };
    await env.SESSIONS.put(HEAD_KV_KEY, JSON.stringify(forged));
    await writeAndSeal(1);
    await vi.waitFor(async () => expect((await witnessed())?.id).toBe(6), { timeout: 120_000 });
    const head = (await witnessed()) as KeptHead;
    expect(headProblem(head, [KEY])).toBeNull();
    expect(head.seq).toBeLessThan(100);
    expect(head.prunedThrough).toBe(0);
    // KV is brought back to the witness's head: the same entry, hash, counter and prune, signed. (A seal the
    // entry's own write started may run beside the one called here, and sign the same head a second later.)
    const kept = (await keptHead()) as KeptHead;
    expect(headProblem(kept, [KEY])).toBeNull();
    const { id, hash, seq, prunedThrough } = head;
    expect(kept).toMatchObject({ id, hash, seq, prunedThrough });
  });

  it("records in the witness that D1 lost its head, and chains nothing on what is left", async () => {
    await freshLog();
    await sealedLog(4);
    const head = await witnessed();
    await env.DB.prepare("DELETE FROM account_events WHERE id > 2").run();
    const errors = vi.spyOn(console, "error");
    try {
      await writeAndSeal(1);
      expect(errors.mock.calls.flat().join(" ")).toContain(
        "D1's newest sealed entry is 2, before the head kept outside D1 (entry 4)",
      );
      await sealAuditLog(db, env.SESSIONS);
    } finally {
      errors.mockRestore();
    }
    // Entries after the gap are not chained on what is left.
    expect(await unsealedIds()).toEqual([5]);
    const state = await witnessLatest(env.AUDIT_HEADS);
    expect(state.head).toEqual(head);
    expect(state.alarm).toContain("D1 no longer holds entry 4 as the head kept in the witness names it");
  });
});
