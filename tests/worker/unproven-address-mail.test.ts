import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import {
  approve,
  PASSWORD,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { call, mailEventsOf } from "./support-credentials";
import { deliver, recordingEnv } from "./support-mail";

// Mail to an address not yet proven to be the person's carries no text that person typed: no name typed at
// registration or before an address change; the name once the address is confirmed.

describe("mail to an address not yet proven", () => {
  it("greets nobody by a name they typed: the registration's confirmation and the new address's link", async () => {
    const typed = "Click evil.example now";
    const email = uniqueEmail("unproven");
    expect((await registerViaApi(email, { firstName: typed })).status).toBe(201);
    const id = await userIdOf(email);
    const registered = await mailEventsOf(id, "registration-received");
    await approve(email);
    const login = await postJson("/api/login", { email, password: PASSWORD });
    const cookie = sessionCookieOf(login);
    const to = uniqueEmail("someone-else").toLowerCase();
    expect((await call("/api/account/email", cookie, { password: PASSWORD, email: to })).status).toBe(202);
    const { results: changed } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'email-change-requested' AND subject_id IN (SELECT id FROM email_changes WHERE user_id = ?)",
    )
      .bind(id)
      .all<MailEventMessage>();
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [...registered, ...changed]);
    const toRegistrant = sent.find((message) => message.subject === "We received your registration");
    const toNewAddress = sent.find((message) => message.to === to);
    expect(toNewAddress?.subject).toBe("Confirm your new FACETS email address");
    for (const message of [toRegistrant, toNewAddress]) {
      expect(message).toBeDefined();
      expect(String(message?.text)).not.toContain(typed);
      expect(String(message?.html)).not.toContain(typed);
      expect(String(message?.text)).toContain("Hello,");
    }
    // The old address (the account's, not yet confirmed either) is not greeted by that name.
    const toOld = sent.find((message) => message.to === email.toLowerCase() && message !== toRegistrant);
    expect(String(toOld?.text)).not.toContain(typed);
  });

  it("greets the person by name once their address is confirmed", async () => {
    const email = uniqueEmail("proven");
    await registerViaApi(email, { firstName: "Grace" });
    await approve(email);
    const id = await userIdOf(email);
    await env.DB.prepare("UPDATE users SET email_confirmed_at = unixepoch() WHERE id = ?").bind(id).run();
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [{ id: crypto.randomUUID(), type: "account-approved", subjectId: id }]);
    expect(String(sent[0]?.text)).toContain("Hello Grace,");
  });
});
