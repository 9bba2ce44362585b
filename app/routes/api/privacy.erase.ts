import { jsonAction, postOnly } from "~/server/json-api.server";
import { eraseByPrivacyLink } from "~/server/privacy-requests.server";

/** POST /api/privacy/erase { token }: 200 once everything the address holds is erased, 400 for a dead link. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => eraseByPrivacyLink(deps, caller, input),
  answer: () => Response.json({ ok: true }),
});

export const loader = postOnly;
