import { eraseByPrivacyLink } from "~/server/account/privacy-requests.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

/** POST /api/privacy/erase { token }: 200 once everything the address holds is erased, 400 for a dead link. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => eraseByPrivacyLink(deps, caller, input),
  answer: () => Response.json({ ok: true }),
});

export const loader = postOnly;
