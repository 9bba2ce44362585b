import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { confirmEmail } from "~/server/sign-in/accounts.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmEmail(deps, caller, input),
  answer: () => Response.json({ ok: true, message: "Your email address is confirmed." }),
});

export const loader = postOnly;
