import { requireAdminApi } from "~/server/admin-guard.server";
import { pageNumber, pendingUsersPage } from "~/server/admin-lists.server";
import { getDb } from "~/server/db.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.pending-users";

/** GET /api/admin/pending-users[?page=N]: a list of pending users (spec section 7), paged by 50. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdminApi(context);
  if (admin instanceof Response) return admin;
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const result = await pendingUsersPage(getDb(context.get(cloudflareContext).env), page);
  return Response.json(result.items, {
    headers: { "X-Total-Count": String(result.total), "Cache-Control": "no-store" },
  });
}
