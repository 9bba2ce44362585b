import { z } from "zod/mini";
import { FIELD_LIMITS } from "../field-limits";
import { areaOfInterest, emailAddress, optionalText, requiredText } from "./fields";

export const contactSchema = z.object({
  firstName: requiredText("First name", FIELD_LIMITS.firstName.max),
  lastName: requiredText("Last name", FIELD_LIMITS.lastName.max),
  email: emailAddress(FIELD_LIMITS.email.max),
  company: optionalText("Company", FIELD_LIMITS.company.max),
  phone: optionalText("Phone", FIELD_LIMITS.phone.max),
  userTypeId: areaOfInterest,
  message: requiredText("Message", FIELD_LIMITS.message.max),
});

export type ContactInput = z.infer<typeof contactSchema>;
