import { sql } from "drizzle-orm";
import type { z } from "zod/mini";
import { isTokenEnquiry } from "~/content/user-types";
import { hasLink } from "~/lib/message-links";
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

// The first message of a conversation: the contact form's, from the page or the JSON API, stored with its
// staff notification and, within its bound, its sender's acknowledgement (decision 174).

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
        hasLink: hasLink(input.message),
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
