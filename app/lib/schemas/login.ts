import { z } from "zod/mini";
import { emailAddress, enteredPassword, secondFactorCode } from "./fields";

export const loginSchema = z.object({
  email: emailAddress(),
  password: enteredPassword,
  code: z.optional(secondFactorCode),
});

export type LoginInput = z.infer<typeof loginSchema>;
