import { getOnly } from "~/server/http/json-api.server";
import { depsOf } from "~/server/operation.server";
import { listActiveUserTypes } from "~/server/user-types.server";
import type { Route } from "./+types/user-types";

export const loader = getOnly(async ({ context }: Route.LoaderArgs) => {
  const rows = await listActiveUserTypes(depsOf(context).db);
  return Response.json(rows, { headers: { "Cache-Control": "public, max-age=300" } });
});
