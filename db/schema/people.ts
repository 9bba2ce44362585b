import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  COMPANY_MAX,
  EMAIL_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  PHONE_MAX,
  USER_TYPE_NAME_MAX,
} from "../../app/lib/field-limits";
import { lengthCheck, now } from "./columns";

// The spec's user types and users (section 3), column for column, and the account lifecycle beyond them.

export const userTypes = sqliteTable(
  "user_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: USER_TYPE_NAME_MAX }).notNull().unique(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [lengthCheck("user_types_name_length", table.name, USER_TYPE_NAME_MAX)],
);

/** Named in the pending count's `INDEXED BY`: a partial index is used only where its condition is written. */
export const UNDECIDED_INDEX = "users_undecided_idx";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored lower-cased, so uniqueness is case-insensitive.
    email: text("email", { length: EMAIL_MAX }).notNull().unique(),
    password: text("password").notNull(),
    firstName: text("first_name", { length: FIRST_NAME_MAX }).notNull(),
    lastName: text("last_name", { length: LAST_NAME_MAX }).notNull(),
    company: text("company", { length: COMPANY_MAX }),
    phone: text("phone", { length: PHONE_MAX }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    approvedBy: integer("approved_by").references((): AnySQLiteColumn => users.id),
    approvedAt: integer("approved_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp" }).notNull().default(now),
    // Beyond the spec's columns: the account lifecycle.
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp" }),
    rejectedBy: integer("rejected_by").references((): AnySQLiteColumn => users.id),
    rejectedAt: integer("rejected_at", { mode: "timestamp" }),
    /**
     * When the password was last changed (a change, a reset, `npm run admin:create`); null if not since this
     * column came. Wrong second-factor codes from before it no longer count (second-factors.server.ts).
     */
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp" }),
    /**
     * When an administrator (or `npm run admin:reset-2fa`) last reset this account's second factors, until
     * it sets a new one up: meanwhile enrolment needs the emailed link, not the password alone.
     */
    secondFactorsResetAt: integer("second_factors_reset_at", { mode: "timestamp" }),
  },
  (table) => [
    index("users_pending_idx").on(table.isApproved, table.createdAt),
    index("users_approved_idx").on(table.isApproved, table.approvedAt),
    // Only the accounts waiting for a decision, named in the count beside the Pending Users tab on every
    // admin page (`INDEXED BY`, with the same condition written out): 0.4 ms where reading 10,001 accounts
    // took 8 (docs/decisions/160).
    index(UNDECIDED_INDEX)
      .on(table.createdAt)
      .where(sql`${table.isApproved} = 0 AND ${table.rejectedAt} IS NULL`),
    // The search box's short words alone are whole names or companies (docs/decisions/160).
    index("users_first_name_idx").on(sql`${table.firstName} COLLATE NOCASE`),
    index("users_last_name_idx").on(sql`${table.lastName} COLLATE NOCASE`),
    index("users_company_idx").on(sql`${table.company} COLLATE NOCASE`),
    lengthCheck("users_email_length", table.email, EMAIL_MAX),
    lengthCheck("users_first_name_length", table.firstName, FIRST_NAME_MAX),
    lengthCheck("users_last_name_length", table.lastName, LAST_NAME_MAX),
    lengthCheck("users_company_length", table.company, COMPANY_MAX),
    lengthCheck("users_phone_length", table.phone, PHONE_MAX),
  ],
);

export type UserRow = typeof users.$inferSelect;
