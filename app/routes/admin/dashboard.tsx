import type { ReactNode } from "react";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import { type AdminTab, adminTabOf } from "~/lib/admin-tabs";
import { pageMeta } from "~/lib/seo";
import { adminDoor, DASHBOARD_INTENTS } from "~/routes/admin/admin-intents.server";
import { pageAction } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/dashboard";
import * as activity from "./activity";
import * as contacts from "./contacts";
import * as pendingUsers from "./pending-users";
import * as search from "./search";
import * as users from "./users";

// /admin: the tab that `?tab=` names (Pending Users unless it names another), inside the admin layout.
// React Router matches routes by path alone, so this route picks the tab module (app/routes/admin/*.tsx,
// each its own loader, action and component) from TABS below and runs its loader, and hands each posted
// intent to the page door with every tab's intents. The layout's middleware has checked the caller first. An
// action that needs "Confirm it's you" is stored and goes on from /confirm-its-you, which then comes back here.

type TabArgs = Pick<Route.LoaderArgs, "request" | "context" | "url">;

/** What the dashboard runs of a tab: its loader and the component that shows the loader's data. */
interface TabModule<Data> {
  loader: (args: TabArgs) => Promise<Data>;
  Component: (props: Data) => ReactNode;
}

/**
 * Every tab of the route table (app/lib/admin-tab-entries.ts) with its module, and nothing else: a tab
 * added to the table without one here, or one here that the table lacks, fails the typecheck.
 */
const TAB_MODULES = {
  pending: {
    loader: pendingUsers.loader,
    Component: pendingUsers.PendingUsersTab,
  },
  users: { loader: users.loader, Component: users.UsersTab },
  contacts: {
    loader: contacts.loader,
    Component: contacts.ContactsTab,
  },
  activity: { loader: activity.loader, Component: activity.ActivityTab },
  search: { loader: search.loader, Component: search.SearchTab },
} satisfies Record<
  AdminTab,
  Omit<TabModule<unknown>, "Component"> & { Component: (props: never) => ReactNode }
>;

type TabData = { [Tab in AdminTab]: Awaited<ReturnType<(typeof TAB_MODULES)[Tab]["loader"]>> };

/** The same record, typed so that each tab's component takes what its loader returns. */
const TABS: { [Tab in AdminTab]: TabModule<TabData[Tab]> } = TAB_MODULES;

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
  return { tab, data: await TABS[tab].loader(args) };
}

export async function loader(args: Route.LoaderArgs) {
  return loadTab(adminTabOf(new URL(args.request.url).searchParams.get("tab")), args);
}

const answer = pageAction(adminDoor(DASHBOARD_INTENTS));

export async function action(args: Route.ActionArgs) {
  adminOf(args.context);
  return answer(args);
}

function TabPanel<Tab extends AdminTab>({ tab, data }: TabView<Tab>) {
  const { Component } = TABS[tab];
  // The key is the tab (each tab's component is its own anyway); with it TypeScript takes the generic spread.
  return <Component key={tab} {...data} />;
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <>
      <StaticNotice message={actionData?.toast} />
      <TabPanel tab={loaderData.tab} data={loaderData.data} />
    </>
  );
}
