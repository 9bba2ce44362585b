import { z } from "zod";
import { publicUserTypes } from "~/content/user-types";

// One schema per form, used by the browser (validation as you type) and by the server (the truth).
// Length bounds are the spec's (section 3); the messages the spec gives are quoted exactly.

const publicUserTypeIds = new Set(publicUserTypes.map((type) => type.id));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

const areaOfInterest = z.coerce
  .number({ error: "Please choose an area of interest" })
  .int("Please choose an area of interest")
  .refine((id) => publicUserTypeIds.has(id), "Please choose an area of interest");

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const loginSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .pipe(z.email("Please enter a valid email address"))
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX * 4),
});

const registrationFields = {
  email,
  password: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  company: optionalText("Company", 200),
  phone: optionalText("Phone", 20),
  userTypeId: areaOfInterest,
};

/** The JSON API's registration payload (spec section 7): no confirmation field. */
export const registrationSchema = z.object(registrationFields);

/** The register form: the same fields plus the confirmation, which must equal the password. */
export const registrationFormSchema = z
  .object({ ...registrationFields, confirmPassword: z.string().optional() })
  .refine((value) => value.confirmPassword === value.password, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
    // Check the match even while other fields are still invalid, so every error shows at once.
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

export const contactSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email,
  company: optionalText("Company", 200),
  phone: optionalText("Phone", 20),
  userTypeId: areaOfInterest,
  message: requiredText("Message", 5000),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type ContactInput = z.infer<typeof contactSchema>;

export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
