import { z } from "zod/mini";
import {
  COMPANY_MAX,
  EMAIL_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
} from "./field-limits";
import { contactSchema as contactFormSchema } from "./schemas/contact";

import {
  areaOfInterest,
  confirmationMatches,
  emailAddress,
  enteredPassword,
  newPassword,
  secondFactorCode,
} from "./schemas/fields";
import { fieldsOnOneLine, oneLineText, personName } from "./schemas/names";
import { paymentMethod, paymentMethodStated } from "./schemas/payment-method";

import { registrationSchema as registrationFormSchema } from "./schemas/registration";
import { NOTIFICATION_MODES } from "./staff-notifications";

// One schema per form, used by the browser (validation as you type) and by the server (the truth).
// zod/mini keeps the browser's share small. The three forms of the island pages have a module each under
// schemas/, so a form loads only its own schema (docs/decisions/113-a-schema-module-per-island-form.md);
// the server imports every schema from here. Length bounds are declared once, in field-limits.ts; the
// messages the spec gives are quoted exactly.

export type { ContactInput } from "./schemas/contact";
export { secondFactorCode } from "./schemas/fields";
export { type LoginInput, loginSchema } from "./schemas/login";
export type { RegistrationInput } from "./schemas/registration";

/**
 * The server's registration and contact: the island forms' schemas, with names, company and phone held
 * to one line; the
 * contact also takes a token application's payment method (decision 149).
 */
export const registrationSchema = registrationFormSchema.check(...fieldsOnOneLine);
export const contactSchema = z.extend(contactFormSchema, { paymentMethod }).check(...fieldsOnOneLine);

/**
 * The contact page's form (decision 174): a token enquiry states its payment method. The JSON API keeps
 * the spec's payload, where it is optional (`contactSchema`).
 */
export const contactPageSchema = contactSchema.check(paymentMethodStated);

/** "Confirm it's you": the password, and a code when the account has a second factor. */
export const reauthenticationSchema = z.object({
  password: enteredPassword,
  code: z.optional(z.string().check(z.trim(), z.maxLength(32, "That is not a code"))),
  /** The interrupted action this confirmation is for (its reference), which goes on under the new token. */
  ref: z.optional(z.string().check(z.maxLength(100, "That is not a reference"))),
});

/** The confirmation code of a new authenticator app. */
export const totpConfirmationSchema = z.object({
  code: z
    .string({ error: "Enter the six-digit code your app shows" })
    .check(z.trim(), z.regex(/^\d{6}$/, "Enter the six-digit code your app shows")),
});

/** The second step of a sign-in: the ticket the correct password earned, and the code. */
export const secondStepSchema = z.object({
  ticket: z.string().check(z.regex(/^[a-z2-7]{52}$/, "Your sign-in has expired. Sign in again.")),
  code: secondFactorCode,
});

/** The profile a person keeps in /account, under the registration's rules. */
export const profileSchema = z.object({
  firstName: personName("First name", FIRST_NAME_MAX),
  lastName: personName("Last name", LAST_NAME_MAX),
  company: oneLineText("Company", COMPANY_MAX),
  phone: oneLineText("Phone", PHONE_MAX),
  userTypeId: areaOfInterest,
});

/** A change of profile over the API: any of its fields, each under the same rule. */
export const profileChangeSchema = z.partial(profileSchema);

export type ProfileChange = z.infer<typeof profileChangeSchema>;

/** The current password, asked again before a change that only its holder may make. */
const currentPassword = z
  .string({ error: "Current password is required" })
  .check(
    z.minLength(1, "Current password is required"),
    z.maxLength(PASSWORD_MAX, "Current password is required"),
  );

/** A change of password: the current one, and a new one under the registration's rules. */
export const passwordChangeSchema = z
  .object({
    currentPassword,
    password: newPassword,
    confirmPassword: z.optional(z.string()),
  })
  .check(confirmationMatches);

/** Emailed links carry a 32-byte token in base32. */
const linkToken = z
  .string({ error: "This link is invalid or has expired." })
  .check(z.regex(/^[a-z2-7]{52}$/, "This link is invalid or has expired."));

export const forgotPasswordSchema = z.object({ email: emailAddress(EMAIL_MAX) });

/**
 * Whether a password reset keeps the account's passkeys: the form's checkbox sends "true" when ticked, the
 * API sends true. Left out, they are removed, or refused when they are the only second factor
 * (docs/decisions/099-password-reset-asks-about-passkeys.md).
 */
const keepPasskeys = z.pipe(
  z.optional(
    z.union([z.boolean(), z.literal("true")], {
      error: "Say whether to keep the passkeys with true or false",
    }),
  ),
  z.transform((value: boolean | "true" | undefined) => value === true || value === "true"),
);

export const resetPasswordSchema = z
  .object({
    token: linkToken,
    password: newPassword,
    confirmPassword: z.optional(z.string()),
    keepPasskeys,
  })
  .check(confirmationMatches);

export const confirmEmailSchema = z.object({ token: linkToken });

/** The link in the email of an added factor, and the account's password (decisions 121 and 141). */
export const factorRemovalSchema = z.object({ token: linkToken, password: enteredPassword });

/** A change of address: the current password and the new address. */
export const emailChangeSchema = z.object({
  password: currentPassword,
  email: emailAddress(EMAIL_MAX),
});

/** The word a person types to delete their account. */
export const DELETE_WORD = "DELETE";

export const accountDeletionSchema = z.object({
  password: currentPassword,
  confirm: z
    .string({ error: `Type ${DELETE_WORD} to confirm` })
    .check(z.refine((value) => value === DELETE_WORD, `Type ${DELETE_WORD} to confirm`)),
});

/** /privacy/request: the address whose data a person asks for. */
export const privacyRequestSchema = z.object({ email: emailAddress(EMAIL_MAX) });

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export { type FieldErrors, fieldErrorsOf } from "./field-errors";

/** A page number of a paged list, from 1. */
export const pageSchema = z.int().check(z.gte(1));

/** An administrator's choice of how to hear of new messages and registrations (decision 154). */
export const staffNotificationsSchema = z.object({
  mode: z.enum(NOTIFICATION_MODES, "Choose immediately, a digest or no email"),
});
