import {
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
const MAX_QUERY_LENGTH = 200;

/** A 1-based page number from a query parameter, defaulting to 1. */
export function pageNumber(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** A search query from a query parameter: trimmed, bounded, null when empty. */
export function searchQuery(raw: string | null): string | null {
  const query = raw?.trim().slice(0, MAX_QUERY_LENGTH) ?? "";
  return query === "" ? null : query;
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

export const unprocessedContactsPage = (db: Database, page: number) =>
  pageOf(
    page,
    (window) => listUnprocessedContacts(db, window),
    () => countUnprocessedContacts(db),
  );

export const processedContactsPage = (db: Database, page: number, query: string | null) =>
  pageOf(
    page,
    (window) => listProcessedContacts(db, query, window),
    () => countProcessedContacts(db, query),
  );
