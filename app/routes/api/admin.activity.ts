import { activityFilters, activityPage } from "~/server/admin/audit-activity.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import { cursorParam } from "~/server/keyset.server";
import type { Route } from "./+types/admin.activity";

/**
 * GET /api/admin/activity[?actor=&subject=&person=&action=&from=&to=&after=]: the audit log, newest first,
 * 50 a page, the next linked in `Link` (`after=`), the count in X-Total-Count (up to 10,001). `actor` is an
 * account id or an address; `person` is either, as actor or as subject; dates are UTC, and a date alone as
 * `to` takes in that whole day.
 */
export const loader = getOnly((args: Route.LoaderArgs) =>
  adminListResponse(args, (db, url) =>
    activityPage(db, activityFilters(url.searchParams), cursorParam(url.searchParams.get("after"))),
  ),
);
