import { type Preloadable, preloadable } from "~/components/preloadable";
import type { AdminTab } from "~/lib/admin-tabs";
import type { BulkAnswer } from "~/lib/bulk-moves";
import type { TabData } from "./dashboard";

// Each tab's component, in a module of its own: the dashboard's loader preloads the tab on show and its
// component renders it, and the build may put those two in different chunks of the route, so the
// components must be one instance both reach (otherwise the server would render a tab still loading,
// and stream it in a way a browser without JavaScript never shows).

/**
 * Each tab's component, whose code the browser loads with its tab alone (an app page's script budget,
 * GUIDE.md section 4); the server loads it before it renders the tab.
 */
export const TAB_COMPONENTS: { [Tab in AdminTab]: Preloadable<TabData[Tab]> } = {
  pending: preloadable(() => import("./pending-users").then((tab) => tab.PendingUsersTab)),
  users: preloadable(() => import("./users").then((tab) => tab.UsersTab)),
  contacts: preloadable(() => import("./contacts").then((tab) => tab.ContactsTab)),
  activity: preloadable(() => import("./activity").then((tab) => tab.ActivityTab)),
  search: preloadable(() => import("./search").then((tab) => tab.SearchTab)),
};

/**
 * A bulk move's answer (bulk-answers.tsx: a confirmation, an undo), drawn by the dashboard above the tab:
 * its code loads when a move answers, not with the tab, which keeps the first load within the script
 * budget; the dashboard's action loads it on the server, so the page it answers (without JavaScript) has it.
 */
export const BulkAnswerView: Preloadable<{ answer: BulkAnswer }> = preloadable(() =>
  import("./bulk-answers").then((module) => module.BulkAnswerView),
);
