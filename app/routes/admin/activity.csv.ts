import { redirect } from "react-router";
import { exportActivityCsv } from "~/server/audit-activity.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/activity.csv";

// GET /admin/activity.csv[?person=&action=&from=&to=] (and the API's actor and subject): the Activity
// tab's "Export CSV", a file rather than a page. The export checks that the caller is an administrator (D1,
// as every admin operation does) and logs itself; anyone else goes to /login, as from the dashboard.

export async function loader({ request, context }: Route.LoaderArgs) {
  const outcome = await exportActivityCsv(depsOf(context), callerOf(context, request), new URL(request.url));
  if (outcome.kind !== "done") throw redirect("/login");
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
