import { and, desc, eq, sql } from "drizzle-orm";
import { replySchema } from "~/lib/schemas/workbench";
import type { Written } from "~/lib/workbench";
import { contactSubmissions, messageReplies, users } from "../../../db/schema";
import { now } from "../../../db/schema/columns";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import { contactExists, messageStateStatement, oneMessage } from "../contact/contact-submissions.server";
import type { Database } from "../db.server";
import { guarded } from "../identity/guarded.server";
import { insertMailEventIfChanged, publishMailEvents } from "../mail-outbox.server";
import { alreadyDone, done, notFound, type Outcome } from "../outcome";
import { unprovenReplyRefusal } from "../threads/address-proof.server";
import { authorOf } from "./staff-notes.server";

// A reply written in the workbench (docs/decisions/153-notes-replies-and-a-timeline.md). One D1 batch
// stores it with its message, its mail event and its audit entry, and moves the message to Waiting on the
// applicant; the email goes out after the answer (mail/reply-mail.server.ts), from the site's address with
// `Reply-To` the replying administrator's. The form's one-time key makes a second submit of the same form
// store nothing and send nothing.

/** Replies to one message, oldest first. */
export function repliesTo(db: Database, id: number): Promise<Written[]> {
  return db
    .select({
      id: messageReplies.id,
      body: messageReplies.body,
      author: authorOf,
      createdAt: messageReplies.createdAt,
    })
    .from(messageReplies)
    .leftJoin(users, eq(users.id, messageReplies.authorId))
    .where(eq(messageReplies.contactId, id))
    .orderBy(messageReplies.createdAt, messageReplies.id)
    .limit(200);
}

/** The newest replies to the messages an account sent signed in, for its person's timeline. */
export function repliesToOwnMessages(db: Database, personId: number) {
  return db
    .select({
      messageId: messageReplies.contactId,
      body: messageReplies.body,
      author: authorOf,
      createdAt: messageReplies.createdAt,
    })
    .from(messageReplies)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, messageReplies.contactId))
    .leftJoin(users, eq(users.id, messageReplies.authorId))
    .where(eq(contactSubmissions.senderId, personId))
    .orderBy(desc(messageReplies.createdAt))
    .limit(100);
}

/** Sends a reply to a message's sender; the same form posted again is already done. */
export const replyToMessage = guarded(
  { rateLimit: "reply", door: "admin", schema: replySchema },
  async (deps, caller, { me, input }): Promise<Outcome<{ to: string; id: number }>> => {
    const message = await deps.db.query.contactSubmissions.findFirst({
      columns: { email: true },
      where: eq(contactSubmissions.id, input.id),
    });
    if (!message) return notFound;
    const capped = await unprovenReplyRefusal(deps.db, me.id, message.email);
    if (capped) return capped;
    // The same form sent again later (a reload that posts it again): nothing runs, not even the move to
    // Waiting, which would undo what someone did to the message since. Two sends at once are held apart by
    // the key's uniqueness below.
    const sentBefore = await deps.db.query.messageReplies.findFirst({
      columns: { id: true },
      where: eq(messageReplies.submissionKey, input.key),
    });
    if (sentBefore) return alreadyDone;
    const [stored, events] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        // Its values selected from the message's row: a reply to a message erased meanwhile is not stored.
        deps.db
          .insert(messageReplies)
          .select((qb) =>
            qb
              .select({
                // Every column in the table's order, as an INSERT … SELECT takes them: a null id is the next one.
                id: sql<number | null>`null`.as("id"),
                contactId: contactSubmissions.id,
                authorId: sql<number>`${me.id}`.as("author_id"),
                body: sql<string>`${input.body}`.as("body"),
                submissionKey: sql<string>`${input.key}`.as("submission_key"),
                createdAt: sql<Date>`${now}`.as("created_at"),
              })
              .from(contactSubmissions)
              .where(eq(contactSubmissions.id, input.id)),
          )
          .onConflictDoNothing({ target: messageReplies.submissionKey })
          .returning({ id: messageReplies.id }),
        // Only when the reply was stored: the event (about the reply just inserted), then its entry.
        insertMailEventIfChanged(deps.db, "message-reply"),
        chain.append(caller, auditEntry(me, "message-replied", "success", input.id), { ifChanged: true }),
        // …and the move to Waiting, only when the entry just before was written: a second submit moves nothing.
        messageStateStatement(deps.db, and(oneMessage(input.id), sql`changes() = 1`), "waiting", me.id),
      ]),
    );
    const [row] = stored;
    if (!row) {
      return (await contactExists(deps.db, input.id)) ? alreadyDone : notFound;
    }
    deps.waitUntil(publishMailEvents(deps.env, events));
    return done({ to: message.email, id: row.id });
  },
);
