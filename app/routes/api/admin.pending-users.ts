import { pendingUsersPage } from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.pending-users";

/**
 * GET /api/admin/pending-users: accounts waiting for approval (spec section 7), oldest first, 50 at a
 * time; the next page is linked in `Link` (`after=`).
 */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url) => pendingUsersPage(db, url.searchParams));
});
