import { PRIVACY_REQUEST_SENT } from "~/lib/account-messages";
import { requestPrivacyLink } from "~/server/account/privacy-requests.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/** POST /api/privacy/request { email }: 202 with the same body for every address. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => requestPrivacyLink(deps, caller, input),
  answer: () => Response.json({ ok: true, message: PRIVACY_REQUEST_SENT }, { status: 202 }),
});

export const loader = postOnly;
