import { apiFailure, getOnly, methodNotAllowed, readJsonBody } from "~/server/json-api.server";
import { readProfile, updateProfile } from "~/server/my-account.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account";

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

/** GET /api/account: the signed-in person's profile. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await readProfile(depsOf(context), callerOf(context, request));
  return outcome.kind === "done" ? Response.json(outcome.value, NO_STORE) : apiFailure(outcome);
});

/** PATCH /api/account: any of { firstName, lastName, company, phone, userTypeId }; 200 with the profile. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("GET, HEAD, PATCH");
  const read = await readJsonBody(request);
  if ("response" in read) return read.response;
  const outcome = await updateProfile(depsOf(context), callerOf(context, request), read.body);
  return outcome.kind === "done" ? Response.json(outcome.value, NO_STORE) : apiFailure(outcome);
}
