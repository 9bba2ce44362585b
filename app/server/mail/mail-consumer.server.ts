import { tracing } from "cloudflare:workers";
import { and, eq, gte, lt } from "drizzle-orm";
import { emailDeliveries, mailEvents } from "../../../db/schema";
import { type Database, getDb } from "../db.server";
import type { MailEventMessage } from "../mail-outbox.server";
import { describeFailure, handOver, undeliverableCode } from "./email-handover.server";
import { deliveryKey, retryDelaySeconds } from "./mail-delivery.server";
import { mailEventOf } from "./mail-events.server";
import type { PlannedEmail } from "./planned-emails.server";
import { sendDueDigests } from "./staff-digests.server";

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

async function sendOnce(
  env: Env,
  db: Database,
  key: string,
  email: PlannedEmail,
  event: MailEventMessage,
  attempts: number,
): Promise<void> {
  await handOver(env, email, {
    mailEventId: event.id,
    originRequestId: event.requestId ?? null,
    attempts,
  });
  await db.insert(emailDeliveries).values({ key }).onConflictDoNothing();
}

/** Sends what the event still owes; throws if any email failed (the ones that went out stay recorded). */
async function deliverEvent(
  env: Env,
  event: MailEventMessage,
  now: Date,
  attempts: number,
): Promise<"delivered" | "subject-missing"> {
  const db = getDb(env);
  const declaration = mailEventOf(event.type);
  const planned = await declaration.emails(db, event);
  if (planned === null) return "subject-missing";
  const delivered = await deliveredKeys(db, event.id);
  const failures: unknown[] = [];
  for (const email of planned) {
    const key = deliveryKey(event.id, email.to);
    if (delivered.has(key)) continue;
    // A refusal no retry fixes was logged as `mail.failed` (retried: false) by the hand-over.
    await sendOnce(env, db, key, email, event, attempts).catch((error: unknown) => {
      if (!undeliverableCode(error)) failures.push(error);
    });
  }
  if (declaration.wakesDigests)
    failures.push(...(await sendDueDigests(env, db, now, event.requestId ?? null)));
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} of the event's emails failed`);
  // A deletion's confirmation kept the address only to send it: now nothing of ours holds it.
  if (declaration.forgetsRecipient) {
    await db.update(mailEvents).set({ recipient: null }).where(eq(mailEvents.id, event.id));
  }
  return "delivered";
}

async function handleMessage(message: Message<MailEventMessage>, env: Env, now: Date): Promise<void> {
  const event: unknown = message.body;
  if (!isMailEventMessage(event)) {
    console.error("mail: malformed message dropped", { messageId: message.id, body: JSON.stringify(event) });
    message.ack();
    return;
  }
  try {
    const outcome = await deliverEvent(env, event, now, message.attempts);
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

/**
 * The queue() handler of MAIL_QUEUE: every message is acked or retried on its own. Never throws. `now` is the
 * digests' clock (tests pass their own).
 */
export async function handleMailBatch(
  batch: MessageBatch<MailEventMessage>,
  env: Env,
  now = new Date(),
): Promise<void> {
  await tracing.enterSpan("mail.batch", async (span) => {
    span.setAttribute("messages", batch.messages.length);
    await Promise.all(batch.messages.map((message) => handleMessage(message, env, now)));
  });
}

/**
 * For the five-minute cron: sends the digests now due (news came after an administrator's last digest, and
 * 15 minutes have passed) and any a failed or interrupted send left behind. Never throws.
 */
export async function sendDigestsDue(env: Env, now = new Date()): Promise<void> {
  try {
    const failures = await sendDueDigests(env, getDb(env), now);
    if (failures.length > 0)
      console.error("mail: digests failed; the next run tries again", {
        reasons: failures.map(describeFailure),
      });
  } catch (error) {
    console.error("mail: the digest run failed", { error: String(error) });
  }
}
