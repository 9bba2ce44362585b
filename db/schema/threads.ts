import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ANSWER_MAX, EMAIL_MAX } from "../../app/lib/field-limits";
import { lengthCheck, now, oneOfCheck } from "./columns";

// A message's conversation after the first reply (docs/decisions/174-answers-come-back-to-the-thread.md):
// the applicants' answers, which come back by email to the reply's own address, and the log of every email
// that reached the site's inbound handler, kept or not, with its reason. As in workbench.ts, a message is
// referenced by number with no foreign key (a rebuild of `contact_submissions` must not cascade); an
// erased address's messages take their answers in the erasure's batch.

/** Where an answer came from: by email to the thread's address, or on the site (a private link, /account). */
export const ANSWER_CHANNELS = ["email", "site"] as const;

/** An applicant's answer in a message's thread. */
export const messageAnswers = sqliteTable(
  "message_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** A contact message's id (no foreign key: see above). */
    contactId: integer("contact_id").notNull(),
    channel: text("channel", { enum: ANSWER_CHANNELS }).notNull(),
    /** The address it came from (the envelope's sender). */
    fromAddress: text("from_address", { length: EMAIL_MAX }).notNull(),
    /** Whether it came from the address the message was sent with: otherwise the thread flags it. */
    fromSender: integer("from_sender", { mode: "boolean" }).notNull(),
    /** The text, with the quoted history trimmed, cut at ANSWER_MAX. */
    body: text("body", { length: ANSWER_MAX }).notNull(),
    /** Attachments the mail carried, none of them kept. */
    attachmentsRefused: integer("attachments_refused").notNull().default(0),
    /**
     * What makes it one answer: the mail's Message-ID (or its digest when it has none), or `site:` and the
     * answer form's one-time key. The same mail, or the same form sent twice, is stored once.
     */
    mailId: text("mail_id").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("message_answers_contact_idx").on(table.contactId, table.createdAt),
    lengthCheck("message_answer_body_length", table.body, ANSWER_MAX),
    oneOfCheck("message_answer_channel", table.channel, ANSWER_CHANNELS),
  ],
);

/** What became of an email the inbound handler received. */
export const INBOUND_OUTCOMES = ["stored", "refused", "dropped"] as const;

/**
 * Every email the inbound handler received, with what became of it and why: a refusal is told to the
 * sending server, a drop (an auto-reply, a duplicate, a flood) is not. Counted per sender for floods;
 * pruned with the other spent records.
 */
export const inboundMail = sqliteTable(
  "inbound_mail",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    outcome: text("outcome", { enum: INBOUND_OUTCOMES }).notNull(),
    reason: text("reason").notNull(),
    answerId: integer("answer_id"),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("inbound_mail_sender_idx").on(table.fromAddress, table.createdAt),
    index("inbound_mail_created_idx").on(table.createdAt),
    oneOfCheck("inbound_mail_outcome", table.outcome, INBOUND_OUTCOMES),
  ],
);

/**
 * The private links to a thread (`/conversation?token=`), for a sender without an account: one minted for
 * each email that carries it (the acknowledgement, each reply). Only the token's sha256 is kept; a link
 * shows the thread for THREAD_LINK_DAYS, and its row stays as long again so a dead link can ask for a new
 * one, which goes to the message's own address.
 */
export const threadLinks = sqliteTable(
  "thread_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** A contact message's id (no foreign key: see above). */
    contactId: integer("contact_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [
    index("thread_links_contact_idx").on(table.contactId),
    index("thread_links_expires_idx").on(table.expiresAt),
  ],
);
