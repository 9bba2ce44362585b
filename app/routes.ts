import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import {
  API_NOT_FOUND_MODULE,
  API_ROUTES,
  LAYOUT_MODULES,
  type LayoutName,
  PAGE_ROUTES,
  type PageEntry,
} from "./lib/route-table";

// React Router's routes, read from the route table (app/lib/route-table.ts): add a URL there, not here.
// Unknown paths fall to root's 404. The dashboard's tabs are registered without a path, so no URL matches
// them on their own: /admin runs their loaders and actions, and being route modules, their server code
// stays out of the browser's bundle.

function pageRoute(entry: PageEntry) {
  if (entry.path === "/") return index(entry.module);
  return route(
    entry.path,
    entry.module,
    (entry.tabs ?? []).map((tab) => layout(tab.module)),
  );
}

const inLayout = (name: LayoutName) =>
  layout(LAYOUT_MODULES[name], PAGE_ROUTES.filter((entry) => entry.layout === name).map(pageRoute));

export default [
  ...PAGE_ROUTES.filter((entry) => !entry.layout).map(pageRoute),
  inLayout("admin"),
  inLayout("account"),
  ...prefix("/api", [
    // An id of its own per URL: the dashboard's actions share one module (routes/api/admin.action.ts).
    ...API_ROUTES.map((entry) => route(entry.path, entry.module, { id: `api${entry.path}` })),
    route("/*", API_NOT_FOUND_MODULE),
  ]),
] satisfies RouteConfig;
