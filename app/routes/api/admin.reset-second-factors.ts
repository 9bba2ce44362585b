import { resetSecondFactorsOfUser } from "~/server/admin/admin-actions.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

// POST /api/admin/reset-second-factors/:id: removes a person's second factors (needs "Confirm it's you").
export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller, params }) => resetSecondFactorsOfUser(deps, caller, params.id),
  answer: () => Response.json({ ok: true, changed: true }),
  messages: { notFound: "No such user." },
});

export const loader = postOnly;
