// The admin dashboard's tabs (declared in the route table) and their addresses: /admin?tab=… (pending is the default), as the links, the
// forms and the emails to admins have always had them.

import { ADMIN_TAB_ENTRIES } from "./admin-tab-entries";

export type AdminTab = (typeof ADMIN_TAB_ENTRIES)[number]["tab"];

export const ADMIN_TABS: readonly AdminTab[] = ADMIN_TAB_ENTRIES.map((entry) => entry.tab);

export function adminTabOf(raw: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(raw ?? "") ? (raw as AdminTab) : "pending";
}

/**
 * The dashboard's address for a tab and its parameters in the order given; empty ones are left out, and
 * so is page 1.
 */
export function dashboardHref(
  tab: AdminTab,
  params: Record<string, string | number | null | undefined> = {},
): string {
  const search = new URLSearchParams({ tab });
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "page" && Number(value) <= 1) continue;
    search.set(name, String(value));
  }
  return `/admin?${search}`;
}
