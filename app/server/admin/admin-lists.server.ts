import { parseContactFilter } from "~/lib/contact-filter";
import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { textParam as boundedText } from "~/lib/list-filters";
import { users } from "../../../db/schema";
import { messagesPage } from "../contact/message-queue.server";
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
export const textParam = (raw: string | null, max = MAX_QUERY_LENGTH): string | null => boundedText(raw, max);

/** The filters of the queue of messages, from a query string (lib/contact-filter.ts declares them). */
export const contactFilter = parseContactFilter;

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

/** A page of the queue of messages after the address's cursor (`after`). */
export function contactsPage(db: Database, params: URLSearchParams, adminId: number) {
  return messagesPage(db, contactFilter(params), adminId, cursorParam(params.get("after")), ADMIN_PAGE_SIZE);
}
