import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { auditEntry, recordEvent } from "../../app/server/audit/account-events.server";
import {
  auditKeyOf,
  type EntryRow,
  HEAD_KV_KEY,
  parseHead,
  type StoredEntry,
  storedEntryOf,
} from "../../app/server/audit/audit-chain";
import { getDb } from "../../app/server/db.server";
import type { Caller } from "../../app/server/deps";

// What the audit log's domain tests share: the key, the database, a caller, and the log as verify reads it.

export const KEY = auditKeyOf(env.AUDIT_LOG_KEY ?? "");
export const db = getDb(env);

/** A request's caller with its own user agent, so a test's entries can be told apart. */
export function callerOf(userAgent: string, address = "192.0.2.40"): Caller {
  return { session: null, origin: "http://localhost", address, userAgent, country: null, requestId: null };
}

/** The whole log in id order, as `npm run audit:verify` reads it. */
export async function storedEntries(): Promise<StoredEntry[]> {
  const { results } = await env.DB.prepare("SELECT * FROM account_events ORDER BY id").all<EntryRow>();
  return results.map(storedEntryOf);
}

export async function keptHead() {
  return parseHead(await env.SESSIONS.get(HEAD_KV_KEY));
}

/** The ids of the entries waiting for the sealer. */
export async function unsealedIds(): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM account_events WHERE hash IS NULL ORDER BY id",
  ).all<{ id: number }>();
  return results.map((row) => row.id);
}

/** Starts a test from an empty log and no head anywhere (KV, the witness), as a new database would. */
export async function freshLog() {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM account_events"),
    env.DB.prepare("DELETE FROM sqlite_sequence WHERE name = 'account_events'"),
  ]);
  await env.SESSIONS.delete(HEAD_KV_KEY);
  const { objects } = await env.AUDIT_HEADS.list();
  if (objects.length > 0) await env.AUDIT_HEADS.delete(objects.map((object) => object.key));
}

/** Writes `count` entries as `caller` and waits for them to be sealed and the KV head to name the newest. */
export async function sealedLogOf(caller: Caller, count: number) {
  for (let i = 0; i < count; i += 1) {
    await recordEvent(db, caller, auditEntry(null, "sign-in", "failure", i));
  }
  const newest = await env.DB.prepare("SELECT max(id) AS id FROM account_events").first<{ id: number }>();
  await vi.waitFor(async () => expect((await keptHead())?.id).toBe(newest?.id), { timeout: 120_000 });
}
