import { eq, sql } from "drizzle-orm";
import { SENDER_STANDINGS } from "~/lib/sender-standing";
import type { Written } from "~/lib/workbench";
import { contactSubmissions, users } from "../../../db/schema";
import { messageColumns } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { isProvenAddress, UNPROVEN_NOTE } from "../threads/address-proof.server";
import { standingsOf } from "../threads/sender-standing.server";
import { repliesTo } from "./message-replies.server";
import { answersTo } from "./message-thread.server";
import { notesOnMessage } from "./staff-notes.server";

// A contact message as its workbench page shows it: the whole message, its state and who holds it, who
// wrote it (decision 174), the replies sent, the answers that came back and the notes written on it, and the
// account of the same address, when there is one.

export async function messagePage(db: Database, id: number) {
  const [message] = await db
    .select({
      ...messageColumns,
      claimedAt: contactSubmissions.claimedAt,
      holder: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(contactSubmissions)
    .leftJoin(users, eq(users.id, contactSubmissions.claimedBy))
    .where(eq(contactSubmissions.id, id))
    .limit(1);
  if (!message) return null;
  const [replies, answers, notes, person, standings, addressProven] = await Promise.all([
    repliesTo(db, id),
    answersTo(db, id),
    notesOnMessage(db, id),
    db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, message.email) }),
    standingsOf(db, [id]),
    isProvenAddress(db, message.email),
  ]);
  const sender = standings.get(id) ?? "visitor";
  // The words, not the table: the page's JavaScript carries only what it shows.
  const unproven = addressProven ? null : UNPROVEN_NOTE;
  return {
    message,
    replies,
    // As the page lists them: who wrote each (flagged when not from the message's address), and a note of
    // the attachments refused; the words are made here, so the page's JavaScript carries none of them.
    answers: answers.map(asWritten),
    notes,
    personId: person?.id ?? null,
    sender,
    senderWords: SENDER_STANDINGS[sender].words,
    unproven,
  };
}

export type MessagePage = NonNullable<Awaited<ReturnType<typeof messagePage>>>;

/** An answer as the page lists it, with replies and notes: its author line and its text. */
function asWritten(answer: Awaited<ReturnType<typeof answersTo>>[number]): Written {
  const refused = answer.attachmentsRefused;
  const note =
    refused === 0
      ? ""
      : `\n\n[${refused === 1 ? "1 attachment was" : `${refused} attachments were`} refused and not kept.]`;
  return {
    id: answer.id,
    body: `${answer.body}${note}`,
    author: answer.fromSender
      ? answer.fromAddress
      : `${answer.fromAddress}, another address than the message's: nothing shows this is the sender`,
    createdAt: answer.createdAt,
  };
}
