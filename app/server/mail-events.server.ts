import { sql } from "drizzle-orm";
import { mailEvents } from "../../db/schema";
import type { Database } from "./db.server";

// Mail follows stored facts (GUIDE.md section 1): the event row is written in the same D1 batch as the
// fact, so there is never a fact without its mail or mail without its fact.

export type MailEventType = (typeof mailEvents.$inferSelect)["type"];

export interface MailEvent {
  id: string;
  type: MailEventType;
  subjectId: number;
}

/**
 * The statement that records a mail event right after the statement before it in a batch, and only when
 * that statement changed a row (SQLite's changes()): a repeated approval or a taken email records nothing.
 * `subject` is the row's id, or "inserted" for the row the previous INSERT created.
 */
export function mailEventStatement(db: Database, type: MailEventType, subject: number | "inserted") {
  const id = crypto.randomUUID();
  const subjectId = subject === "inserted" ? sql`last_insert_rowid()` : sql`${subject}`;
  // Every column of mail_events, in the table's order: id, type, subject_id, created_at, enqueued_at.
  const row = sql`SELECT ${id}, ${type}, ${subjectId}, unixepoch(), NULL WHERE changes() > 0`;
  return { id, statement: db.insert(mailEvents).select(row) };
}
