import { type AdminAction, adminActionByApiName } from "~/server/admin/row-actions.server";
import { jsonAction, jsonError, postOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.action";

// POST /api/admin/<action>/:id for every action of the dashboard on one row, each answered from its one
// declaration in ADMIN_ACTIONS (server/admin/row-actions.server.ts): approve-user, mark-contact-processed,
// claim-contact and the rest. A name ADMIN_ACTIONS lacks is no endpoint, whatever the method.

// React Router matches paths whatever their case; so does the name.
const declaredOf = (name: string | undefined): AdminAction | undefined =>
  adminActionByApiName((name ?? "").toLowerCase());

const noSuchEndpoint = () => jsonError(404, "There is no such API endpoint.");

export function action(args: Route.ActionArgs) {
  const declared = declaredOf(args.params.action);
  if (!declared) return noSuchEndpoint();
  return jsonAction({
    readsBody: false,
    run: ({ deps, caller, params }) => declared.operation(deps, caller, params.id),
    answer: () => Response.json({ ok: true, changed: true }),
    messages: { notFound: declared.api.missing },
  })(args);
}

export function loader({ params }: Route.LoaderArgs) {
  return declaredOf(params.action) ? postOnly() : noSuchEndpoint();
}
