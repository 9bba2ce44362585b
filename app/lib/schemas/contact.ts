import { z } from "zod/mini";
import { MESSAGE_MAX } from "../field-limits";
import { areaOfInterest, emailAddress, optionalText, requiredText } from "./fields";

export const contactSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: emailAddress(255),
  company: optionalText("Company", 200),
  phone: optionalText("Phone", 20),
  userTypeId: areaOfInterest,
  message: requiredText("Message", MESSAGE_MAX),
});

export type ContactInput = z.infer<typeof contactSchema>;
