import { and, desc, eq, sql } from "drizzle-orm";
import type { ContactInput } from "~/lib/schemas";
import { contactSubmissions } from "../../db/schema";
import type { Database } from "./db.server";
import type { StateChange } from "./state-change";

/** Stores a message. Called before anything else is done with it, so an acknowledged message is never lost. */
export async function saveContactSubmission(db: Database, input: ContactInput): Promise<number> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      company: input.company,
      phone: input.phone,
      userTypeId: input.userTypeId,
      message: input.message,
    })
    .returning({ id: contactSubmissions.id });
  if (!row) throw new Error("The contact submission was not stored.");
  return row.id;
}

const adminFields = {
  id: contactSubmissions.id,
  firstName: contactSubmissions.firstName,
  lastName: contactSubmissions.lastName,
  email: contactSubmissions.email,
  company: contactSubmissions.company,
  phone: contactSubmissions.phone,
  userTypeId: contactSubmissions.userTypeId,
  message: contactSubmissions.message,
  createdAt: contactSubmissions.createdAt,
};

export type UnprocessedContact = Awaited<ReturnType<typeof listUnprocessedContacts>>[number];

/** Unprocessed messages, newest first, one page at a time (served by the is_processed, created_at index). */
export function listUnprocessedContacts(db: Database, { limit, offset }: { limit: number; offset: number }) {
  return db
    .select(adminFields)
    .from(contactSubmissions)
    .where(eq(contactSubmissions.isProcessed, false))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit)
    .offset(offset);
}

export async function countUnprocessedContacts(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.isProcessed, false));
  return row?.count ?? 0;
}

/** Marks a message processed once; a repeat changes nothing and reports "unchanged". */
export async function markContactProcessed(db: Database, id: number, adminId: number): Promise<StateChange> {
  const updated = await db
    .update(contactSubmissions)
    .set({ isProcessed: true, processedBy: adminId, processedAt: new Date() })
    .where(and(eq(contactSubmissions.id, id), eq(contactSubmissions.isProcessed, false)))
    .returning({ id: contactSubmissions.id });
  if (updated.length > 0) return "changed";
  const exists = await db.query.contactSubmissions.findFirst({
    columns: { id: true },
    where: eq(contactSubmissions.id, id),
  });
  return exists ? "unchanged" : "not-found";
}
