import { apiFailure, getOnly, methodNotAllowed } from "~/server/json-api.server";
import { exportMyData } from "~/server/my-account.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { personalDataResponse } from "~/server/personal-data.server";
import type { Route } from "./+types/account.export";

/** GET /api/account/export: what we hold about the signed-in person, as a JSON attachment. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await exportMyData(depsOf(context), callerOf(context, request));
  return outcome.kind === "done" ? personalDataResponse(outcome.value) : apiFailure(outcome);
});

export function action() {
  return methodNotAllowed("GET, HEAD");
}
