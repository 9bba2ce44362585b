import { adminActionByApiName } from "~/routes/admin/admin-intents.server";
import { jsonAction, jsonError, postOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.action";

// POST /api/admin/<name>/:id for every action of the dashboard on one row (ADMIN_ACTIONS: approve-user,
// mark-contact-processed, claim-contact and the rest): the route table lists each URL, and each is answered here from its one declaration (admin-intents.server.ts).

// React Router matches paths whatever their case; so does the name.
const nameOf = (request: Request) => (new URL(request.url).pathname.split("/")[3] ?? "").toLowerCase();

export function action(args: Route.ActionArgs) {
  const declared = adminActionByApiName(nameOf(args.request));
  if (!declared) return jsonError(404, "There is no such API endpoint.");
  return jsonAction({
    readsBody: false,
    run: ({ deps, caller, params }) => declared.operation(deps, caller, params.id),
    answer: () => Response.json({ ok: true, changed: true }),
    messages: { notFound: declared.api.missing },
  })(args);
}

export const loader = postOnly;
