import { BULK_SCOPES, SCOPE_PARAM, scopeChoices, scopeOf, scopeParams } from "~/lib/bulk-moves";
import { SHOW_COUNTS } from "~/lib/counts";
import { withReplyMailto } from "~/lib/reply-mailto";
import { textNote } from "~/lib/search-query";
import { contactFilter, contactsPage } from "~/server/admin/admin-lists.server";
import { listBack } from "~/server/admin/message-neighbours.server";
import { messageFacets } from "~/server/contact/message-facets.server";
import { newestMessageId } from "~/server/contact/message-queue.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import { senderLabels, standingsOf } from "~/server/threads/sender-standing.server";
import type { Route } from "./+types/contacts";
import { filterView } from "./contact-filter-view.server";

// The contacts tab's loader: on the server only, so the tab's module (its component) loads in the
// browser with its tab alone (dashboard.tsx).

export async function loader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const admin = adminOf(context);
  const { db } = depsOf(context);
  const params = new URL(request.url).searchParams;
  const filter = contactFilter(params);
  const showCounts = params.get(SHOW_COUNTS.param) === SHOW_COUNTS.value;
  // The bulk bar's scope, kept in the address after a move and carried by the list's links (decision 177).
  const scope = scopeOf(params.get(SCOPE_PARAM));
  const [list, facets, upTo] = await Promise.all([
    contactsPage(db, params, admin.id),
    messageFacets(db, filter, admin.id, { asked: showCounts }),
    newestMessageId(db),
  ]);
  // Who wrote each message shown (decision 174): one read for the page's rows.
  const senders = senderLabels(
    await standingsOf(
      db,
      list.items.map((row) => row.id),
    ),
  );
  return {
    filter,
    view: filterView(filter, facets, showCounts, scopeParams(scope)),
    list: { ...list, items: list.items.map(withReplyMailto) },
    upTo,
    scope,
    scopes: scopeChoices(BULK_SCOPES, list.total),
    senders,
    textNote: textNote(filter.query),
    // The list's own query, which a message opened from it carries back (decision 176).
    back: listBack(params),
    me: admin.id,
    now: Date.now(),
  };
}
