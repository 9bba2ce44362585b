import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The three tables of the spec (section 3), column for column. Text lengths are enforced
// by CHECK constraints because SQLite ignores declared lengths.

const now = sql`(unixepoch())`;

export const userTypes = sqliteTable(
  "user_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 50 }).notNull().unique(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [check("user_types_name_length", sql`length(${table.name}) <= 50`)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored lower-cased, so uniqueness is case-insensitive.
    email: text("email", { length: 255 }).notNull().unique(),
    password: text("password").notNull(),
    firstName: text("first_name", { length: 100 }).notNull(),
    lastName: text("last_name", { length: 100 }).notNull(),
    company: text("company", { length: 200 }),
    phone: text("phone", { length: 20 }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    approvedBy: integer("approved_by").references((): AnySQLiteColumn => users.id),
    approvedAt: integer("approved_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("users_pending_idx").on(table.isApproved, table.createdAt),
    check("users_email_length", sql`length(${table.email}) <= 255`),
    check("users_first_name_length", sql`length(${table.firstName}) <= 100`),
    check("users_last_name_length", sql`length(${table.lastName}) <= 100`),
    check("users_company_length", sql`${table.company} IS NULL OR length(${table.company}) <= 200`),
    check("users_phone_length", sql`${table.phone} IS NULL OR length(${table.phone}) <= 20`),
  ],
);

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name", { length: 100 }).notNull(),
    lastName: text("last_name", { length: 100 }).notNull(),
    email: text("email", { length: 255 }).notNull(),
    company: text("company", { length: 200 }),
    phone: text("phone", { length: 20 }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    message: text("message").notNull(),
    isProcessed: integer("is_processed", { mode: "boolean" }).notNull().default(false),
    processedBy: integer("processed_by").references(() => users.id),
    processedAt: integer("processed_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("contact_submissions_unprocessed_idx").on(table.isProcessed, table.createdAt),
    check("contact_first_name_length", sql`length(${table.firstName}) <= 100`),
    check("contact_last_name_length", sql`length(${table.lastName}) <= 100`),
    check("contact_email_length", sql`length(${table.email}) <= 255`),
    check("contact_company_length", sql`${table.company} IS NULL OR length(${table.company}) <= 200`),
    check("contact_phone_length", sql`${table.phone} IS NULL OR length(${table.phone}) <= 20`),
  ],
);

// Not a spec entity: the authoritative per-account failed-login counter (GUIDE.md section 5),
// kept apart so the spec's tables stay exactly as specified.
export const loginFailures = sqliteTable("login_failures", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  windowStart: integer("window_start", { mode: "timestamp" }).notNull(),
  failures: integer("failures").notNull().default(0),
});

export type UserRow = typeof users.$inferSelect;
export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
