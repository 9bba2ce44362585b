import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// The audit log and the addresses behind its actor digests.

/**
 * What was done to and by accounts: sign-ins (succeeded or failed), sign-outs, changes. Written in the same
 * D1 batch as the change it records; the admin audit log grows out of it. Never holds a password, token,
 * code or secret. No foreign keys: an entry outlives the sessions it names.
 */
export const accountEvents = sqliteTable(
  "account_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp" }).notNull().default(now),
    actorId: integer("actor_id"),
    subjectId: integer("subject_id"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["success", "failure"] }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    country: text("country"),
    requestId: text("request_id"),
    /** sha256 of the actor's address at the time (audit_emails turns it back into the address). */
    actorEmailSha256: text("actor_email_sha256"),
    /** The hash of the entry before this one (64 zeros for the first): the chain (audit-chain.ts). */
    prevHash: text("prev_hash"),
    /**
     * HMAC-SHA256 of this entry's fields, prevHash and keyId under the AUDIT_LOG_KEY secret (plain sha256
     * on entries made before the key); null only on entries made before the chain.
     */
    hash: text("hash"),
    /** The id of the key `hash` is under (audit-chain.ts `auditKeyOf`); null on the plain sha256 entries. */
    keyId: text("key_id"),
  },
  (table) => [
    index("account_events_subject_idx").on(table.subjectId, table.at),
    index("account_events_actor_idx").on(table.actorId, table.at),
    index("account_events_at_idx").on(table.at),
    // The Activity tab's filters by an address (the person's digest) and by action, in the log's order.
    index("account_events_actor_email_idx").on(table.actorEmailSha256, table.at),
    index("account_events_action_idx").on(table.action, table.at),
  ],
);

/**
 * The addresses behind the audit log's actor digests, so the log can show who acted while keeping no
 * address in its entries: erasing a person deletes their row here and leaves the chained entries intact.
 */
export const auditEmails = sqliteTable("audit_emails", {
  sha256: text("sha256").primaryKey(),
  email: text("email").notNull(),
});
