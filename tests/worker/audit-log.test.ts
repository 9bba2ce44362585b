import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  type EntryRow,
  entryHash,
  type StoredEntry,
  sha256Hex,
  storedEntryOf,
  verifyChain,
} from "../../app/server/audit-chain";
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

// The audit log (issue 19, item 4): account_events chained by hash, one entry per admin action in the same
// batch as the change (none for a repeat), the actor's address kept only as a digest, and the Activity API.

async function storedEntries(): Promise<StoredEntry[]> {
  const { results } = await env.DB.prepare("SELECT * FROM account_events ORDER BY id").all<EntryRow>();
  return results.map(storedEntryOf);
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
    expect(verifyChain(await storedEntries())).toMatchObject({ ok: true });
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
    const verdict = verifyChain(await storedEntries());
    expect(verdict).toMatchObject({ ok: true });
  });

  it("names the first entry changed, removed or reordered by hand", async () => {
    await signedInCookie();
    await signedInCookie();
    const entries = await storedEntries();
    const middle = entries[Math.floor(entries.length / 2)];
    if (!middle) throw new Error("no entries");
    const changed = entries.map((entry) =>
      entry.id === middle.id ? { ...entry, action: `${entry.action}-forged` } : entry,
    );
    expect(verifyChain(changed)).toMatchObject({ ok: false, brokenAt: middle.id });
    const removed = entries.filter((entry) => entry.id !== middle.id);
    expect(verifyChain(removed)).toMatchObject({ ok: false, brokenAt: middle.id + 1 });
    // Rehashing the changed entry does not help: the next entry still names the old hash.
    const rehashed = changed.map((entry) =>
      entry.id === middle.id
        ? { ...entry, hash: entryHash({ ...entry, prevHash: entry.prevHash ?? "" }) }
        : entry,
    );
    expect(verifyChain(rehashed)).toMatchObject({ ok: false, brokenAt: middle.id + 1 });
    // And the stored log itself, changed in D1.
    await env.DB.prepare("UPDATE account_events SET ip = '192.0.2.1' WHERE id = ?").bind(middle.id).run();
    expect(verifyChain(await storedEntries())).toMatchObject({ ok: false, brokenAt: middle.id });
    await env.DB.prepare("UPDATE account_events SET ip = ? WHERE id = ?").bind(middle.ip, middle.id).run();
    expect(verifyChain(await storedEntries())).toMatchObject({ ok: true });
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
    expect(verifyChain(await storedEntries())).toMatchObject({ ok: true });
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
