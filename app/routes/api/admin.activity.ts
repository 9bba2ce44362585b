import { pageNumber } from "~/server/admin/admin-lists.server";
import { activityFilters, activityPage } from "~/server/admin/audit-activity.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.activity";

/**
 * GET /api/admin/activity[?actor=&subject=&person=&action=&from=&to=&page=N]: the audit log, newest first,
 * 50 a page with the total in X-Total-Count. `actor` is an account id or an address; `person` is either,
 * as actor or as subject; dates are UTC, and a date alone as `to` takes in that whole day.
 */
export const loader = getOnly((args: Route.LoaderArgs) =>
  adminListResponse(args, (db, url) =>
    activityPage(db, activityFilters(url.searchParams), pageNumber(url.searchParams.get("page"))),
  ),
);
