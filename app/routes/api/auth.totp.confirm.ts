import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { confirmTotpEnrolment } from "~/server/second-factors/second-factor-enrolment.server";

/** POST /api/auth/totp/confirm { code }: turns the app on; the first factor also answers its recovery codes. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => confirmTotpEnrolment(deps, caller, input),
  answer: (value) => Response.json(value),
});

export const loader = postOnly;
