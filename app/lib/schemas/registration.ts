import { z } from "zod/mini";
import { FIELD_LIMITS } from "../field-limits";
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
    email: emailAddress(FIELD_LIMITS.email.max),
    password: newPassword,
    confirmPassword: z.optional(z.string()),
    firstName: requiredText("First name", FIELD_LIMITS.firstName.max),
    lastName: requiredText("Last name", FIELD_LIMITS.lastName.max),
    company: optionalText("Company", FIELD_LIMITS.company.max),
    phone: optionalText("Phone", FIELD_LIMITS.phone.max),
    userTypeId: areaOfInterest,
  })
  .check(confirmationMatches);

export type RegistrationInput = z.infer<typeof registrationSchema>;
