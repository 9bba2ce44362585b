import { apiFailure, methodNotAllowed, readJsonBody } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { removeTotp, startTotpEnrolment } from "~/server/second-factors/second-factor-enrolment.server";
import type { Route } from "./+types/auth.totp";

/**
 * POST /api/auth/totp: starts setting up an authenticator app ({ secret, uri, qrSvg }; confirm it with
 * POST /api/auth/totp/confirm). DELETE /api/auth/totp: removes it. Both need "Confirm it's you".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  if (request.method === "POST") {
    const body = await readJsonBody(request);
    if ("response" in body) return body.response;
    const outcome = await startTotpEnrolment(deps, caller);
    return outcome.kind === "done" ? Response.json(outcome.value, { status: 201 }) : apiFailure(outcome);
  }
  if (request.method === "DELETE") {
    const outcome = await removeTotp(deps, caller);
    return outcome.kind === "done" ? new Response(null, { status: 204 }) : apiFailure(outcome);
  }
  return methodNotAllowed("POST, DELETE");
}

export function loader() {
  return methodNotAllowed("POST, DELETE");
}
