import { StaticNotice, useToast } from "~/components/toaster";
import { adminTabOf } from "~/lib/admin-tabs";
import { pageMeta } from "~/lib/seo";
import { unknownIntent } from "~/server/admin/admin-intents.server";
import { readForm } from "~/server/http/form-door.server";
import type { Route } from "./+types/dashboard";
import * as activity from "./activity";
import * as contacts from "./contacts";
import * as pendingUsers from "./pending-users";
import * as users from "./users";

// /admin: the tab that `?tab=` names (Pending Users unless it names another), inside the admin layout.
// React Router matches routes by path alone, so this route picks the tab module (app/routes/admin/*.tsx,
// each its own loader, action and component) and runs its loader, and hands each posted intent to the
// action of the tab that owns it. The layout's middleware has checked the caller first. An action that needs
// "Confirm it's you" is stored and goes on from /confirm-its-you, which then comes back here.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin Dashboard",
    description: "Approve new accounts and work through contact submissions.",
    path: "/admin",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader(args: Route.LoaderArgs) {
  const tab = adminTabOf(new URL(args.request.url).searchParams.get("tab"));
  switch (tab) {
    case "pending":
      return { tab, pending: await pendingUsers.loader(args) };
    case "users":
      return { tab, users: await users.loader(args) };
    case "contacts":
      return { tab, contacts: await contacts.loader(args) };
    case "activity":
      return { tab, activity: await activity.loader(args) };
  }
}

const TAB_ACTIONS = [pendingUsers, users, contacts];

function ownerOf(intent: unknown) {
  return TAB_ACTIONS.find((tab) => (tab.intents as readonly unknown[]).includes(intent));
}

export async function action(args: Route.ActionArgs) {
  // A copy: the tab that owns the intent reads the request itself.
  const posted = await readForm(args.request.clone() as unknown as Request);
  const owner = ownerOf(posted.intent);
  return owner ? owner.action(args) : unknownIntent();
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <>
      <StaticNotice message={actionData?.toast} />
      {loaderData.tab === "pending" ? <pendingUsers.PendingUsersTab {...loaderData.pending} /> : null}
      {loaderData.tab === "users" ? <users.UsersTab {...loaderData.users} /> : null}
      {loaderData.tab === "contacts" ? <contacts.ContactsTab {...loaderData.contacts} /> : null}
      {loaderData.tab === "activity" ? <activity.ActivityTab {...loaderData.activity} /> : null}
    </>
  );
}
