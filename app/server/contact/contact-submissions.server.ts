import { and, desc, eq, inArray, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { isTokenEnquiry } from "~/content/user-types";
import { isClosedState, type MessageState } from "~/lib/message-states";
import type { PaymentMethod } from "~/lib/payment-methods";
import { contactSchema } from "~/lib/schemas";
import { contactSubmissions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import { insertMailEventIfChanged, publishMailEvents } from "../mail-outbox.server";
import { done, type Outcome } from "../outcome";

/**
 * Sends a contact message: stored in D1 (with its mail event, in one batch) before the answer, so an
 * acknowledged message is never lost; the admins are told after the answer. A preferred payment method is
 * kept only on a token enquiry, and dropped for any other area (the form offers it to everyone without
 * JavaScript).
 */
export const sendContactMessage = guarded(
  { rateLimit: "contact", honeypot: { answer: { id: null } }, door: "anyone", schema: contactSchema },
  async (deps, _caller, { input }): Promise<Outcome<{ id: number | null }>> => {
    const [[row], events] = await deps.db.batch([
      deps.db
        .insert(contactSubmissions)
        .values({
          ...input,
          paymentMethod: isTokenEnquiry(input.userTypeId) ? (input.paymentMethod ?? null) : null,
        })
        .returning({ id: contactSubmissions.id }),
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
  paymentMethod: contactSubmissions.paymentMethod,
  createdAt: contactSubmissions.createdAt,
};

/** What an admin list of messages is narrowed to: a payment method, or none (every message). */
export interface ContactFilter {
  payment: PaymentMethod | null;
}

const paymentWhere = ({ payment }: ContactFilter): SQL | undefined =>
  payment ? eq(contactSubmissions.paymentMethod, payment) : undefined;

export type UnprocessedContact = Awaited<ReturnType<typeof listUnprocessedContacts>>[number];

/** Unprocessed messages, newest first, one page at a time (served by the is_processed, created_at index). */
export function listUnprocessedContacts(
  db: Database,
  filter: ContactFilter,
  { limit, offset }: { limit: number; offset: number },
) {
  return db
    .select(adminFields)
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.isProcessed, false), paymentWhere(filter)))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit)
    .offset(offset);
}

export async function countUnprocessedContacts(
  db: Database,
  filter: ContactFilter = { payment: null },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.isProcessed, false), paymentWhere(filter)));
  return row?.count ?? 0;
}

/** Marks a message processed once, recording who and when; a repeat changes nothing. */
export function markProcessedStatement(db: Database, id: number, adminId: number) {
  return db
    .update(contactSubmissions)
    .set({ state: "done", isProcessed: true, processedBy: adminId, processedAt: new Date() })
    .where(and(eq(contactSubmissions.id, id), eq(contactSubmissions.isProcessed, false)))
    .returning({ id: contactSubmissions.id });
}

/**
 * Moves messages to `state`, recording who closed them and when for Done and Spam (the spec's
 * processed_by and processed_at), and clearing that record when a message opens again. Only rows not
 * already in `state` change; it returns their ids, so a batch writes one audit entry per row it touched.
 */
export function messageStateStatement(
  db: Database,
  ids: readonly number[],
  state: MessageState,
  adminId: number,
) {
  const closed = isClosedState(state);
  return db
    .update(contactSubmissions)
    .set({
      state,
      isProcessed: closed,
      processedBy: closed ? adminId : null,
      processedAt: closed ? new Date() : null,
    })
    .where(and(inArray(contactSubmissions.id, [...ids]), ne(contactSubmissions.state, state)))
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

function processedWhere(query: string | null, filter: ContactFilter) {
  const processed = and(eq(contactSubmissions.isProcessed, true), paymentWhere(filter));
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
  filter: ContactFilter,
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
    .where(processedWhere(query, filter))
    .orderBy(desc(contactSubmissions.processedAt), desc(contactSubmissions.id))
    .limit(limit)
    .offset(offset);
}

export async function countProcessedContacts(
  db: Database,
  query: string | null,
  filter: ContactFilter = { payment: null },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactSubmissions)
    .where(processedWhere(query, filter));
  return row?.count ?? 0;
}
