import { approvedUsersPage } from "~/server/admin/admin-lists.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/users";

// The users tab's loader: on the server only, so the tab's module (its component) loads in the
// browser with its tab alone (dashboard.tsx).

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const admin = adminOf(context);
  const params = new URL(request.url).searchParams;
  return { adminId: admin.id, list: await approvedUsersPage(depsOf(context).db, params) };
}
