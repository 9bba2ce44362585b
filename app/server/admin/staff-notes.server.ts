import { desc, eq, type SQL, sql } from "drizzle-orm";
import { messageNoteSchema, personNoteSchema } from "~/lib/schemas/workbench";
import type { Written } from "~/lib/workbench";
import { contactSubmissions, staffNotes, users } from "../../../db/schema";
import { now } from "../../../db/schema/columns";
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

/**
 * Stores a note while its subject exists, in one statement (its values selected from the subject's row):
 * a note added as its message or person is erased finds no row and is not left behind, and a person's
 * note cannot fail on its foreign key. Whether it was stored.
 */
async function noteIfSubject(
  db: Database,
  subject: { contactId: number } | { userId: number },
  authorId: number,
  body: string,
): Promise<boolean> {
  // Every column in the table's order, as an INSERT … SELECT takes them: a null id is the next one.
  const values = {
    id: sql<number | null>`null`.as("id"),
    contactId: sql<number | null>`${"contactId" in subject ? subject.contactId : null}`.as("contact_id"),
    userId: sql<number | null>`${"userId" in subject ? subject.userId : null}`.as("user_id"),
    authorId: sql<number>`${authorId}`.as("author_id"),
    body: sql<string>`${body}`.as("body"),
    createdAt: sql<Date>`${now}`.as("created_at"),
  };
  const stored = await db
    .insert(staffNotes)
    .select((qb) =>
      "contactId" in subject
        ? qb.select(values).from(contactSubmissions).where(eq(contactSubmissions.id, subject.contactId))
        : qb.select(values).from(users).where(eq(users.id, subject.userId)),
    )
    .returning({ id: staffNotes.id });
  return stored.length > 0;
}

/** Adds a note to a contact message. */
export const addMessageNote = guarded(
  { door: "admin", schema: messageNoteSchema },
  async (deps, _caller, { me, input }): Promise<Outcome> =>
    (await noteIfSubject(deps.db, { contactId: input.id }, me.id, input.body)) ? done(null) : notFound,
);

/** Adds a note to a person's account. */
export const addPersonNote = guarded(
  { door: "admin", schema: personNoteSchema },
  async (deps, _caller, { me, input }): Promise<Outcome> =>
    (await noteIfSubject(deps.db, { userId: input.id }, me.id, input.body)) ? done(null) : notFound,
);

/** The newest notes on the messages an account sent signed in, for its person's timeline. */
export function notesOnOwnMessages(db: Database, personId: number) {
  return db
    .select({ body: staffNotes.body, author: authorOf, createdAt: staffNotes.createdAt })
    .from(staffNotes)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, staffNotes.contactId))
    .leftJoin(users, eq(users.id, staffNotes.authorId))
    .where(eq(contactSubmissions.senderId, personId))
    .orderBy(desc(staffNotes.createdAt))
    .limit(100);
}
