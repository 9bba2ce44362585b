import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { resetPassword } from "~/server/sign-in/password-reset.server";

/**
 * POST /api/auth/reset-password { token, password, keepPasskeys? }: the new password; the account's passkeys
 * are removed with it unless `keepPasskeys` is true (a 400 when they are its only second factor).
 */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => resetPassword(deps, caller, input),
  answer: ({ passkeysRemoved }) =>
    Response.json({ ok: true, message: "Your password has been changed. Please log in.", passkeysRemoved }),
});

export const loader = postOnly;
