import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { type ChainHead, HEAD_KV_KEY, parseHead } from "../../app/server/audit/audit-chain";
import { verifyChain } from "../../app/server/audit/chain-verification";
import { KEY, storedEntries } from "../domain/support-audit";
import { fetchWorker } from "./support";
import { freshIp, registerViaApi, uniqueEmail } from "./support-accounts";

// What the audit log suites share (audit-log, audit-log-gaps and admin-activity-api .test.ts): the stored
// entries and the head kept in KV, a wait for the sealer, the verifier's verdict on what is stored, and an
// administrator's call on a pending account.

// The key and the whole log as `npm run audit:verify` reads them: the domain tests' own.
export { KEY, storedEntries } from "../domain/support-audit";

export async function newestEntry(): Promise<ChainHead> {
  const row = await env.DB.prepare(
    "SELECT id, hash FROM account_events ORDER BY id DESC LIMIT 1",
  ).first<ChainHead>();
  if (!row) throw new Error("no entries");
  return row;
}

export async function keptHead(): Promise<ChainHead | null> {
  const head = parseHead(await env.SESSIONS.get(HEAD_KV_KEY));
  return head && { id: head.id, hash: head.hash };
}

/**
 * Waits for the sealer, which runs after each answer (waitUntil), one seal at a time: every entry sealed
 * and the head kept in KV on the newest.
 */
export async function sealed() {
  await vi.waitFor(
    async () => {
      const waiting = await env.DB.prepare(
        "SELECT count(*) AS n FROM account_events WHERE hash IS NULL",
      ).first<{ n: number }>();
      expect(waiting?.n).toBe(0);
      expect(await keptHead()).toEqual(await newestEntry());
    },
    { timeout: 120_000 },
  );
}

/** The verifier's verdict on the stored log and the head kept in KV, once the sealer has caught up. */
export async function verifyStored() {
  await sealed();
  return verifyChain(await storedEntries(), { keys: [KEY], head: await keptHead() });
}

export function adminCall(path: string, cookie: string, method = "POST") {
  return fetchWorker(path, { method, headers: { Cookie: cookie, "CF-Connecting-IP": freshIp() } });
}

export async function pendingUser() {
  const email = uniqueEmail("subject");
  await registerViaApi(email);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number }>();
  return { email, id: row?.id ?? 0 };
}
