import { sql } from "drizzle-orm";
import type { mailEvents } from "../../db/schema";
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
  return {
    id,
    statement: db.run(
      sql`INSERT INTO mail_events (id, type, subject_id) SELECT ${id}, ${type}, ${subjectId} WHERE changes() > 0`,
    ),
  };
}
