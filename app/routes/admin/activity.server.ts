import { AUDIT_ACTION_NAMES, namedSubject } from "~/lib/audit-actions";
import { describeUserAgent } from "~/lib/user-agent";
import {
  activityFilters,
  activityPage,
  activityQuery,
  EXPORT_ROW_CAP,
} from "~/server/admin/audit-activity.server";
import { adminOf } from "~/server/http/request-context.server";
import { cursorParam } from "~/server/keyset.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/activity";

// The activity tab's loader: on the server only, so the tab's module (its component) loads in the
// browser with its tab alone (dashboard.tsx).

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const params = new URL(request.url).searchParams;
  const query = activityQuery(params);
  const page = await activityPage(
    depsOf(context).db,
    activityFilters(new URLSearchParams(query)),
    cursorParam(params.get("after")),
  );
  // The browser and system, and a subject that is no one's account, in words worked out here: the page's
  // script needs no table of browsers or of audited actions.
  const items = page.items.map((entry) => ({
    ...entry,
    device: entry.userAgent ? describeUserAgent(entry.userAgent) : null,
    named: entry.subject === null ? null : namedSubject(entry.action, entry.subject),
  }));
  return { query, list: { ...page, items }, actions: AUDIT_ACTION_NAMES, exportCap: EXPORT_ROW_CAP };
}
