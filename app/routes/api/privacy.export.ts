import { personalDataResponse } from "~/server/account/personal-data.server";
import { exportByPrivacyLink } from "~/server/account/privacy-requests.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/** POST /api/privacy/export { token }: what we hold about the link's address, as a JSON attachment. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => exportByPrivacyLink(deps, caller, input),
  answer: (data) => personalDataResponse(data),
});

export const loader = postOnly;
