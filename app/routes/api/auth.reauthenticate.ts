import { confirmItsYou } from "~/server/confirm-its-you.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

/** POST /api/auth/reauthenticate { password, code? }: "Confirm it's you" for the next 10 minutes. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmItsYou(deps, caller, input),
  answer: () => Response.json({ ok: true }),
});

export const loader = postOnly;
