import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./support";
import { freshIp, PASSWORD, postForm, signedInCookie, userIdOf } from "./support-accounts";
import { events } from "./support-second-factors";

// An administrator's power over another person's sign-in: ending every session of a person, and resetting
// their second factors after "Confirm it's you", which emails them and has them enrol again.

describe("an administrator's power over another person's sign-in", () => {
  function adminPost(path: string, cookie: string) {
    return fetchWorker(path, { method: "POST", headers: { Cookie: cookie, "CF-Connecting-IP": freshIp() } });
  }

  it("ends every session of a person at once, with one entry", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    const id = await userIdOf(member.email);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: member.cookie } })).status).toBe(200);
    const ended = await adminPost(`/api/admin/end-sessions/${id}`, admin.cookie);
    expect(ended.status).toBe(200);
    expect((await fetchWorker("/api/account", { headers: { Cookie: member.cookie } })).status).toBe(401);
    const again = await adminPost(`/api/admin/end-sessions/${id}`, admin.cookie);
    expect(await again.json()).toEqual({ ok: true, changed: false });
    const entries = await events(id, "sessions-ended");
    expect(entries).toEqual([
      { action: "sessions-ended", outcome: "success", actor_id: await userIdOf(admin.email) },
    ]);
  });

  it("resets a person's second factors after Confirm it's you, emails them, and they enrol again", async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const id = await userIdOf(other.email);
    const adminId = await userIdOf(admin.email);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(adminId)
      .run();
    const stale = await adminPost(`/api/admin/reset-second-factors/${id}`, admin.cookie);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ error: "Confirm it's you", reauthenticate: "required" });
    const deactivate = await adminPost(`/api/admin/deactivate-user/${id}`, admin.cookie);
    expect(deactivate.status).toBe(403);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() WHERE user_id = ?")
      .bind(adminId)
      .run();
    const reset = await adminPost(`/api/admin/reset-second-factors/${id}`, admin.cookie);
    expect(reset.status).toBe(200);
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM totp_credentials WHERE user_id = ?1) + (SELECT count(*) FROM sessions WHERE user_id = ?1) AS n",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    const mail = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_events WHERE type = 'second-factors-reset' AND subject_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);
    expect(await events(id, "second-factors-reset")).toEqual([
      { action: "second-factors-reset", outcome: "success", actor_id: adminId },
    ]);
    // Their next sign-in needs no code and lands on enrolment.
    const form = await postForm("/login", { intent: "login", email: other.email, password: PASSWORD });
    expect(form.headers.get("Location")).toBe("/account/security");
  });
});
