import { and, inArray, sql } from "drizzle-orm";
import { reopenedByAnswer } from "~/lib/message-states";
import { contactSubmissions, messageAnswers } from "../../../db/schema";
import { messageStateStatement, oneMessage } from "../contact/contact-submissions.server";
import type { Deps } from "../deps";
import { insertMailEventIfChanged, publishMailEvents } from "../mail-outbox.server";

// An applicant's answer stored as the next entry of its thread, by email or on the site (decision 174): one
// batch stores it, tells the staff (mail event `message-answered`, as each chose) and brings the message
// back to New from the states an answer reopens, only if the answer was stored.

export interface Answer {
  contactId: number;
  channel: "email" | "site";
  fromAddress: string;
  fromSender: boolean;
  body: string;
  attachmentsRefused: number;
  /** What makes it one answer: a mail's Message-ID, or `site:` and its form's one-time key. */
  mailId: string;
}

/** The stored answer's id; null when the same answer was stored before (nothing more happens). */
export async function storeAnswer(deps: Deps, answer: Answer): Promise<number | null> {
  const [stored, events] = await deps.db.batch([
    deps.db
      .insert(messageAnswers)
      .values(answer)
      .onConflictDoNothing({ target: messageAnswers.mailId })
      .returning({
        id: messageAnswers.id,
      }),
    insertMailEventIfChanged(deps.db, "message-answered"),
    // The move records no administrator: an answer opens a message, and an open one names nobody.
    messageStateStatement(
      deps.db,
      and(
        oneMessage(answer.contactId),
        inArray(contactSubmissions.state, reopenedByAnswer()),
        sql`EXISTS (SELECT 1 FROM message_answers WHERE mail_id = ${answer.mailId})`,
      ),
      "new",
      0,
    ),
  ]);
  const [row] = stored;
  if (!row) return null;
  deps.waitUntil(publishMailEvents(deps.env, events));
  return row.id;
}
