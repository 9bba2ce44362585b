import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { PERSONAL_SUBJECTS } from "../../app/content/email-subjects";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker } from "./support";
import { signedInCookie } from "./support-accounts";
import { addPasskey, call, mailOf, removeApp, removePasskey, signedIn } from "./support-factors";
import { deliver, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator } from "./support-passkeys";

// Every change of a person's second factors is emailed to its owner, with what changed and when; an
// administrator's reset sends its own email and no other. Passkeys come from the software authenticator,
// through the built Worker.

describe("emails about second factors", () => {
  it("tells the owner of every factor added or removed, with what changed and when", async () => {
    const member = await signedIn();
    const started = await call("/api/auth/totp", { body: {}, cookie: member.cookie });
    expect(started.status).toBe(201);
    const { secret } = await started.json<{ secret: string }>();
    const code = totpCodeAt(decodeBase32IgnorePadding(secret), Math.floor(Date.now() / 30_000));
    expect((await call("/api/auth/totp/confirm", { body: { code }, cookie: member.cookie })).status).toBe(
      200,
    );
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    expect((await call("/api/auth/recovery-codes", { cookie: member.cookie })).status).toBe(200);
    expect((await removePasskey(member.cookie, key.id)).status).toBe(204);
    expect((await removeApp(member.cookie)).status).toBe(204);

    const events = await mailOf(member.id);
    const changes = [
      "totp-enabled",
      "passkey-added",
      "recovery-codes-generated",
      "passkey-removed",
      "totp-removed",
    ] as const;
    // The first factor's recovery codes come with its own email, not one of their own.
    expect(events.map((event) => event.type)).toEqual(changes);

    const { env: testEnv, sent } = recordingEnv();
    const { result } = await deliver(testEnv, events);
    expect(result.explicitAcks).toHaveLength(events.length);
    expect(sent.map((email) => email.subject)).toEqual(changes.map((change) => PERSONAL_SUBJECTS[change]));
    for (const email of sent) {
      expect(email.to).toBe(member.email);
      const text = String(email.text);
      expect(text).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./);
      expect(text).toContain("If this was not you, change your password now");
      expect(text).toContain(`${env.SITE_ORIGIN}/account/security`);
      expect(text).not.toContain(secret);
    }
    expect(String(sent[1]?.text)).toContain("A passkey was added to your FACETS account on ");
    expect(String(sent[3]?.text)).toContain("A passkey was removed from your FACETS account on ");

    // The person's copy of their data lists them among the emails we sent.
    const copy = await fetchWorker("/api/account/export", { headers: { Cookie: member.cookie } });
    expect(copy.status).toBe(200);
    const { emails } = await copy.json<{ emails: { subject: string }[] }>();
    for (const change of changes) {
      expect(emails.map((email) => email.subject)).toContain(PERSONAL_SUBJECTS[change]);
    }
  });

  it("sends nothing more than the reset's own email when an administrator resets the factors", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const before = (await mailOf(member.id)).length;
    const admin = await signedInCookie({ admin: true });
    const reset = await call(`/api/admin/reset-second-factors/${member.id}`, { cookie: admin.cookie });
    expect(reset.status).toBe(200);
    expect((await mailOf(member.id)).slice(before).map((event) => event.type)).toEqual([
      "second-factors-reset",
    ]);
  });
});
