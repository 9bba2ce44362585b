import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import {
  adminEmails,
  insertAdmin,
  insertContact,
  insertUser,
  linksOf,
  recordingEnv,
  type SentEmail,
} from "../worker/support-mail";
import { deliver, event, recipients, tokenCount } from "./support-mail-consumer";

// The consumer from source: what it renders and sends, to whom, every field escaped and every link safe.

const HOSTILE = "<script>alert(1)</script>";

/** Every link is absolute to SITE_ORIGIN, the HTML loads nothing remote, and both versions carry `path`. */
function expectSafeLinks(email: SentEmail, path: string) {
  const links = linksOf(email);
  for (const link of links)
    expect(link.startsWith(`${env.SITE_ORIGIN}/`) || link === env.SITE_ORIGIN).toBe(true);
  expect(String(email.html)).not.toMatch(/<img|\ssrc=|url\(|<script/i);
  expect(String(email.html)).toContain(`href="${env.SITE_ORIGIN}${path.replaceAll("&", "&amp;")}`);
  expect(String(email.text)).toContain(`${env.SITE_ORIGIN}${path}`);
}

/** The token in an email's link, checked against D1: stored only as its hash, with its purpose and lifetime. */
async function expectStoredToken(email: SentEmail, path: string, purpose: string, lifetimeSeconds: number) {
  const token = new RegExp(`${path}\\?token=([a-z2-7]{52})`).exec(String(email.text))?.[1];
  expect(token).toBeDefined();
  expect(String(email.html)).toContain(`${path}?token=${token}`);
  const row = await env.DB.prepare(
    "SELECT purpose, expires_at, used_at FROM account_tokens WHERE token_hash = ?",
  )
    .bind(hashToken(token ?? ""))
    .first<{ purpose: string; expires_at: number; used_at: number | null }>();
  expect(row).toMatchObject({ purpose, used_at: null });
  const expected = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  expect(Math.abs((row?.expires_at ?? 0) - expected)).toBeLessThan(60);
  return token;
}

describe("mail consumer: the emails", () => {
  it("tells every approved, active admin who chose immediate notifications about a contact message, every field escaped", async () => {
    await insertAdmin();
    await insertAdmin();
    const inactive = await insertAdmin({ active: false });
    const pending = await insertAdmin({ approved: false });
    const member = await insertUser({ approved: true });
    const contact = await insertContact({ first_name: HOSTILE, company: "Ada & Co <b>", user_type_id: 4 });
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [event("contact-received", contact.id)]);

    expect(result.explicitAcks).toHaveLength(1);
    const admins = await adminEmails();
    expect(recipients(sent)).toEqual(admins);
    expect(admins).not.toContain(inactive.email);
    expect(admins).not.toContain(pending.email);
    expect(admins).not.toContain(member.email);
    for (const email of sent) {
      expect(email.from).toBe(env.EMAIL_FROM);
      expect(email.subject).toBe(`New message from ${HOSTILE} Hopper: Licensing opportunities`);
      expectSafeLinks(email, "/admin?tab=contacts");
      const html = String(email.html);
      expect(html).not.toContain(HOSTILE);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("Ada &amp; Co &lt;b&gt;");
      expect(html).toContain(contact.email);
      expect(html).toContain("+1 555 0100");
      expect(html).toContain("I would like to buy tokens with SOL.\nTwo lines.");
      expect(html).toMatch(/ UTC</);
      const text = String(email.text);
      for (const value of [
        HOSTILE,
        "Hopper",
        contact.email,
        "Ada & Co <b>",
        "+1 555 0100",
        "Licensing opportunities",
      ]) {
        expect(text).toContain(value);
      }
      expect(text).toContain("I would like to buy tokens with SOL.\nTwo lines.");
      expect(text).toMatch(/Received: .* UTC/);
    }
  });

  it("sends the registrant a confirmation link and the immediate admins the registrant's details", async () => {
    await insertAdmin();
    const user = await insertUser({ firstName: HOSTILE, lastName: "Byron", company: null, phone: null });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("registration-received", user.id)]);

    const admins = await adminEmails();
    expect(recipients(sent)).toEqual([...admins, user.email].sort());
    const [confirmation] = sent.filter((email) => email.to === user.email);
    if (!confirmation) throw new Error("no confirmation email");
    expect(confirmation.subject).toBe("We received your registration");
    expect(String(confirmation.text)).toContain("An administrator will review your account.");
    expect(String(confirmation.text)).toContain("valid for 24 hours");
    expect(String(confirmation.html)).not.toContain(HOSTILE);
    expectSafeLinks(confirmation, "/confirm-email?token=");
    await expectStoredToken(confirmation, "/confirm-email", "confirm-email", 24 * 60 * 60);

    for (const email of sent.filter((email) => email.to !== user.email)) {
      expect(email.subject).toBe("New account awaiting approval");
      expectSafeLinks(email, "/admin");
      expect(String(email.html)).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Byron");
      expect(String(email.html)).toContain(user.email);
      expect(String(email.text)).toContain("Company: Not given");
      expect(String(email.text)).toContain("Area of interest: FACETS token enquiry");
    }
  });

  it("tells an approved user they can log in", async () => {
    const user = await insertUser({ approved: true });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("account-approved", user.id)]);

    expect(recipients(sent)).toEqual([user.email]);
    expect(sent[0]?.subject).toBe("Your FACETS account is approved");
    expectSafeLinks(sent[0] as SentEmail, "/login");
  });

  it("sends a reset link valid for 30 minutes", async () => {
    const user = await insertUser({ approved: true });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("password-reset-requested", user.id)]);

    expect(recipients(sent)).toEqual([user.email]);
    const [email] = sent as [SentEmail];
    expect(email.subject).toBe("Reset your FACETS password");
    expect(String(email.text)).toContain("If you did not ask for this, ignore this email.");
    expect(String(email.text)).toContain("valid for 30 minutes");
    expectSafeLinks(email, "/reset-password?token=");
    await expectStoredToken(email, "/reset-password", "reset-password", 30 * 60);
  });

  it("sends no reset to a rejected or inactive account, and mints no token for it", async () => {
    const rejected = await insertUser({ rejected: true });
    const inactive = await insertUser({ approved: true, active: false });
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [
      event("password-reset-requested", rejected.id),
      event("password-reset-requested", inactive.id),
    ]);

    expect(sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await tokenCount(rejected.id)).toBe(0);
    expect(await tokenCount(inactive.id)).toBe(0);
  });

  it("acks an event whose subject no longer exists, sending nothing", async () => {
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [
      event("contact-received", 987_654_321),
      event("password-reset-requested", 987_654_321),
    ]);

    expect(sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toEqual([]);
  });
});
