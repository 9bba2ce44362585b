import {
  contactFilter,
  pageNumber,
  processedContactsPage,
  searchQuery,
  unprocessedContactsPage,
} from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.contacts";

/**
 * GET /api/admin/contacts[?page=N]: unprocessed contact submissions (spec section 7), paged by 50;
 * with `processed=true`, processed ones with processedAt and processedBy, searched by `q`. Each item has
 * its `paymentMethod` (null unless a token enquiry stated one); `payment=BTC|SOL|USDT` keeps only those.
 */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url) => {
    const page = pageNumber(url.searchParams.get("page"));
    const filter = contactFilter(url.searchParams);
    return url.searchParams.get("processed") === "true"
      ? processedContactsPage(db, page, searchQuery(url.searchParams.get("q")), filter)
      : unprocessedContactsPage(db, page, filter);
  });
});
