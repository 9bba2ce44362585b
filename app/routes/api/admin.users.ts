import { approvedUsersPage } from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.users";

/**
 * GET /api/admin/users[?after=…]: approved accounts, active or not, most recently approved first, 50 at a
 * time; the next page is linked in `Link` (`after=`), and `X-Total-Count` stops at 10,001.
 */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url) => approvedUsersPage(db, url.searchParams));
});
