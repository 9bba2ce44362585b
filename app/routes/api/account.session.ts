import { endMySession } from "~/server/account/my-account.server";
import { apiFailure, methodNotAllowed } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account.session";

/** DELETE /api/account/sessions/{id}: signs out one of the caller's sessions; 204, or 404 if not theirs. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const outcome = await endMySession(depsOf(context), callerOf(context, request), params.id);
  return outcome.kind === "done"
    ? new Response(null, { status: 204 })
    : apiFailure(outcome, { notFound: "You have no such session." });
}

export function loader() {
  return methodNotAllowed("DELETE");
}
