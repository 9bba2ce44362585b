import { confirmEmail } from "~/server/accounts.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmEmail(deps, input, caller),
  answer: () => Response.json({ ok: true, message: "Your email address is confirmed." }),
});

export const loader = postOnly;
