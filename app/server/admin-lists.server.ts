import { countUnprocessedContacts, listUnprocessedContacts } from "./contact-submissions.server";
import type { Database } from "./db.server";
import { countPendingUsers, listPendingUsers } from "./users.server";

export const ADMIN_PAGE_SIZE = 50;

/** A 1-based page number from a query parameter, defaulting to 1. */
export function pageNumber(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

const window = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

export async function pendingUsersPage(db: Database, page: number) {
  const [items, total] = await Promise.all([listPendingUsers(db, window(page)), countPendingUsers(db)]);
  return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
}

export async function unprocessedContactsPage(db: Database, page: number) {
  const [items, total] = await Promise.all([
    listUnprocessedContacts(db, window(page)),
    countUnprocessedContacts(db),
  ]);
  return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
}
