import { requireAdminApi } from "~/server/admin-guard.server";
import { pageNumber, unprocessedContactsPage } from "~/server/admin-lists.server";
import { getDb } from "~/server/db.server";
import { cloudflareContext } from "~/server/request-context.server";
import type { Route } from "./+types/admin.contacts";

/** GET /api/admin/contacts[?page=N]: unprocessed contact submissions (spec section 7), paged by 50. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdminApi(context);
  if (admin instanceof Response) return admin;
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const result = await unprocessedContactsPage(getDb(context.get(cloudflareContext).env), page);
  return Response.json(result.items, {
    headers: { "X-Total-Count": String(result.total), "Cache-Control": "no-store" },
  });
}
