import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FIELD_LIMITS } from "../../app/lib/field-limits";
import { lengthCheck, now } from "./columns";

// The spec's user types and users (section 3), column for column, and the account lifecycle beyond them.

export const userTypes = sqliteTable(
  "user_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: FIELD_LIMITS.userTypeName.max }).notNull().unique(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [lengthCheck("user_types_name_length", table.name, FIELD_LIMITS.userTypeName.max)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored lower-cased, so uniqueness is case-insensitive.
    email: text("email", { length: FIELD_LIMITS.email.max }).notNull().unique(),
    password: text("password").notNull(),
    firstName: text("first_name", { length: FIELD_LIMITS.firstName.max }).notNull(),
    lastName: text("last_name", { length: FIELD_LIMITS.lastName.max }).notNull(),
    company: text("company", { length: FIELD_LIMITS.company.max }),
    phone: text("phone", { length: FIELD_LIMITS.phone.max }),
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
    lengthCheck("users_email_length", table.email, FIELD_LIMITS.email.max),
    lengthCheck("users_first_name_length", table.firstName, FIELD_LIMITS.firstName.max),
    lengthCheck("users_last_name_length", table.lastName, FIELD_LIMITS.lastName.max),
    lengthCheck("users_company_length", table.company, FIELD_LIMITS.company.max),
    lengthCheck("users_phone_length", table.phone, FIELD_LIMITS.phone.max),
  ],
);

export type UserRow = typeof users.$inferSelect;
