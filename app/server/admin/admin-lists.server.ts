import { publicUserTypes } from "~/content/user-types";
import type { ContactFilter } from "~/lib/contact-filter";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { STATE_VIEWS, type StateView } from "~/lib/message-states";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/payment-methods";
import { searchTerms } from "~/lib/search-query";
import { users } from "../../../db/schema";
import { messagesPage, queueText } from "../contact/message-queue.server";
import type { QueueText } from "../contact/queue-text.server";
import type { Database } from "../db.server";
import {
  countApprovedUsers,
  countPendingUsers,
  listApprovedUsers,
  listPendingUsers,
} from "../identity/users.server";
import { afterCursor, cursorParam, keysetPage } from "../keyset.server";

export const ADMIN_PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = ADMIN_SEARCH_MAX;
/** The furthest page a list goes to (50 million rows in): beyond it, the last page asked is this one. */
export const MAX_PAGE = 1_000_000;

/** A 1-based page number from a query parameter: 1 when missing or not a positive integer, at most MAX_PAGE. */
export function pageNumber(raw: string | null): number {
  const page = Number(raw);
  if (!Number.isSafeInteger(page) || page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

/** A text parameter trimmed and cut to `max` characters (code points, never half a pair), null when empty. */
export function textParam(raw: string | null, max = MAX_QUERY_LENGTH): string | null {
  const text = Array.from(raw?.trim() ?? "")
    .slice(0, max)
    .join("");
  return text === "" ? null : text;
}

/** The queue's text filter from a query parameter: trimmed, bounded, null when it holds no word. */
export function searchQuery(raw: string | null): string | null {
  const text = textParam(raw);
  return text !== null && searchTerms(text).length > 0 ? text : null;
}

/** A payment method from a query parameter (`payment`): one of PAYMENT_METHODS exactly, else null (no filter). */
export function paymentFilter(raw: string | null): PaymentMethod | null {
  return (PAYMENT_METHODS as readonly string[]).includes(raw ?? "") ? (raw as PaymentMethod) : null;
}

/** A day from a query parameter: YYYY-MM-DD naming a real day, else null (no bound). */
export function dayParam(raw: string | null): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const day = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw ? null : raw;
}

/**
 * The filters of the queue of messages, from a query string: `state` (open unless one of the states),
 * `area`, `payment`, `from` and `to` (days received), `holder` (me or nobody) and `q`. Anything else, or
 * anything malformed, is no filter.
 */
export function contactFilter(params: URLSearchParams): ContactFilter {
  // Before the states came, the processed messages were `view=processed`: they are the Done ones.
  const state = params.get("state") ?? (params.get("view") === "processed" ? "done" : null);
  const area = Number(params.get("area"));
  const holder = params.get("holder");
  return {
    state: (STATE_VIEWS as readonly string[]).includes(state ?? "") ? (state as StateView) : "open",
    area: publicUserTypes.some((type) => type.id === area) ? area : null,
    payment: paymentFilter(params.get("payment")),
    from: dayParam(params.get("from")),
    to: dayParam(params.get("to")),
    holder: holder === "me" || holder === "nobody" ? holder : null,
    query: searchQuery(params.get("q")),
  };
}

/** Pending registrations, oldest first, by keyset (`after`). */
export function pendingUsersPage(db: Database, params: URLSearchParams) {
  const cursor = cursorParam(params.get("after"));
  const keyset = { at: users.createdAt, id: users.id, direction: "asc" } as const;
  return keysetPage(
    cursor,
    ADMIN_PAGE_SIZE,
    (limit) => listPendingUsers(db, afterCursor(keyset, cursor), limit),
    () => countPendingUsers(db),
    (row) => row.createdAt,
  );
}

/** A page of the approved accounts after the address's cursor (`after`), with their capped count. */
export const approvedUsersPage = (db: Database, params: URLSearchParams) => {
  const cursor = cursorParam(params.get("after"));
  return keysetPage(
    cursor,
    ADMIN_PAGE_SIZE,
    (limit) => listApprovedUsers(db, cursor, limit),
    () => countApprovedUsers(db),
    (user) => user.approvedAt,
  );
};

/**
 * A page of the queue of messages after the address's cursor (`after`); `text` is the index's word on the
 * filter's text when the caller has read it already (the dashboard reads it once for the facets too).
 */
export async function contactsPage(
  db: Database,
  params: URLSearchParams,
  adminId: number,
  text?: QueueText | null,
) {
  const filter = contactFilter(params);
  const read = text === undefined ? await queueText(db, filter, adminId, { facets: false }) : text;
  return messagesPage(db, filter, adminId, cursorParam(params.get("after")), ADMIN_PAGE_SIZE, read);
}
