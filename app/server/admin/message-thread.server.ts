import { eq } from "drizzle-orm";
import { contactSubmissions, messageAnswers } from "../../../db/schema";
import { messageColumns } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import { done, notFound, type Outcome } from "../outcome";
import { standingsOf } from "../threads/sender-standing.server";
import { repliesTo } from "./message-replies.server";
import { notesOnMessage } from "./staff-notes.server";

// A message's conversation, oldest first: the message, the replies staff sent, the answers that came back
// by email and the notes staff wrote (decision 174). The JSON twin's `GET /api/admin/messages/{id}`
// answers it with the address an answer by email goes to.

/** One entry of a thread. An answer says where it came from, and whether that was the message's sender. */
export type ThreadEntry =
  | { kind: "message"; id: number; author: string; at: Date; text: string }
  | { kind: "reply" | "note"; id: number; author: string | null; at: Date; text: string }
  | {
      kind: "answer";
      id: number;
      author: string;
      at: Date;
      text: string;
      fromSender: boolean;
      attachmentsRefused: number;
    };

/** The answers that came back to a message's thread, oldest first. */
export function answersTo(db: Database, contactId: number) {
  return db
    .select({
      id: messageAnswers.id,
      body: messageAnswers.body,
      fromAddress: messageAnswers.fromAddress,
      fromSender: messageAnswers.fromSender,
      attachmentsRefused: messageAnswers.attachmentsRefused,
      createdAt: messageAnswers.createdAt,
    })
    .from(messageAnswers)
    .where(eq(messageAnswers.contactId, contactId))
    .orderBy(messageAnswers.createdAt, messageAnswers.id)
    .limit(200);
}

/** The message and its thread, oldest first; null when there is no such message. */
export async function messageThread(db: Database, id: number) {
  const [message] = await db
    .select(messageColumns)
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id));
  if (!message) return null;
  const [replies, answers, notes, standings] = await Promise.all([
    repliesTo(db, id),
    answersTo(db, id),
    notesOnMessage(db, id),
    standingsOf(db, [id]),
  ]);
  const entries: ThreadEntry[] = [
    { kind: "message", id, author: message.email, at: message.createdAt, text: message.message },
    ...replies.map((r) => ({
      kind: "reply" as const,
      id: r.id,
      author: r.author,
      at: r.createdAt,
      text: r.body,
    })),
    ...answers.map((a) => ({
      kind: "answer" as const,
      id: a.id,
      author: a.fromAddress,
      at: a.createdAt,
      text: a.body,
      fromSender: a.fromSender,
      attachmentsRefused: a.attachmentsRefused,
    })),
    ...notes.map((n) => ({
      kind: "note" as const,
      id: n.id,
      author: n.author,
      at: n.createdAt,
      text: n.body,
    })),
  ];
  entries.sort((a, b) => a.at.getTime() - b.at.getTime() || order(a) - order(b));
  return { message: { ...message, sender: standings.get(id) ?? "visitor" }, thread: entries };
}

/** Within one second, the message comes first and an answer after what it answers. */
const KIND_ORDER = { message: 0, reply: 1, answer: 2, note: 3 } as const;
const order = (entry: ThreadEntry) => KIND_ORDER[entry.kind];

/** A message's thread for an administrator. */
export const readMessageThread = guarded(
  { door: "admin" },
  async (
    deps,
    _caller,
    _passed,
    id: number,
  ): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof messageThread>>>>> => {
    const found = await messageThread(deps.db, id);
    return found ? done(found) : notFound;
  },
);
