import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { users } from "./people";

// The emailed single-use links of an account and of an address: confirmation, reset, enrolment, a change of
// address, a privacy request. Only sha256 of a link's token is kept.

/**
 * Single-use links sent by email (address confirmation, password reset): only sha256(token) is kept,
 * with its purpose, its expiry and when it was used.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["confirm-email", "reset-password", "enrol-second-factor"],
    }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("account_tokens_user_idx").on(table.userId, table.purpose, table.createdAt)],
);

/**
 * A change of address asked for in /account: the link goes to the new address (only sha256 of its token is
 * kept, set when the email is sent); the old address is told of the request and of the change.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("email_changes_user_idx").on(table.userId)],
);

/**
 * A request from /privacy/request for what we hold about an address: the link (sha256 of its token, set when
 * the email is sent) lets its holder download that data or erase it for an hour.
 */
export const privacyRequests = sqliteTable(
  "privacy_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("privacy_requests_email_idx").on(table.email)],
);
