import { desc, eq, type SQL, sql } from "drizzle-orm";
import { messageNoteSchema, personNoteSchema } from "~/lib/schemas/workbench";
import type { Written } from "~/lib/workbench";
import { contactSubmissions, staffNotes, users } from "../../../db/schema";
import { contactExists } from "../contact/contact-submissions.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import { done, notFound, type Outcome } from "../outcome";

// Internal notes on a message or a person: written and read by administrators only, never shown to the
// person or mailed. A note is about exactly one subject (the table's CHECK), and goes when it does.

/** A note's author as a list shows them: their name, or null once their account is gone. */
export const authorOf = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** Notes on one subject, oldest first (a conversation reads down). */
export function notesWhere(db: Database, where: SQL): Promise<Written[]> {
  return db
    .select({ id: staffNotes.id, body: staffNotes.body, author: authorOf, createdAt: staffNotes.createdAt })
    .from(staffNotes)
    .leftJoin(users, eq(users.id, staffNotes.authorId))
    .where(where)
    .orderBy(staffNotes.createdAt, staffNotes.id)
    .limit(200);
}

export const notesOnMessage = (db: Database, id: number) => notesWhere(db, eq(staffNotes.contactId, id));
export const notesOnPerson = (db: Database, id: number) => notesWhere(db, eq(staffNotes.userId, id));

/** Adds a note to a contact message. */
export const addMessageNote = guarded(
  { door: "admin", schema: messageNoteSchema },
  async (deps, _caller, { me, input }): Promise<Outcome> => {
    if (!(await contactExists(deps.db, input.id))) return notFound;
    await deps.db.insert(staffNotes).values({ contactId: input.id, authorId: me.id, body: input.body });
    return done(null);
  },
);

/** Adds a note to a person's account. */
export const addPersonNote = guarded(
  { door: "admin", schema: personNoteSchema },
  async (deps, _caller, { me, input }): Promise<Outcome> => {
    const person = await deps.db.query.users.findFirst({
      columns: { id: true },
      where: eq(users.id, input.id),
    });
    if (!person) return notFound;
    await deps.db.insert(staffNotes).values({ userId: input.id, authorId: me.id, body: input.body });
    return done(null);
  },
);

/** The newest notes on the messages of one address, for a person's timeline. */
export function notesOnMessagesOf(db: Database, email: string) {
  return db
    .select({ body: staffNotes.body, author: authorOf, createdAt: staffNotes.createdAt })
    .from(staffNotes)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, staffNotes.contactId))
    .leftJoin(users, eq(users.id, staffNotes.authorId))
    .where(eq(contactSubmissions.email, email))
    .orderBy(desc(staffNotes.createdAt))
    .limit(100);
}
