import { dashboardHref } from "~/lib/admin-tabs";
import type { DownloadIntent } from "~/routes/confirm-page-intents.server";
import { activityQuery, exportActivityCsv } from "~/server/admin/audit-activity.server";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { askOnConfirmPage } from "~/server/http/page-confirmation.server";
import { pageCallOf } from "~/server/http/page-door.server";
import { MAX_NEXT_LENGTH } from "~/server/identity/interrupted-actions.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/activity.csv";

// GET /admin/activity.csv[?person=&action=&from=&to=] (and the API's actor and subject): the Activity
// tab's "Export CSV", a file rather than a page. The export checks that the caller is an administrator (D1,
// as every admin operation does) and logs itself; anyone else goes to /login, as from the dashboard. It needs
// "Confirm it's you": after 10 minutes the export is stored for the session and the browser goes to
// /confirm-its-you, which names it and, once confirmed, returns to the Activity tab with the same filters,
// where Export CSV then downloads at once (a redirect to the file would leave the spent form on screen).

export async function loader({ request, context }: Route.LoaderArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  const url = new URL(request.url);
  const outcome = await exportActivityCsv(deps, caller, url.searchParams);
  if (outcome.kind === "forbidden" && outcome.reauthenticate) {
    // Filters too long to carry back (far beyond what the tab's fields take) are left behind, not the tab.
    const filtered = dashboardHref("activity", activityQuery(url.searchParams));
    const back = filtered.length <= MAX_NEXT_LENGTH ? filtered : dashboardHref("activity");
    await askOnConfirmPage(pageCallOf({ request, context }, {}, back), {
      intent: "export-activity" satisfies DownloadIntent,
      target: null,
    });
  }
  if (outcome.kind !== "done") throw adminPageRefusal(outcome);
  const { csv, filename, total } = outcome.value;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Total-Count": String(total),
    },
  });
}
