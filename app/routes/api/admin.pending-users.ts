import { pageNumber, pendingUsersPage } from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.pending-users";

/** GET /api/admin/pending-users[?page=N]: accounts waiting for approval (spec section 7), paged by 50. */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url) => pendingUsersPage(db, pageNumber(url.searchParams.get("page"))));
});
