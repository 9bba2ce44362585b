import { ADMIN_SEARCH_MAX } from "~/lib/field-limits";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/payment-methods";
import {
  type ContactFilter,
  countProcessedContacts,
  countUnprocessedContacts,
  listProcessedContacts,
  listUnprocessedContacts,
} from "../contact/contact-submissions.server";
import type { Database } from "../db.server";
import {
  countApprovedUsers,
  countPendingUsers,
  listApprovedUsers,
  listPendingUsers,
} from "../identity/users.server";

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

/** A search query from a query parameter: trimmed, bounded, null when empty. */
export function searchQuery(raw: string | null): string | null {
  return textParam(raw);
}

/** A payment method from a query parameter (`payment`): one of PAYMENT_METHODS exactly, else null (no filter). */
export function paymentFilter(raw: string | null): PaymentMethod | null {
  return (PAYMENT_METHODS as readonly string[]).includes(raw ?? "") ? (raw as PaymentMethod) : null;
}

/** The filters of the contact lists, from a query string: `payment`. */
export function contactFilter(params: URLSearchParams): ContactFilter {
  return { payment: paymentFilter(params.get("payment")) };
}

type Window = { limit: number; offset: number };
const windowOf = (page: number): Window => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

async function pageOf<T>(page: number, list: (window: Window) => Promise<T[]>, count: () => Promise<number>) {
  const [items, total] = await Promise.all([list(windowOf(page)), count()]);
  return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
}

export const pendingUsersPage = (db: Database, page: number) =>
  pageOf(
    page,
    (window) => listPendingUsers(db, window),
    () => countPendingUsers(db),
  );

export const approvedUsersPage = (db: Database, page: number) =>
  pageOf(
    page,
    (window) => listApprovedUsers(db, window),
    () => countApprovedUsers(db),
  );

export const unprocessedContactsPage = (db: Database, page: number, filter: ContactFilter) =>
  pageOf(
    page,
    (window) => listUnprocessedContacts(db, filter, window),
    () => countUnprocessedContacts(db, filter),
  );

export const processedContactsPage = (
  db: Database,
  page: number,
  query: string | null,
  filter: ContactFilter,
) =>
  pageOf(
    page,
    (window) => listProcessedContacts(db, query, filter, window),
    () => countProcessedContacts(db, query, filter),
  );
