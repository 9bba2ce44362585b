import { PRIVACY_REQUEST_SENT } from "~/lib/account-messages";
import { jsonAction, postOnly } from "~/server/json-api.server";
import { requestPrivacyLink } from "~/server/privacy-requests.server";

/** POST /api/privacy/request { email }: 202 with the same body for every address. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => requestPrivacyLink(deps, caller, input),
  answer: () => Response.json({ ok: true, message: PRIVACY_REQUEST_SENT }, { status: 202 }),
});

export const loader = postOnly;
