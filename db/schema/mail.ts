import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// The mail outbox and the record of what was handed to Email Service.

/**
 * The outbox of mail: one row per stored fact that people must hear about, written in the same batch as
 * the fact itself, then put on the queue. A row not yet enqueued is sent again by the scheduled sweep.
 */
export const mailEvents = sqliteTable(
  "mail_events",
  {
    id: text("id").primaryKey(),
    type: text("type", {
      enum: [
        "contact-received",
        "registration-received",
        // Someone registered again with the address of an existing account: its owner is told (subject: the user).
        "registration-attempted",
        "account-approved",
        "password-reset-requested",
        "password-changed",
        "email-change-requested",
        "email-changed",
        "account-deleted",
        "privacy-request",
        "data-erased",
        "recovery-code-used",
        "second-factors-reset",
        "second-factor-wrong-code",
        "second-factor-locked-client",
        "second-factor-locked-account",
        // Wrong passwords held a client (or the account's ceiling was reached) at sign-in.
        "password-held",
        // A second factor added or removed by its owner (the subject is the user).
        "totp-enabled",
        "totp-removed",
        "passkey-added",
        "passkey-removed",
        "passkeys-removed-at-reset",
        "recovery-codes-generated",
        "second-factor-enrolment-link",
        // A reply written in the workbench, to the message's sender (the subject is the reply).
        "message-reply",
        // An applicant's answer came back to a thread (the subject is the answer): staff are told as they chose.
        "message-answered",
        // A contact message's acknowledgement to its address (the subject is the message), at most 3 a day.
        "contact-acknowledged",
        // A new private link to a thread, asked for on a dead one (the subject is the message).
        "thread-link-requested",
      ],
    }).notNull(),
    /**
     * The row the event is about, by type: a contact submission's, a user's, an email change's or a privacy
     * request's id, or a workbench reply's.
     */
    subjectId: integer("subject_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    enqueuedAt: integer("enqueued_at", { mode: "timestamp" }),
    /**
     * Only for mail to a person whose rows are gone (a deletion or an erasure confirmed): the address to
     * tell. The consumer blanks it once the email is handed to Email Service.
     */
    recipient: text("recipient"),
  },
  (table) => [index("mail_events_pending_idx").on(table.enqueuedAt, table.createdAt)],
);

/** Idempotency of delivery: one row per (event, recipient) email handed to Email Service. */
export const emailDeliveries = sqliteTable("email_deliveries", {
  key: text("key").primaryKey(),
  sentAt: integer("sent_at", { mode: "timestamp" }).notNull().default(now),
});
