import { Form, Link, Outlet } from "react-router";
import { ListKeys } from "~/components/workbench/list-keys";
import { ADMIN_TAB_ENTRIES } from "~/lib/admin-tab-entries";
import { type AdminTab, adminTabOf, dashboardHref } from "~/lib/admin-tabs";
import { ANY_MESSAGE } from "~/lib/contact-filter";
import { countLabel } from "~/lib/counts";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { adminPageTabs } from "~/lib/route-table";
import { talliedCount } from "~/server/contact/message-counts.server";
import { adminPageRefusal } from "~/server/http/admin-refusal.server";
import { adminContext, adminOf } from "~/server/http/request-context.server";
import { requireAdmin } from "~/server/identity/caller-checks.server";
import { countApprovedUsers, countPendingUsers } from "~/server/identity/users.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/layout";

// The admin dashboard's frame (heading and tabs) around every admin route. Its middleware is the admin
// check: it runs before any loader or action of the routes inside (they run in parallel, so a check in
// this loader alone would not hold them back), reads D1, and sends anyone but an approved, active
// administrator to /login (an administrator without a second factor gets 403 and the way to set one up). The routes inside read the administrator with adminOf(context).

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const admin = await requireAdmin(depsOf(context).db, callerOf(context, request));
    if (admin.kind !== "done") throw adminPageRefusal(admin);
    context.set(adminContext, admin.value);
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  // The workbench's own pages (a message, a person) are no tab: none is marked current there; a page of the
  // route table that is a tab (Content) is marked by its path.
  const url = new URL(request.url);
  const tab = url.pathname.startsWith("/admin/") ? null : adminTabOf(url.searchParams.get("tab"));
  const pageTabs = adminPageTabs.map((entry) => ({ ...entry, current: url.pathname === entry.path }));
  const { db } = depsOf(context);
  const [pending, users, unprocessed] = await Promise.all([
    countPendingUsers(db),
    countApprovedUsers(db),
    talliedCount(db, ANY_MESSAGE, admin.id),
  ]);
  const counts: Partial<Record<AdminTab, number>> = { pending, users, contacts: unprocessed };
  return { tab, counts, pageTabs };
}

function TabLink({
  to,
  current,
  label,
  count,
}: {
  to: string;
  current: boolean;
  label: string;
  count?: number;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex items-center gap-2 border-b-2 px-3 py-2 font-semibold ${current ? "border-brand text-brand-strong" : "border-transparent text-ink-muted hover:text-ink"}`}
    >
      {label}
      {count === undefined ? null : (
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-sm text-ink">
          {countLabel(count)}
        </span>
      )}
    </Link>
  );
}

/**
 * A workbench, not a brochure: no hero. The heading and the tabs with their counts stay in view under the
 * site's header while a list scrolls, and the lists take the rest of the screen.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { tab: current, counts, pageTabs } = loaderData;
  return (
    <div className="mx-auto max-w-[96rem] px-4 pb-10 sm:px-6">
      <div className="sticky top-16 z-30 -mx-4 border-b border-line bg-surface px-4 pt-4 sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-xl font-bold">Admin Dashboard</h1>
          <Form method="get" action="/admin" role="search" aria-label="Search the dashboard">
            <input type="hidden" name="tab" value="search" />
            <input
              name="q"
              type="search"
              aria-label="Search messages and people"
              placeholder="Search messages and people"
              maxLength={ADMIN_SEARCH_MAX}
              className="block w-72 max-w-full rounded-lg border border-line bg-surface px-3 py-1 text-sm text-ink"
            />
          </Form>
          <ListKeys />
        </div>
        <nav aria-label="Dashboard sections" className="mt-2">
          <ul className="-mb-px flex gap-2 overflow-x-auto whitespace-nowrap">
            {ADMIN_TAB_ENTRIES.map((item) => (
              <li key={item.tab}>
                <TabLink
                  to={dashboardHref(item.tab)}
                  current={current === item.tab}
                  label={item.label}
                  count={counts[item.tab]}
                />
              </li>
            ))}
            {pageTabs.map((item) => (
              <li key={item.path}>
                <TabLink to={item.path} current={item.current} label={item.label} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
