import { parseId, requireAdminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { jsonError, methodNotAllowed } from "~/server/json-api.server";
import { cloudflareContext } from "~/server/request-context.server";
import { approveUser } from "~/server/users.server";
import type { Route } from "./+types/admin.approve-user";

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const admin = requireAdminApi(context);
  if (admin instanceof Response) return admin;
  const id = parseId(params.id);
  if (id === null) return jsonError(400, "The user id must be a positive whole number.");
  const outcome = await approveUser(getDb(context.get(cloudflareContext).env), id, admin.id);
  if (outcome === "not-found") return jsonError(404, "No such user.");
  return Response.json({ ok: true, changed: outcome === "changed" });
}

export function loader() {
  return methodNotAllowed("POST");
}
