import { eq, sql } from "drizzle-orm";
import { contactSubmissions, users } from "../../../db/schema";
import { messageColumns } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { isProvenAddress } from "../threads/address-proof.server";
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
  return { message, replies, answers, notes, personId: person?.id ?? null, sender, addressProven };
}

export type MessagePage = NonNullable<Awaited<ReturnType<typeof messagePage>>>;
