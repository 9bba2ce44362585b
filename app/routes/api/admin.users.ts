import { approvedUsersPage, pageNumber } from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.users";

/** GET /api/admin/users[?page=N]: approved accounts, active or not, paged by 50. */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url) =>
    approvedUsersPage(db, pageNumber(url.searchParams.get("page"))),
  );
});
