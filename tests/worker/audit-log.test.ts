import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  type AuditKey,
  auditKeyOf,
  GENESIS,
  keyedEntryHash,
  plainEntryHash,
  type StoredEntry,
  sha256Hex,
} from "../../app/server/audit/audit-chain";
import { verifyChain } from "../../app/server/audit/chain-verification";
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
import {
  adminCall,
  KEY,
  newestEntry,
  pendingUser,
  sealed,
  storedEntries,
  verifyStored,
} from "./support-audit";
import { insertContact } from "./support-mail";

// The audit log: account_events written freely and sealed after the answer, chained by HMAC under
// AUDIT_LOG_KEY, one entry per admin action in the same batch as the change (none for a repeat), one chain
// however many write at once, every edit, removal, cut or forgery found, and the actor's address kept only as
// a digest. Each check calls verifyChain, the function `npm run audit:verify` runs (tests/e2e/audit-verify
// runs the script).

async function entriesFor(subjectId: number, action: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, actor_email_sha256, subject_id, outcome FROM account_events WHERE subject_id = ? AND action = ?",
  )
    .bind(subjectId, action)
    .all();
  return results;
}

describe("the audit log", () => {
  it("records each admin action once, with the admin as actor, and nothing for a repeat", async () => {
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

  it("stays one chain when many requests write at once", async () => {
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
