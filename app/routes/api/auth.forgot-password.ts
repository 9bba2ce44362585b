import { RESET_LINK_SENT_MESSAGE } from "~/lib/account-messages";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { requestPasswordReset } from "~/server/sign-in/password-reset.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => requestPasswordReset(deps, caller, input),
  answer: () => Response.json({ message: RESET_LINK_SENT_MESSAGE }, { status: 202 }),
});

export const loader = postOnly;
