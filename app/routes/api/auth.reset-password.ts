import { resetPassword } from "~/server/accounts.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => resetPassword(deps, input, caller),
  answer: () => Response.json({ ok: true, message: "Your password has been changed. Please log in." }),
});

export const loader = postOnly;
