import { scopeChoices } from "~/lib/bulk-moves";
import { pendingUsersPage } from "~/server/admin/admin-lists.server";
import { adminOf } from "~/server/http/request-context.server";
import { newestUserId } from "~/server/identity/users.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/pending-users";

// The pending users tab's loader: on the server only, so the tab's module (its component) loads in the
// browser with its tab alone (dashboard.tsx).

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const { db } = depsOf(context);
  const [list, upTo] = await Promise.all([
    pendingUsersPage(db, new URL(request.url).searchParams),
    newestUserId(db),
  ]);
  return { list, upTo, scopes: scopeChoices(["ticked", "matching"], list.total) };
}
