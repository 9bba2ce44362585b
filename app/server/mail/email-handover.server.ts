import { renderEmail } from "~/emails/render-email";
import { staffNotificationHeaders } from "~/emails/staff-notification-headers";
import { mailAddressOf, replyAddressOf } from "../threads/thread-address";
import type { PlannedEmail } from "./planned-emails.server";

// Handing one email to Email Service (the EMAIL binding), and reading its refusals: shared by the events'
// emails (mail-consumer.server.ts) and the administrators' digests (staff-digests.server.ts).

/** Renders a planned email and hands it to Email Service; a notification to an administrator carries its headers. */
export async function handOver(env: Env, email: PlannedEmail): Promise<void> {
  const { subject, html, text } = renderEmail(await email.message(), env.SITE_ORIGIN);
  const headers = email.notifies ? staffNotificationHeaders(env.SITE_ORIGIN, email.notifies) : undefined;
  const replyTo = email.thread === undefined ? email.replyTo : replyAddressOf(env, email.thread);
  await env.EMAIL.send({
    from: email.fromName
      ? { email: mailAddressOf(env.EMAIL_FROM), name: `${email.fromName} of FACETS` }
      : env.EMAIL_FROM,
    to: email.to,
    subject,
    html,
    text,
    ...(headers && { headers }),
    ...(replyTo && { replyTo }),
  });
}

/**
 * Email Service's refusals that no retry can fix soon: the address is on the suppression list (it bounced or
 * complained) or not allowed by the binding. One send per recipient keeps such an address from blocking others.
 */
const UNDELIVERABLE = new Set(["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED"]);

/** Email Service's error code (e.g. "E_RATE_LIMIT_EXCEEDED"), when the error carries one. */
function errorCode(error: unknown): string | null {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : null;
}

export function undeliverableCode(error: unknown): string | null {
  const code = errorCode(error);
  return code && UNDELIVERABLE.has(code) ? code : null;
}

/** A failure as one log line: the code first, so the logs can be grouped by it. */
export function describeFailure(error: unknown): string {
  const code = errorCode(error);
  return code ? `${code}: ${String(error)}` : String(error);
}
