import { deactivateUser } from "~/server/admin/admin-actions.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller, params }) => deactivateUser(deps, caller, params.id),
  answer: () => Response.json({ ok: true, changed: true }),
  messages: { notFound: "No such user." },
});

export const loader = postOnly;
