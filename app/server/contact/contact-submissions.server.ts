import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import { isTokenEnquiry } from "~/content/user-types";
import { isClosedState, type MessageState } from "~/lib/message-states";
import { contactPageSchema, contactSchema } from "~/lib/schemas";
import { contactSubmissions } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller, Deps } from "../deps";
import { guarded } from "../identity/guarded.server";
import { findSignedInUser } from "../identity/users.server";
import {
  insertMailEventIfChanged,
  insertMailEventWhere,
  mailEventRow,
  publishMailEvents,
} from "../mail-outbox.server";
import { done, type Outcome } from "../outcome";

/**
 * Sends a contact message: stored in D1 (with its mail event, in one batch) before the answer, so an
 * acknowledged message is never lost; the admins are told after the answer. A preferred payment method is
 * kept only on a token enquiry, and dropped for any other area (the form offers it to everyone without
 * JavaScript). Sent while signed in, it is recorded as the account's own (`senderId`); sent signed out, it
 * is nobody's, whatever address was typed (decision 174).
 */
async function send(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof contactSchema>,
): Promise<Outcome<{ id: number | null }>> {
  const sender = caller.session ? await findSignedInUser(deps.db, caller.session) : null;
  const [[row], events] = await deps.db.batch([
    deps.db
      .insert(contactSubmissions)
      .values({
        ...input,
        paymentMethod: isTokenEnquiry(input.userTypeId) ? (input.paymentMethod ?? null) : null,
        senderId: sender?.id ?? null,
      })
      .returning({ id: contactSubmissions.id }),
    insertMailEventIfChanged(deps.db, "contact-received"),
  ]);
  if (!row) throw new Error("The contact submission was not stored.");
  const acknowledged = await acknowledge(deps.db, row.id, input.email);
  deps.waitUntil(publishMailEvents(deps.env, [...events, ...acknowledged]));
  return done({ id: row.id });
}

const guards = { rateLimit: "contact", honeypot: { answer: { id: null } }, door: "anyone" } as const;

/** The spec's JSON payload: a token application's payment method is optional. */
export const sendContactMessage = guarded({ ...guards, schema: contactSchema }, (deps, caller, { input }) =>
  send(deps, caller, input),
);

/** The contact page's form, which asks a token application for its payment method. */
export const sendContactForm = guarded({ ...guards, schema: contactPageSchema }, (deps, caller, { input }) =>
  send(deps, caller, input),
);

/** Acknowledgements an address gets in a day: enough for a person, too few to mail a stranger with. */
export const ACKNOWLEDGEMENTS_PER_DAY = 3;

/**
 * The acknowledgement of a stored message (its reference, next steps and private link; decision 174), when
 * its address has had fewer than ACKNOWLEDGEMENTS_PER_DAY in the last 24 hours. After the message's own
 * batch: a failure here costs the courtesy, never the message.
 */
async function acknowledge(db: Database, id: number, email: string) {
  try {
    return await db
      .batch([
        insertMailEventWhere(
          db,
          mailEventRow("contact-acknowledged", id),
          sql`(SELECT count(*) FROM mail_events AS sent JOIN contact_submissions AS asked ON asked.id = sent.subject_id
          WHERE sent.type = 'contact-acknowledged' AND asked.email = ${email}
            AND sent.created_at > unixepoch() - 86400) < ${ACKNOWLEDGEMENTS_PER_DAY}`,
        ),
      ])
      .then(([stored]) => stored);
  } catch (error) {
    console.error("contact: the acknowledgement could not be stored", error);
    return [];
  }
}

/**
 * Moves messages to `state`, recording who closed them and when for Done and Spam (the spec's
 * processed_by and processed_at), and clearing that record when a message opens again. Of the rows that
 * `rows` selects, only those not already in `state` change (`changingState` selects them for the entries).
 */
export function messageStateStatement(
  db: Database,
  rows: SQL | undefined,
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
    .where(and(rows, ne(contactSubmissions.state, state)))
    .returning({ id: contactSubmissions.id });
}

/** The ids of the rows that `messageStateStatement` with the same arguments would change. */
export function changingState(db: Database, rows: SQL | undefined, state: MessageState) {
  return db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(rows, ne(contactSubmissions.state, state)))
    .getSQL();
}

export const oneMessage = (id: number): SQL => eq(contactSubmissions.id, id);
export const someMessages = (ids: readonly number[]): SQL => inArray(contactSubmissions.id, [...ids]);

/**
 * Gives a message to `adminId` ("mine") if nobody holds it; a repeat by its holder changes nothing. Returns
 * the id when it changed.
 */
export function claimStatement(db: Database, id: number, adminId: number) {
  return db
    .update(contactSubmissions)
    .set({ claimedBy: adminId, claimedAt: new Date() })
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.claimedBy)))
    .returning({ id: contactSubmissions.id });
}

/** Lets a held message go, whoever holds it (any administrator may, and the entry says who did). */
export function releaseStatement(db: Database, id: number) {
  return db
    .update(contactSubmissions)
    .set({ claimedBy: null, claimedAt: null })
    .where(and(eq(contactSubmissions.id, id), isNotNull(contactSubmissions.claimedBy)))
    .returning({ id: contactSubmissions.id });
}

export async function contactExists(db: Database, id: number): Promise<boolean> {
  const row = await db.query.contactSubmissions.findFirst({
    columns: { id: true },
    where: eq(contactSubmissions.id, id),
  });
  return row !== undefined;
}
