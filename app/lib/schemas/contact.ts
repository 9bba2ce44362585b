import { z } from "zod/mini";
import {
  COMPANY_MAX,
  EMAIL_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  MESSAGE_MAX,
  PHONE_MAX,
} from "../field-limits";
import { areaOfInterest, emailAddress, optionalText, requiredText } from "./fields";

export const contactSchema = z.object({
  firstName: requiredText("First name", FIRST_NAME_MAX),
  lastName: requiredText("Last name", LAST_NAME_MAX),
  email: emailAddress(EMAIL_MAX),
  company: optionalText("Company", COMPANY_MAX),
  phone: optionalText("Phone", PHONE_MAX),
  userTypeId: areaOfInterest,
  message: requiredText("Message", MESSAGE_MAX),
});

export type ContactInput = z.infer<typeof contactSchema>;
