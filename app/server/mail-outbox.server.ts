import { inArray } from "drizzle-orm";
import { mailEvents } from "../../db/schema";
import { getDb } from "./db.server";
import type { MailEvent } from "./mail-events.server";

/** Puts stored events on the queue and marks them enqueued; never throws (the cron sweep retries). */
export async function publishMailEvents(env: Env, events: MailEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await env.MAIL_QUEUE.sendBatch(events.map((event) => ({ body: event })));
    await getDb(env)
      .update(mailEvents)
      .set({ enqueuedAt: new Date() })
      .where(
        inArray(
          mailEvents.id,
          events.map((event) => event.id),
        ),
      );
  } catch (error) {
    console.error("Mail events not enqueued; the sweep will retry.", error);
  }
}
