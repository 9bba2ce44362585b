import { REGISTERED_MESSAGE } from "~/lib/account-messages";
import { register } from "~/server/accounts.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => register(deps, input, caller),
  answer: () => Response.json({ message: REGISTERED_MESSAGE }, { status: 201 }),
});

export const loader = postOnly;
