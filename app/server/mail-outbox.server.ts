import { and, asc, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { mailEvents } from "../../db/schema";
import { type Database, getDb } from "./db.server";
import { currentRequestIdOfRequest } from "./events.server";

// The producer side of mail (docs/architecture.md): an operation inserts a
// mail_events row in the same D1 batch as its fact, then publishes it with ctx.waitUntil. Whatever happens
// on the way to the queue, the request has already succeeded; the scheduled sweep publishes what was missed.

export type MailEventType = (typeof mailEvents.$inferSelect)["type"];

/** The body of a message on MAIL_QUEUE: the mail_events row (its id is the idempotency key's first half). */
export interface MailEventMessage {
  id: string;
  type: MailEventType;
  subjectId: number;
  /** The request that stored the event (absent when the sweep publishes it): its mail's log events name it. */
  requestId?: string;
}

/** The columns to ask back with `.returning(mailEventColumns)`: exactly a MailEventMessage. */
export const mailEventColumns = { id: mailEvents.id, type: mailEvents.type, subjectId: mailEvents.subjectId };

/** A new event about `subjectId` (a contact submission's or a user's id), for `db.insert(mailEvents).values(…)`. */
export function mailEventRow(type: MailEventType, subjectId: number): MailEventMessage {
  return { id: crypto.randomUUID(), type, subjectId };
}

/**
 * The statement that stores a new event only if the statement just before it in the same `db.batch([...])`
 * changed exactly one row (D1 runs a batch in order, on one connection, in one transaction): a conditional
 * UPDATE that found nothing to do, or an `INSERT … ON CONFLICT DO NOTHING` that inserted nothing, then
 * sends no mail. Without `subjectId` the event is about the row that INSERT created (`last_insert_rowid()`,
 * for when its id is not known yet); after an UPDATE, pass the id (last_insert_rowid() knows only inserts).
 * Its result in the batch is `[]` or `[event]`: publish what it returns.
 */
export function insertMailEventIfChanged(db: Database, type: MailEventType, subjectId?: number) {
  const subject = subjectId === undefined ? sql`last_insert_rowid()` : sql`${subjectId}`;
  // The selected values follow the table's columns: id, type, subject_id, created_at, enqueued_at, recipient.
  return db
    .insert(mailEvents)
    .select(
      sql`SELECT ${crypto.randomUUID()}, ${type}, ${subject}, unixepoch(), NULL, NULL WHERE changes() = 1`,
    )
    .returning(mailEventColumns);
}

/**
 * The statement that stores one event of `type` for each id `subjects` selects (a SELECT of one column,
 * `id`): the mail of a bulk action, written before the statement that changes those rows, in the same batch
 * and under the same condition. Its result in the batch is the events stored: publish what it returns.
 */
export function insertMailEventsFor(db: Database, type: MailEventType, subjects: SQL) {
  return db
    .insert(mailEvents)
    .select(
      sql`SELECT lower(hex(randomblob(16))), ${type}, subject.id, unixepoch(), NULL, NULL FROM (${subjects}) AS subject`,
    )
    .returning(mailEventColumns);
}

/**
 * The statement that stores `event` only if `condition` (SQL) holds when the batch reaches it: for a change
 * that may touch several rows, or none, where `changes() = 1` cannot tell. Later statements of the batch
 * can test whether it was stored (`mailEventStoredSql`). Its result in the batch is `[]` or `[event]`:
 * publish what it returns.
 */
export function insertMailEventWhere(db: Database, event: MailEventMessage, condition: SQL) {
  return db
    .insert(mailEvents)
    .select(
      sql`SELECT ${event.id}, ${event.type}, ${event.subjectId}, unixepoch(), NULL, NULL WHERE ${condition}`,
    )
    .returning(mailEventColumns);
}

/** SQL that is true once `event` is stored: a later statement of the same batch goes on only if it was. */
export function mailEventStoredSql(event: MailEventMessage) {
  return sql`EXISTS (SELECT 1 FROM mail_events AS stored WHERE stored.id = ${event.id})`;
}

// Queues takes at most 100 messages per sendBatch, D1 at most 100 bound parameters per statement.
const SEND_BATCH_LIMIT = 50;
const SWEEP_LIMIT = 200;
const SWEEP_AGE_SECONDS = 60;

async function sendAndMark(env: Env, events: readonly MailEventMessage[]): Promise<void> {
  await env.MAIL_QUEUE.sendBatch(
    events.map(({ id, type, subjectId }) => {
      const requestId = currentRequestIdOfRequest();
      return { body: { id, type, subjectId, ...(requestId && { requestId }) } satisfies MailEventMessage };
    }),
  );
  await getDb(env)
    .update(mailEvents)
    .set({ enqueuedAt: new Date() })
    .where(
      inArray(
        mailEvents.id,
        events.map((event) => event.id),
      ),
    );
}

/**
 * Puts events on MAIL_QUEUE and records when. Never throws: a failure is logged and the scheduled sweep
 * tries again. Returns how many events were published.
 */
export async function publishMailEvents(env: Env, events: readonly MailEventMessage[]): Promise<number> {
  let published = 0;
  for (let start = 0; start < events.length; start += SEND_BATCH_LIMIT) {
    const chunk = events.slice(start, start + SEND_BATCH_LIMIT);
    try {
      await sendAndMark(env, chunk);
      published += chunk.length;
    } catch (error) {
      console.error("mail: publishing events failed; the sweep will retry", {
        events: chunk.map((event) => event.id),
        error: String(error),
      });
    }
  }
  return published;
}

/**
 * For `scheduled()`: publishes again the events never marked enqueued that are older than a minute
 * (oldest first, at most 200 a run). Never throws; returns how many were published.
 */
export async function sweepUnpublishedMail(env: Env): Promise<number> {
  try {
    const cutoff = new Date(Date.now() - SWEEP_AGE_SECONDS * 1000);
    const pending = await getDb(env)
      .select(mailEventColumns)
      .from(mailEvents)
      .where(and(isNull(mailEvents.enqueuedAt), lte(mailEvents.createdAt, cutoff)))
      .orderBy(asc(mailEvents.createdAt))
      .limit(SWEEP_LIMIT);
    if (pending.length > 0) console.warn("mail: republishing unpublished events", { count: pending.length });
    return await publishMailEvents(env, pending);
  } catch (error) {
    console.error("mail: the sweep failed", { error: String(error) });
    return 0;
  }
}

/**
 * Marks events unpublished again, for the next sweep: on a pull request's Preview, which has no queue to
 * retry them, after a delivery failed (workers/preview-jobs.ts).
 */
export async function markUnpublished(env: Env, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb(env)
    .update(mailEvents)
    .set({ enqueuedAt: null })
    .where(inArray(mailEvents.id, [...ids]));
}
