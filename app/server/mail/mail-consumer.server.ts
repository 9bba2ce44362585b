import { and, eq, gte, lt } from "drizzle-orm";
import { renderEmail } from "~/emails/render-email";
import { emailDeliveries, mailEvents } from "../../../db/schema";
import { type Database, getDb } from "../db.server";
import type { MailEventMessage } from "../mail-outbox.server";
import { deliveryKey, retryDelaySeconds } from "./mail-delivery.server";
import { mailEventOf } from "./mail-events.server";
import type { PlannedEmail } from "./planned-emails.server";

// The queue() consumer: an event names a stored fact; the facts are read again from D1, the emails they call
// for are rendered and handed to Email Service. Each (event, recipient) is recorded once sent, so a
// redelivered event sends only what is still missing. Any failure retries the whole event with backoff;
// after max_retries, Queues moves it to the dead-letter queue. What each event sends is declared in
// mail-events.server.ts; this module only delivers it.

function isMailEventMessage(body: unknown): body is MailEventMessage {
  if (typeof body !== "object" || body === null) return false;
  const { id, type, subjectId } = body as Record<string, unknown>;
  return (
    typeof id === "string" &&
    (mailEvents.type.enumValues as readonly unknown[]).includes(type) &&
    Number.isSafeInteger(subjectId)
  );
}

/** Keys already recorded for this event (a range scan of the primary key: every key starts with `id:`). */
async function deliveredKeys(db: Database, eventId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: emailDeliveries.key })
    .from(emailDeliveries)
    .where(and(gte(emailDeliveries.key, `${eventId}:`), lt(emailDeliveries.key, `${eventId};`)));
  return new Set(rows.map((row) => row.key));
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

function undeliverableCode(error: unknown): string | null {
  const code = errorCode(error);
  return code && UNDELIVERABLE.has(code) ? code : null;
}

/** A failure as one log line: the code first, so the logs can be grouped by it. */
function describeFailure(error: unknown): string {
  const code = errorCode(error);
  return code ? `${code}: ${String(error)}` : String(error);
}

async function sendOnce(env: Env, db: Database, key: string, email: PlannedEmail): Promise<void> {
  const { subject, html, text } = renderEmail(await email.message(), env.SITE_ORIGIN);
  const replyTo = email.replyTo ? { replyTo: email.replyTo } : {};
  await env.EMAIL.send({ from: env.EMAIL_FROM, to: email.to, subject, html, text, ...replyTo });
  await db.insert(emailDeliveries).values({ key }).onConflictDoNothing();
}

/** Sends what the event still owes; throws if any email failed (the ones that went out stay recorded). */
async function deliverEvent(env: Env, event: MailEventMessage): Promise<"delivered" | "subject-missing"> {
  const db = getDb(env);
  const declaration = mailEventOf(event.type);
  const planned = await declaration.emails(db, event);
  if (planned === null) return "subject-missing";
  const delivered = await deliveredKeys(db, event.id);
  const failures: unknown[] = [];
  for (const email of planned) {
    const key = deliveryKey(event.id, email.to);
    if (delivered.has(key)) continue;
    await sendOnce(env, db, key, email).catch((error: unknown) => {
      const code = undeliverableCode(error);
      if (code)
        console.warn("mail: Email Service refused a recipient; not retried", { event: event.id, code });
      else failures.push(error);
    });
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} of the event's emails failed`);
  // A deletion's confirmation kept the address only to send it: now nothing of ours holds it.
  if (declaration.forgetsRecipient) {
    await db.update(mailEvents).set({ recipient: null }).where(eq(mailEvents.id, event.id));
  }
  return "delivered";
}

async function handleMessage(message: Message<MailEventMessage>, env: Env): Promise<void> {
  const event: unknown = message.body;
  if (!isMailEventMessage(event)) {
    console.error("mail: malformed message dropped", { messageId: message.id, body: JSON.stringify(event) });
    message.ack();
    return;
  }
  try {
    const outcome = await deliverEvent(env, event);
    if (outcome === "subject-missing")
      console.warn("mail: the event's subject no longer exists; nothing sent", event);
    message.ack();
  } catch (error) {
    const delaySeconds = retryDelaySeconds(message.attempts);
    const reasons = (error instanceof AggregateError ? error.errors : [error]).map(describeFailure);
    console.error("mail: delivery failed, retrying", {
      ...event,
      attempts: message.attempts,
      delaySeconds,
      reasons,
    });
    message.retry({ delaySeconds });
  }
}

/** The queue() handler of MAIL_QUEUE: every message is acked or retried on its own. Never throws. */
export async function handleMailBatch(batch: MessageBatch<MailEventMessage>, env: Env): Promise<void> {
  await Promise.all(batch.messages.map((message) => handleMessage(message, env)));
}
