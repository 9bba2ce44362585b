import { myActivity } from "~/server/account/my-account.server";
import { pageNumber } from "~/server/admin/admin-lists.server";
import { apiFailure, getOnly } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/account.activity";

/** GET /api/account/activity[?page=N]: the caller's own account events, newest first, 50 a page. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const outcome = await myActivity(depsOf(context), callerOf(context, request), page);
  return outcome.kind === "done"
    ? Response.json(outcome.value, { headers: { "Cache-Control": "no-store" } })
    : apiFailure(outcome);
});
