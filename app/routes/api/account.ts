import { deleteMyAccount, readProfile, updateProfile } from "~/server/account/my-account.server";
import { clearSessionCookie, sessionCookie } from "~/server/http/cookies.server";
import {
  apiFailure,
  apiFailureFor,
  getOnly,
  methodNotAllowed,
  readJsonBody,
} from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account";

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/** GET /api/account: the signed-in person's profile. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await readProfile(depsOf(context), callerOf(context, request));
  return outcome.kind === "done" ? Response.json(outcome.value, NO_STORE) : apiFailure(outcome);
}, "GET, HEAD, PATCH, DELETE");

/**
 * PATCH /api/account: any of { firstName, lastName, company, phone, userTypeId }; 200 with the profile.
 * userTypeId is a public area of interest; an administrator's is refused (400) unless unchanged: no
 * self-service change touches a role.
 * DELETE /api/account { password, confirm: "DELETE" }: 200, 400, 401 for a wrong password, 409 for the last
 * active administrator.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") {
    return methodNotAllowed("GET, HEAD, PATCH, DELETE");
  }
  const read = await readJsonBody(request);
  if ("response" in read) return read.response;
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  if (request.method === "DELETE") {
    const outcome = await deleteMyAccount(deps, caller, read.body);
    if (outcome.kind === "done") {
      return Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookie(request) } });
    }
    const refused = apiFailureFor(request, outcome);
    if (outcome.kind === "conflict" && outcome.token) {
      refused.headers.append("Set-Cookie", sessionCookie(request, outcome.token));
    }
    return refused;
  }
  const outcome = await updateProfile(deps, caller, read.body);
  return outcome.kind === "done" ? Response.json(outcome.value, NO_STORE) : apiFailure(outcome);
}
