import { z } from "zod/mini";
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
    email: emailAddress(255),
    password: newPassword,
    confirmPassword: z.optional(z.string()),
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    company: optionalText("Company", 200),
    phone: optionalText("Phone", 20),
    userTypeId: areaOfInterest,
  })
  .check(confirmationMatches);

export type RegistrationInput = z.infer<typeof registrationSchema>;
