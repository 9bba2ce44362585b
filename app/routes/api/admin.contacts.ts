import { contactsPage } from "~/server/admin/admin-lists.server";
import { adminListResponse, getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.contacts";

/**
 * GET /api/admin/contacts: the unprocessed (open) contact submissions (spec section 7), oldest first, 50 at
 * a time; the next page is linked in `Link` (`after=`). The dashboard's filters apply: `state`
 * (open|new|waiting|done|spam), `area`, `payment`, `from`, `to`, `holder` (me|nobody) and `q`; and, as
 * before the states came, `processed=true` lists the Done ones. Each item has its state, its holder and
 * its `paymentMethod` (null unless a token enquiry stated one).
 */
export const loader = getOnly((args: Route.LoaderArgs) => {
  return adminListResponse(args, (db, url, adminId) => {
    const params = new URLSearchParams(url.searchParams);
    if (params.get("processed") === "true" && !params.has("state")) params.set("state", "done");
    return contactsPage(db, params, adminId);
  });
});
