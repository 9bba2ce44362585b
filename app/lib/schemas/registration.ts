import { z } from "zod/mini";
import { COMPANY_MAX, EMAIL_MAX, FIRST_NAME_MAX, LAST_NAME_MAX, PHONE_MAX } from "../field-limits";
import {
  areaOfInterest,
  confirmationMatches,
  emailAddress,
  newPassword,
  optionalText,
  requiredText,
} from "./fields";

/** The registration: the form sends a confirmation of the password, the JSON API (spec section 7) does not. */
export const registrationSchema = z
  .object({
    email: emailAddress(EMAIL_MAX),
    password: newPassword,
    confirmPassword: z.optional(z.string()),
    firstName: requiredText("First name", FIRST_NAME_MAX),
    lastName: requiredText("Last name", LAST_NAME_MAX),
    company: optionalText("Company", COMPANY_MAX),
    phone: optionalText("Phone", PHONE_MAX),
    userTypeId: areaOfInterest,
  })
  .check(confirmationMatches);

export type RegistrationInput = z.infer<typeof registrationSchema>;
