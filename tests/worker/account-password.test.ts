import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { PASSWORD, postJson } from "./support-accounts";
import { deliver, recordingEnv } from "./support-mail";
import { call, memberWithTwoSessions } from "./support-my-account";

// My account over the JSON API: a password change, which ends every other session at once, renews the
// current one and emails the person.

describe("POST /api/account/password", () => {
  async function mailEventsOf(email: string) {
    const { results } = await env.DB.prepare(
      "SELECT e.id, e.type, e.subject_id AS subjectId FROM mail_events e JOIN users u ON u.id = e.subject_id WHERE u.email = ? AND e.type = 'password-changed'",
    )
      .bind(email)
      .all<MailEventMessage>();
    return results;
  }

  it("changes the password, ends every other session at once, renews the current one and emails the person", async () => {
    const { email, first, second } = await memberWithTwoSessions();
    const response = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: PASSWORD, password: "a brand new passphrase" },
    });
    expect(response.status).toBe(200);
    const renewed = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(renewed).not.toBe(first);
    expect((await call("/api/account", renewed)).status).toBe(200);
    expect((await call("/api/account", first)).status).toBe(401);
    expect((await call("/api/account", second)).status).toBe(401);
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postJson("/api/login", { email, password: "a brand new passphrase" })).status).toBe(200);

    const events = await mailEventsOf(email);
    expect(events).toHaveLength(1);
    const mail = recordingEnv();
    await deliver(mail.env, events);
    expect(mail.sent.map((sent) => [sent.to, sent.subject])).toEqual([
      [email, "Your FACETS password was changed"],
    ]);
    expect(String(mail.sent[0]?.text)).not.toContain("a brand new passphrase");
  });

  it("answers 401 for a wrong current password and 400 for a weak new one, changing nothing", async () => {
    const { email, first, second } = await memberWithTwoSessions();
    const wrong = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: "not my password", password: "a brand new passphrase" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "The current password is not right." });
    const weak = await call("/api/account/password", first, {
      method: "POST",
      body: { currentPassword: PASSWORD, password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty("password");
    expect((await call("/api/account", second)).status).toBe(200);
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(200);
    expect(await mailEventsOf(email)).toEqual([]);
  });
});
