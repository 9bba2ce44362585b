import { type ComponentType, Suspense } from "react";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import { type AdminTab, adminTabOf } from "~/lib/admin-tabs";
import { pageMeta } from "~/lib/seo";
import { adminDoor, DASHBOARD_INTENTS } from "~/routes/admin/admin-intents.server";
import { pageAction } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/dashboard";
import { loader as activityLoader } from "./activity.server";
import { loader as contactsLoader } from "./contacts.server";
import { loader as pendingUsersLoader } from "./pending-users.server";
import { loader as searchLoader } from "./search.server";
import { BulkAnswerView, TAB_COMPONENTS } from "./tab-components";
import { loader as usersLoader } from "./users.server";

// /admin: the tab that `?tab=` names (Pending Users unless it names another), inside the admin layout.
// React Router matches routes by path alone, so this route picks the tab module (app/routes/admin/*.tsx,
// each its own loader, action and component) from TABS below and runs its loader, and hands each posted
// intent to the page door with every tab's intents. The layout's middleware has checked the caller first. An
// action that needs "Confirm it's you" is stored and goes on from /confirm-its-you, which then comes back here.

type TabArgs = Pick<Route.LoaderArgs, "request" | "context" | "url">;

/**
 * Every tab of the route table (app/lib/admin-tab-entries.ts) with its loader (in the tab's `.server`
 * module, which the browser never gets), and nothing else: a tab added to the table without one here, or
 * one here that the table lacks, fails the typecheck.
 */
const TAB_LOADERS = {
  pending: pendingUsersLoader,
  users: usersLoader,
  contacts: contactsLoader,
  activity: activityLoader,
  search: searchLoader,
} satisfies Record<AdminTab, (args: TabArgs) => Promise<unknown>>;

export type TabData = { [Tab in AdminTab]: Awaited<ReturnType<(typeof TAB_LOADERS)[Tab]>> };

/** A tab and its loader's data: what /admin's loader returns. */
interface TabView<Tab extends AdminTab> {
  tab: Tab;
  data: TabData[Tab];
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin Dashboard",
    description: "Approve new accounts and work through contact submissions.",
    path: "/admin",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

async function loadTab<Tab extends AdminTab>(tab: Tab, args: TabArgs): Promise<TabView<Tab>> {
  const [data] = await Promise.all([TAB_LOADERS[tab](args), TAB_COMPONENTS[tab].preload()]);
  return { tab, data: data as TabData[Tab] };
}

export async function loader(args: Route.LoaderArgs) {
  return loadTab(adminTabOf(new URL(args.request.url).searchParams.get("tab")), args);
}

const answer = pageAction(adminDoor(DASHBOARD_INTENTS));

export async function action(args: Route.ActionArgs) {
  adminOf(args.context);
  // A bulk move's answer is drawn with the page on the server, so its code is there before the render.
  const [answered] = await Promise.all([answer(args), BulkAnswerView.preload()]);
  return answered;
}

function TabPanel<Tab extends AdminTab>({ tab, data }: TabView<Tab>) {
  const Component = TAB_COMPONENTS[tab] as ComponentType<TabData[Tab]>;
  // The key is the tab (each tab's component is its own anyway); with it TypeScript takes the generic spread.
  return (
    <Suspense fallback={null}>
      <Component key={tab} {...data} />
    </Suspense>
  );
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <>
      <StaticNotice message={actionData?.toast} />
      {actionData?.bulk ? (
        <Suspense fallback={null}>
          <BulkAnswerView answer={actionData.bulk} />
        </Suspense>
      ) : null}
      <TabPanel tab={loaderData.tab} data={loaderData.data} />
    </>
  );
}
