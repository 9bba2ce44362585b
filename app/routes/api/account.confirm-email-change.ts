import { confirmEmailChange } from "~/server/account/email-change.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/** POST /api/account/confirm-email-change { token }: 200 once the address changed, 400 for a dead link. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmEmailChange(deps, caller, input),
  answer: () => Response.json({ ok: true }),
});

export const loader = postOnly;
