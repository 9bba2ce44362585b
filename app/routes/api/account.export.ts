import { exportMyData } from "~/server/account/my-account.server";
import { personalDataResponse } from "~/server/account/personal-data.server";
import { apiFailure, getOnly, methodNotAllowed } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account.export";

/** GET /api/account/export: what we hold about the signed-in person, as a JSON attachment. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await exportMyData(depsOf(context), callerOf(context, request));
  return outcome.kind === "done" ? personalDataResponse(outcome.value) : apiFailure(outcome);
});

export function action() {
  return methodNotAllowed("GET, HEAD");
}
