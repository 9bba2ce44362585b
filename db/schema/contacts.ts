import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { COMPANY_MAX, EMAIL_MAX, FIRST_NAME_MAX, LAST_NAME_MAX, PHONE_MAX } from "../../app/lib/field-limits";
import { ARRIVAL_STATE, CLOSED_STATES, MESSAGE_STATES } from "../../app/lib/message-states";
import { PAYMENT_METHODS } from "../../app/lib/payment-methods";
import { flagCheck, lengthCheck, now, oneOfCheck } from "./columns";
import { users, userTypes } from "./people";

// The spec's contact submissions (section 3), column for column, and the payment method a token
// application states (section 1; docs/decisions/149-token-applications-state-a-payment-method.md).

/** Named in the queue's `INDEXED BY`: without a table's statistics the planner reads the rows instead. */
export const FACETS_INDEX = "contact_submissions_facets_idx";

// Beside the table, and unknown to drizzle-kit: the search index `messages_search`, its content view
// `messages_search_content` and the triggers that keep it, `message_counts` and `message_days` in step
// (migrations 0017, 0019, 0022, 0025). A migration that rebuilds this table (drizzle-kit's
// `__new_contact_submissions`, then DROP and RENAME) fails at the RENAME while the view names the table,
// and would drop the triggers silently: such a migration must drop the view and the triggers first and
// create them again after (docs/decisions/161).
export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name", { length: FIRST_NAME_MAX }).notNull(),
    lastName: text("last_name", { length: LAST_NAME_MAX }).notNull(),
    email: text("email", { length: EMAIL_MAX }).notNull(),
    company: text("company", { length: COMPANY_MAX }),
    phone: text("phone", { length: PHONE_MAX }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    message: text("message").notNull(),
    /** BTC, SOL or USDT: only on a token enquiry, and only when the person chose one. */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
    isProcessed: integer("is_processed", { mode: "boolean" }).notNull().default(false),
    processedBy: integer("processed_by").references(() => users.id),
    processedAt: integer("processed_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    // Beyond the spec's columns: the workbench (docs/decisions/152-message-states-and-claims.md).
    /** One of the table of states (app/lib/message-states.ts); `isProcessed` is true exactly when it is closed. */
    state: text("state", { enum: MESSAGE_STATES }).notNull().default(ARRIVAL_STATE),
    /** The administrator who holds the message ("mine"), and since when; null when nobody does. */
    claimedBy: integer("claimed_by").references(() => users.id),
    claimedAt: integer("claimed_at", { mode: "timestamp" }),
    /**
     * The account it was sent from, when its sender was signed in (decision 174): only such a message is
     * the account's own. No foreign key, as in workbench.ts: a rebuild of `users` must not cascade.
     */
    senderId: integer("sender_id"),
    /** Whether the message holds a link (app/lib/message-links.ts), written when it arrives (decision 176). */
    hasLink: integer("has_link", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    index("contact_submissions_unprocessed_idx").on(table.isProcessed, table.createdAt),
    index("contact_submissions_processed_idx").on(table.isProcessed, table.processedAt),
    index("contact_submissions_state_idx").on(table.state, table.createdAt, table.id),
    index("contact_submissions_claimed_idx").on(table.claimedBy, table.state),
    index("contact_submissions_sender_idx").on(table.senderId, table.createdAt),
    // Keyed by id and holding every column a filter reads: the queue's text filter joins the search
    // index's matches to it, and counts them without reading a message (docs/decisions/158).
    index(FACETS_INDEX).on(
      table.id,
      table.isProcessed,
      table.state,
      table.userTypeId,
      table.paymentMethod,
      table.claimedBy,
      table.createdAt,
      table.hasLink,
    ),
    // A text filter of short words alone matches whole names and companies, ASCII case aside
    // (docs/decisions/160): each is one lookup in these.
    index("contact_submissions_first_name_idx").on(sql`${table.firstName} COLLATE NOCASE`),
    index("contact_submissions_last_name_idx").on(sql`${table.lastName} COLLATE NOCASE`),
    index("contact_submissions_company_idx").on(sql`${table.company} COLLATE NOCASE`),
    lengthCheck("contact_first_name_length", table.firstName, FIRST_NAME_MAX),
    lengthCheck("contact_last_name_length", table.lastName, LAST_NAME_MAX),
    lengthCheck("contact_email_length", table.email, EMAIL_MAX),
    lengthCheck("contact_company_length", table.company, COMPANY_MAX),
    lengthCheck("contact_phone_length", table.phone, PHONE_MAX),
    oneOfCheck("contact_payment_method", table.paymentMethod, PAYMENT_METHODS),
    oneOfCheck("contact_state", table.state, MESSAGE_STATES),
    // The queue reads "open" as `is_processed = 0` (its index); this keeps that the table's open states.
    flagCheck("contact_closed", table.isProcessed, table.state, CLOSED_STATES),
  ],
);

export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
