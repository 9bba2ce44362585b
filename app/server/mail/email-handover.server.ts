import { renderEmail } from "~/emails/render-email";
import { staffNotificationHeaders } from "~/emails/staff-notification-headers";
import { emit } from "../events.server";
import { mailAddressOf, replyAddressOf } from "../threads/thread-address";
import { MAIL_MAX_RETRIES } from "./mail-delivery.server";
import type { PlannedEmail } from "./planned-emails.server";

// Handing one email to Email Service (the EMAIL binding), and reading its refusals: shared by the events'
// emails (mail-consumer.server.ts) and the administrators' digests (staff-digests.server.ts).

/** Which stored event an email is sent for, and the request that stored it: for the email's log event. */
export interface MailOrigin {
  /** Absent for a digest, which no one event asked for. */
  mailEventId?: string;
  originRequestId: string | null;
  /** The queue message's delivery, 1 the first: past MAIL_MAX_RETRIES a failure is not retried. */
  attempts?: number;
}

/**
 * Renders a planned email and hands it to Email Service; a notification to an administrator carries its
 * headers. Every hand-over leaves one event: `mail.handed-over`, or `mail.failed` with Email Service's code
 * (the error is thrown on for the caller to retry or park).
 */
export async function handOver(env: Env, email: PlannedEmail, origin?: MailOrigin): Promise<void> {
  const fields = { mailType: email.kind, ...origin };
  try {
    await send(env, email);
  } catch (error) {
    emit("mail.failed", {
      ...fields,
      reason: errorCode(error) ?? "send-error",
      retried: !undeliverableCode(error) && (origin?.attempts ?? 0) <= MAIL_MAX_RETRIES,
    });
    throw error;
  }
  emit("mail.handed-over", fields);
}

async function send(env: Env, email: PlannedEmail): Promise<void> {
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
