// The admin dashboard's tabs, part of the route table (app/lib/route-table.ts) and kept in a module of their
// own so the dashboard's browser bundle takes these entries and not the whole table.

export interface AdminTabEntry {
  /** `/admin?tab=…` */
  tab: string;
  /** The pathless route module whose loader and action /admin runs for this tab. */
  module: string;
  label: string;
}

export const ADMIN_TAB_ENTRIES = [
  { tab: "pending", module: "routes/admin/pending-users.tsx", label: "Pending Users" },
  { tab: "users", module: "routes/admin/users.tsx", label: "Users" },
  { tab: "contacts", module: "routes/admin/contacts.tsx", label: "Contact Submissions" },
  { tab: "activity", module: "routes/admin/activity.tsx", label: "Activity" },
  { tab: "search", module: "routes/admin/search.tsx", label: "Search" },
] as const satisfies readonly AdminTabEntry[];
