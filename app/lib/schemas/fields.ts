import { z } from "zod/mini";
import { publicUserTypes } from "~/content/user-types";
import { PASSWORD_MAX, PASSWORD_MIN } from "../field-limits";

// The fields the forms share, each with its bounds (field-limits.ts) and the spec's messages, quoted exactly.

const publicUserTypeIds = new Set(publicUserTypes.map((type) => type.id));

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

export const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

export const emailAddress = (max?: number) =>
  z.pipe(
    z
      .string({ error: "Please enter a valid email address" })
      .check(z.trim(), ...(max ? [z.maxLength(max, `Email must be at most ${max} characters`)] : [])),
    z.pipe(
      z.email("Please enter a valid email address"),
      z.transform((value: string) => value.toLowerCase()),
    ),
  );

export const areaOfInterest = z.pipe(
  z.coerce.number({ error: "Please choose an area of interest" }),
  z
    .int("Please choose an area of interest")
    .check(z.refine((id) => publicUserTypeIds.has(id), "Please choose an area of interest")),
);

/** A code from an authenticator app (six digits) or a recovery code ("xxxx-xxxx-xxxx-xxxx"), as typed. */
export const secondFactorCode = z
  .string({ error: "Enter the code from your authenticator app or a recovery code" })
  .check(
    z.trim(),
    z.minLength(1, "Enter the code from your authenticator app or a recovery code"),
    z.maxLength(32, "That is not a code from your authenticator app or a recovery code"),
  );

/** The password of a sign-in or of "Confirm it's you": checked against the hash, so only bounded here. */
export const enteredPassword = z
  .string({ error: "Password is required" })
  .check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX * 4, "Password is too long"));

export const newPassword = z
  .string({ error: "Password is required" })
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  );

/** The confirmation must equal the password whenever it is sent (the forms always send it; the API never). */
export const confirmationMatches = z.refine(
  (value: unknown) => {
    const { password, confirmPassword } = value as { password?: unknown; confirmPassword?: unknown };
    return confirmPassword === undefined || confirmPassword === password;
  },
  {
    path: ["confirmPassword"],
    message: "Passwords don't match",
    // Check the match even while other fields are still invalid, so every error shows at once.
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  },
);
