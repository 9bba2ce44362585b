import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTE_MAX, REPLY_MAX } from "../../app/lib/field-limits";
import { lengthCheck, now } from "./columns";
import { users } from "./people";

// What staff write in the workbench (docs/decisions/153-notes-replies-and-a-timeline.md): internal notes on
// a message or a person, seen only by administrators, and the replies sent to a message's sender. Both go
// with what they are about: an erased account takes its notes by its foreign key, as the other tables of a
// person do; an erased address's messages take theirs in the erasure's batch (address-erasure.server.ts).
// A message and an author are referenced by number with no foreign key on purpose: a migration that
// rebuilds `contact_submissions` or `users` (as drizzle-kit does to add a CHECK) drops the old table, and
// in D1 that cascades, even with foreign keys deferred, so a cascading key would delete every note and
// reply, and a "set null" one every author. Ids are never reused (AUTOINCREMENT).

/** An administrator's note on exactly one subject: a contact message or a person's account. */
export const staffNotes = sqliteTable(
  "staff_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** A contact message's id (no foreign key: see above). */
    contactId: integer("contact_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Who wrote it: an administrator's account id (no foreign key: see above). */
    authorId: integer("author_id").notNull(),
    body: text("body", { length: NOTE_MAX }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("staff_notes_contact_idx").on(table.contactId, table.createdAt),
    index("staff_notes_user_idx").on(table.userId, table.createdAt),
    lengthCheck("staff_note_body_length", table.body, NOTE_MAX),
    check("staff_note_one_subject", sql`(${table.contactId} IS NULL) <> (${table.userId} IS NULL)`),
  ],
);

/**
 * A reply written in the workbench and mailed to the message's sender (mail event "message-reply", whose
 * subject is the reply's id). `submission_key` is the reply form's one-time key: a second submit of the same
 * form stores nothing and sends nothing.
 */
export const messageReplies = sqliteTable(
  "message_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** A contact message's id (no foreign key: see above). */
    contactId: integer("contact_id").notNull(),
    /** Who wrote it (its `Reply-To`): an administrator's account id (no foreign key: see above). */
    authorId: integer("author_id").notNull(),
    body: text("body", { length: REPLY_MAX }).notNull(),
    submissionKey: text("submission_key").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("message_replies_contact_idx").on(table.contactId, table.createdAt),
    lengthCheck("message_reply_body_length", table.body, REPLY_MAX),
  ],
);
