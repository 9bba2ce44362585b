import { endMyOtherSessions, mySessions } from "~/server/account/my-account.server";
import { apiFailure, getOnly, methodNotAllowed } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account.sessions";

/** GET /api/account/sessions: [{ id, createdAt, lastSeenAt, userAgent, country, current }]. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await mySessions(depsOf(context), callerOf(context, request));
  return outcome.kind === "done"
    ? Response.json(outcome.value, { headers: { "Cache-Control": "no-store" } })
    : apiFailure(outcome);
}, "GET, HEAD, DELETE");

/** DELETE /api/account/sessions: signs out every session but the caller's own; 204. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, HEAD, DELETE");
  const outcome = await endMyOtherSessions(depsOf(context), callerOf(context, request));
  return outcome.kind === "done" ? new Response(null, { status: 204 }) : apiFailure(outcome);
}
