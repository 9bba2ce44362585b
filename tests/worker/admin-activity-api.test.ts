import { describe, expect, it } from "vitest";
import { postJson, signedInCookie } from "./support-accounts";
import { adminCall, pendingUser } from "./support-audit";

// GET /api/admin/activity: the audit log's entries for administrators, newest first with the actor's address,
// filtered and paged; members get 403.

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
