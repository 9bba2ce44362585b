import { env } from "cloudflare:test";
import { expect } from "vitest";
import { type MailEventMessage, mailEventRow } from "../../app/server/mail-outbox.server";
import { insertContact, insertUser, linksOf, type SentEmail } from "./support-mail";

// What the staff-notification suites share: events as the producers store them, and what the emails to
// the administrators must carry.

/** A fixed clock for the digests (the code's `now`), minutes after a start. */
export const START = new Date("2026-11-27T12:00:00Z");
export const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

/** A contact message stored with its event, as the contact form does. */
export async function contactWithEvent(facts: Record<string, string | number | null> = {}) {
  const contact = await insertContact(facts);
  return { contact, event: mailEventRow("contact-received", contact.id) };
}

/** A pending registration stored with its event, as registering does. */
export async function registrationWithEvent() {
  const user = await insertUser();
  return { user, event: mailEventRow("registration-received", user.id) as MailEventMessage };
}

export const to = (sent: SentEmail[], address: string) => sent.filter((email) => email.to === address);

export const isDigest = (email: SentEmail) => email.subject.startsWith("FACETS digest:");

/** The headers a mail client files a staff notification by. */
export function expectStaffHeaders(email: SentEmail, reason: "immediate" | "digest") {
  const headers = (email as { headers?: Record<string, string> }).headers ?? {};
  expect(headers["List-Id"]).toBe(
    `FACETS staff notifications <staff-notifications.${new URL(env.SITE_ORIGIN).hostname}>`,
  );
  expect(headers["X-FACETS-Reason"]).toMatch(new RegExp(`^${reason}; you chose `));
  expect(headers["Auto-Submitted"]).toBe("auto-generated");
}

/** Every link of an email is absolute to the site's origin. */
export function expectSiteLinks(email: SentEmail) {
  for (const link of linksOf(email))
    expect(link === env.SITE_ORIGIN || link.startsWith(`${env.SITE_ORIGIN}/`)).toBe(true);
}

export async function countWhere(sql: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`).first<{ n: number }>();
  return row?.n ?? 0;
}
