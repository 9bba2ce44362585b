import { endSessionsOfUser } from "~/server/admin/admin-actions.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";

// POST /api/admin/end-sessions/:id: "Sign out everywhere" for any account.
export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller, params }) => endSessionsOfUser(deps, caller, params.id),
  answer: () => Response.json({ ok: true, changed: true }),
  messages: { notFound: "No such user." },
});

export const loader = postOnly;
