import { env } from "cloudflare:test";
import { handleMailBatch } from "../../app/server/mail/mail-consumer.server";
import { type MailEventMessage, mailEventRow } from "../../app/server/mail-outbox.server";
import { deliveryBy, type SentEmail } from "../worker/support-mail";

// The consumer from source (mail-emails.test.ts, mail-delivery.test.ts): what it renders and sends, and
// how it acks and retries. The build's consumer chunk runs in the suites that drive the built Worker
// (tests/worker) and under `wrangler dev` (tests/e2e).
export const deliver = deliveryBy(async () => handleMailBatch);

export function event(type: MailEventMessage["type"], subjectId: number): MailEventMessage {
  return mailEventRow(type, subjectId);
}

export function recipients(sent: SentEmail[]): string[] {
  return sent.map((email) => String(email.to)).sort();
}

export async function tokenCount(userId: number) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM account_tokens WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
