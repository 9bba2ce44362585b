import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { regenerateRecoveryCodes } from "~/server/second-factors/second-factor-enrolment.server";

/** POST /api/auth/recovery-codes: ten new recovery codes (shown once); the old ones stop working. */
export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller }) => regenerateRecoveryCodes(deps, caller),
  answer: (value) => Response.json(value),
});

export const loader = postOnly;
