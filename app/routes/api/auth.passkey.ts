import { apiFailure, methodNotAllowed } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { removePasskey } from "~/server/second-factors/passkeys.server";
import type { Route } from "./+types/auth.passkey";

/** DELETE /api/auth/passkeys/{id}: removes one of the caller's passkeys (needs "Confirm it's you"). */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const outcome = await removePasskey(depsOf(context), callerOf(context, request), params.id);
  return outcome.kind === "done"
    ? new Response(null, { status: 204 })
    : apiFailure(outcome, { notFound: "You have no such passkey." });
}

export function loader() {
  return methodNotAllowed("DELETE");
}
