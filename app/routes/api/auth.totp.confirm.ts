import { jsonAction, postOnly } from "~/server/json-api.server";
import { confirmTotpEnrolment } from "~/server/second-factor-enrolment.server";

/** POST /api/auth/totp/confirm { code }: turns the app on; the first factor also answers its recovery codes. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmTotpEnrolment(deps, caller, input),
  answer: (value) => Response.json(value),
});

export const loader = postOnly;
