/**
 * The bounds of every field a person fills in, declared once (docs/decisions/145-field-limits-declared-once.md).
 * The zod schemas (`lib/schemas/`), the forms' `maxLength` and `minLength`, the server's own checks and, for
 * the columns that keep a field, the column lengths and CHECK constraints of D1 (`db/schema/`) all read them
 * from here; `tests/domain/field-limits.test.ts` holds each one against the schemas and the database.
 *
 * Lengths count UTF-16 code units, as `maxLength` (the HTML attribute and zod's) does; D1's `length()`
 * counts characters, which is never more. The data model's bounds are the spec's (section 3).
 *
 * This module imports nothing: drizzle-kit loads it with the schema, outside the app's build.
 */
export const FIELD_LIMITS = {
  /** `user_types.name`. */
  userTypeName: { max: 50 },
  /** An email address: `users.email`, `contact_submissions.email` and the forms that take an address. */
  email: { max: 255 },
  /** `users.first_name`, `contact_submissions.first_name`. */
  firstName: { max: 100 },
  /** `users.last_name`, `contact_submissions.last_name`. */
  lastName: { max: 100 },
  /** `users.company`, `contact_submissions.company`; optional. */
  company: { max: 200 },
  /** `users.phone`, `contact_submissions.phone`; optional. */
  phone: { max: 20 },
  /** A contact message (`contact_submissions.message`, which keeps no CHECK of its own). */
  message: { max: 5000 },
  /**
   * A new password (the spec leaves it open; docs/decisions/003-password-length-bounds.md). Only its hash is
   * stored. A password that is only checked is bounded more loosely (`schemas/fields.ts` `enteredPassword`).
   */
  password: { min: 8, max: 128 },
  /** The name a person gives a passkey (`passkeys.name`). */
  passkeyName: { min: 1, max: 60 },
  /** A search or filter of the admin lists: longer ones are cut to this. */
  adminSearch: { max: 200 },
} as const satisfies Record<string, { readonly min?: number; readonly max: number }>;

export type LimitedField = keyof typeof FIELD_LIMITS;
