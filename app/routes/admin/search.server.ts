import { withReplyMailto } from "~/lib/reply-mailto";
import { adminSearch, RANK_WINDOW } from "~/server/admin/admin-search.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/search";

// The search tab's loader: on the server only, so the tab's module (its component) loads in the
// browser with its tab alone (dashboard.tsx).

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  adminOf(context);
  const found = await adminSearch(depsOf(context).db, new URL(request.url).searchParams);
  const messages = found.messages && { ...found.messages, items: found.messages.items.map(withReplyMailto) };
  return { ...found, messages, window: RANK_WINDOW, now: Date.now() };
}
