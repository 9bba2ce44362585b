import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FIELD_LIMITS } from "../../app/lib/field-limits";
import { lengthCheck, now } from "./columns";
import { users, userTypes } from "./people";

// The spec's contact submissions (section 3), column for column.

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name", { length: FIELD_LIMITS.firstName.max }).notNull(),
    lastName: text("last_name", { length: FIELD_LIMITS.lastName.max }).notNull(),
    email: text("email", { length: FIELD_LIMITS.email.max }).notNull(),
    company: text("company", { length: FIELD_LIMITS.company.max }),
    phone: text("phone", { length: FIELD_LIMITS.phone.max }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    message: text("message").notNull(),
    isProcessed: integer("is_processed", { mode: "boolean" }).notNull().default(false),
    processedBy: integer("processed_by").references(() => users.id),
    processedAt: integer("processed_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("contact_submissions_unprocessed_idx").on(table.isProcessed, table.createdAt),
    index("contact_submissions_processed_idx").on(table.isProcessed, table.processedAt),
    lengthCheck("contact_first_name_length", table.firstName, FIELD_LIMITS.firstName.max),
    lengthCheck("contact_last_name_length", table.lastName, FIELD_LIMITS.lastName.max),
    lengthCheck("contact_email_length", table.email, FIELD_LIMITS.email.max),
    lengthCheck("contact_company_length", table.company, FIELD_LIMITS.company.max),
    lengthCheck("contact_phone_length", table.phone, FIELD_LIMITS.phone.max),
  ],
);

export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
