// The bounds of every field a person fills in, declared once (docs/decisions/145-field-limits-declared-once.md).
// The zod schemas (`lib/schemas/`), the forms' `maxLength` and `minLength`, the server's own checks and, for
// the columns that keep a field, the column lengths and CHECK constraints of D1 (`db/schema/`) all read them
// from here; tests/domain/field-limits.test.ts holds each against the schemas, the forms and the database.
//
// Each is a plain number constant, so the build writes the number into the browser's code where it is used
// (a table's property would be a chunk of its own there); FIELD_LIMITS gathers them by field for code that
// walks every limit. Lengths count UTF-16 code units, as `maxLength` (the HTML attribute and zod's) does;
// D1's `length()` counts characters, never more. The data model's bounds are the spec's (section 3).
//
// This module imports nothing: drizzle-kit loads it with the schema, outside the app's build.

/** `user_types.name`. */
export const USER_TYPE_NAME_MAX = 50;
/** An email address: `users.email`, `contact_submissions.email` and the forms that take an address. */
export const EMAIL_MAX = 255;
/** `users.first_name`, `contact_submissions.first_name`. */
export const FIRST_NAME_MAX = 100;
/** `users.last_name`, `contact_submissions.last_name`. */
export const LAST_NAME_MAX = 100;
/** `users.company`, `contact_submissions.company`; optional. */
export const COMPANY_MAX = 200;
/** `users.phone`, `contact_submissions.phone`; optional. */
export const PHONE_MAX = 20;
/** A contact message (`contact_submissions.message`, which keeps no CHECK of its own). */
export const MESSAGE_MAX = 5000;
/**
 * A new password (the spec leaves it open; docs/decisions/003-password-length-bounds.md). Only its hash is
 * stored. A password that is only checked is bounded more loosely (`schemas/fields.ts` `enteredPassword`).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The name a person gives a passkey (`passkeys.name`). */
export const PASSKEY_NAME_MIN = 1;
export const PASSKEY_NAME_MAX = 60;
/** An administrator's internal note on a message or a person (`staff_notes.body`). */
export const NOTE_MAX = 5000;
/** A reply written in the workbench to a contact message (`message_replies.body`). */
export const REPLY_MAX = 5000;
/** An applicant's answer in a thread (`message_answers.body`): longer mail is cut to this, and says so. */
export const ANSWER_MAX = 10000;
/** A search or filter of the admin lists: a longer one is cut to this. */
export const ADMIN_SEARCH_MAX = 200;

/** Every limit above, by field. */
export const FIELD_LIMITS = {
  userTypeName: { max: USER_TYPE_NAME_MAX },
  email: { max: EMAIL_MAX },
  firstName: { max: FIRST_NAME_MAX },
  lastName: { max: LAST_NAME_MAX },
  company: { max: COMPANY_MAX },
  phone: { max: PHONE_MAX },
  message: { max: MESSAGE_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  passkeyName: { min: PASSKEY_NAME_MIN, max: PASSKEY_NAME_MAX },
  adminSearch: { max: ADMIN_SEARCH_MAX },
  note: { max: NOTE_MAX },
  reply: { max: REPLY_MAX },
} as const satisfies Record<string, { readonly min?: number; readonly max: number }>;

export type LimitedField = keyof typeof FIELD_LIMITS;
