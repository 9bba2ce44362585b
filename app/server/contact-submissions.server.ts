import { and, desc, eq, or, type SQLWrapper, sql } from "drizzle-orm";
import { contactSchema } from "~/lib/schemas";
import { contactSubmissions, users } from "../../db/schema";
import type { Database } from "./db.server";
import { guarded } from "./guarded.server";
import { insertMailEventIfChanged, publishMailEvents } from "./mail/mail-outbox.server";
import { done, type Outcome } from "./outcome";

/**
 * Sends a contact message: stored in D1 (with its mail event, in one batch) before the answer, so an
 * acknowledged message is never lost; the admins are told after the answer.
 */
export const sendContactMessage = guarded(
  { rateLimit: "contact", honeypot: { answer: { id: null } }, door: "anyone", schema: contactSchema },
  async (deps, _caller, { input }): Promise<Outcome<{ id: number | null }>> => {
    const [[row], events] = await deps.db.batch([
      deps.db.insert(contactSubmissions).values(input).returning({ id: contactSubmissions.id }),
      insertMailEventIfChanged(deps.db, "contact-received"),
    ]);
    if (!row) throw new Error("The contact submission was not stored.");
    deps.waitUntil(publishMailEvents(deps.env, events));
    return done({ id: row.id });
  },
);

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

/** Marks a message processed once, recording who and when; a repeat changes nothing. */
export function markProcessedStatement(db: Database, id: number, adminId: number) {
  return db
    .update(contactSubmissions)
    .set({ isProcessed: true, processedBy: adminId, processedAt: new Date() })
    .where(and(eq(contactSubmissions.id, id), eq(contactSubmissions.isProcessed, false)))
    .returning({ id: contactSubmissions.id });
}

export async function contactExists(db: Database, id: number): Promise<boolean> {
  const row = await db.query.contactSubmissions.findFirst({
    columns: { id: true },
    where: eq(contactSubmissions.id, id),
  });
  return row !== undefined;
}

/**
 * Whether a column holds the query as a substring, ignoring ASCII case (as LIKE did): `instr`, not LIKE,
 * so `%`, `_` and `\\` mean themselves and a query of any length works (D1 refuses a LIKE pattern over 50
 * bytes).
 */
const holds = (column: SQLWrapper, query: string) => sql`instr(lower(${column}), lower(${query})) > 0`;

function processedWhere(query: string | null) {
  const processed = eq(contactSubmissions.isProcessed, true);
  if (!query) return processed;
  return and(
    processed,
    or(
      holds(contactSubmissions.firstName, query),
      holds(contactSubmissions.lastName, query),
      holds(sql`${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}`, query),
      holds(contactSubmissions.email, query),
      holds(contactSubmissions.message, query),
    ),
  );
}

export type ProcessedContact = Awaited<ReturnType<typeof listProcessedContacts>>[number];

/** Processed messages, most recently processed first, with who processed them; `query` searches text. */
export function listProcessedContacts(
  db: Database,
  query: string | null,
  { limit, offset }: { limit: number; offset: number },
) {
  return db
    .select({
      ...adminFields,
      processedAt: contactSubmissions.processedAt,
      processedBy: contactSubmissions.processedBy,
      processedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(contactSubmissions)
    .leftJoin(users, eq(users.id, contactSubmissions.processedBy))
    .where(processedWhere(query))
    .orderBy(desc(contactSubmissions.processedAt), desc(contactSubmissions.id))
    .limit(limit)
    .offset(offset);
}

export async function countProcessedContacts(db: Database, query: string | null): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(processedWhere(query));
  return row?.count ?? 0;
}
