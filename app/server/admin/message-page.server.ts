import { eq, sql } from "drizzle-orm";
import { contactSubmissions, users } from "../../../db/schema";
import { messageColumns } from "../contact/message-queue.server";
import type { Database } from "../db.server";
import { repliesTo } from "./message-replies.server";
import { notesOnMessage } from "./staff-notes.server";

// A contact message as its workbench page shows it: the whole message, its state and who holds it, the
// replies sent and the notes written on it, and the account of the same address, when there is one.

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
  const [replies, notes, person] = await Promise.all([
    repliesTo(db, id),
    notesOnMessage(db, id),
    db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, message.email) }),
  ]);
  return { message, replies, notes, personId: person?.id ?? null };
}

export type MessagePage = NonNullable<Awaited<ReturnType<typeof messagePage>>>;
