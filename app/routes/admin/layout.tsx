import { Link, Outlet } from "react-router";
import { PageHero } from "~/components/page-hero";
import { ADMIN_TAB_ENTRIES } from "~/lib/admin-tab-entries";
import { type AdminTab, adminTabOf, dashboardHref } from "~/lib/admin-tabs";
import { adminPageRefusal } from "~/server/admin/admin-actions.server";
import { countUnprocessedContacts } from "~/server/contact/contact-submissions.server";
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
  adminOf(context);
  const tab = adminTabOf(new URL(request.url).searchParams.get("tab"));
  const { db } = depsOf(context);
  const [pending, users, unprocessed] = await Promise.all([
    countPendingUsers(db),
    countApprovedUsers(db),
    countUnprocessedContacts(db),
  ]);
  const counts: Partial<Record<AdminTab, number>> = { pending, users, contacts: unprocessed };
  return { tab, counts };
}

function TabLink({
  tab,
  current,
  label,
  count,
}: {
  tab: AdminTab;
  current: boolean;
  label: string;
  count?: number;
}) {
  return (
    <Link
      to={dashboardHref(tab)}
      aria-current={current ? "page" : undefined}
      className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-3 font-semibold ${current ? "border-brand text-brand-strong" : "border-transparent text-ink-muted hover:text-ink"}`}
    >
      {label}
      {count === undefined ? null : (
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-sm text-ink">{count}</span>
      )}
    </Link>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { tab: current, counts } = loaderData;
  return (
    <>
      <PageHero
        title="Admin Dashboard"
        lead="Approve new accounts, look after members and work through contact submissions."
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <nav aria-label="Dashboard sections" className="mt-4">
          <ul className="flex flex-wrap gap-2 border-b border-line">
            {ADMIN_TAB_ENTRIES.map((item) => (
              <li key={item.tab}>
                <TabLink
                  tab={item.tab}
                  current={current === item.tab}
                  label={item.label}
                  count={counts[item.tab]}
                />
              </li>
            ))}
          </ul>
        </nav>
        <Outlet />
      </div>
    </>
  );
}
