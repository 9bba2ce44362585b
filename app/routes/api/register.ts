import { REGISTERED_MESSAGE } from "~/lib/account-messages";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { register } from "~/server/sign-in/accounts.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => register(deps, caller, input),
  answer: () => Response.json({ message: REGISTERED_MESSAGE }, { status: 201 }),
});

export const loader = postOnly;
