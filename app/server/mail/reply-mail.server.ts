import { eq } from "drizzle-orm";
import { messageReference } from "~/lib/threads";
import { contactSubmissions, messageAnswers, messageReplies, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { mintThreadLink } from "../threads/thread-links.server";
import { type MailEventTable, mailEvent, toAddress, toAdmins } from "./planned-emails.server";

// The events of the workbench's replies: a reply stored with its message is mailed to the message's sender,
// from the site's address in the name of the administrator who wrote it, with `Reply-To` the thread's own
// address, so the answer comes back to the thread (decision 174).

export const REPLY_MAIL = {
  "message-reply": mailEvent({
    sends: ["message-reply"],
    async emails(db, { subjectId }) {
      const [reply] = await db
        .select({
          body: messageReplies.body,
          to: contactSubmissions.email,
          contactId: contactSubmissions.id,
          staffFirstName: users.firstName,
        })
        .from(messageReplies)
        .innerJoin(contactSubmissions, eq(contactSubmissions.id, messageReplies.contactId))
        .leftJoin(users, eq(users.id, messageReplies.authorId))
        .where(eq(messageReplies.id, subjectId))
        .limit(1);
      if (!reply) return null;
      const staffName = reply.staffFirstName ?? "A member";
      const email = toAddress(reply.to, "message-reply", async () => ({
        body: reply.body,
        staffName,
        reference: messageReference(reply.contactId),
        token: await mintThreadLink(db, reply.contactId),
      }));
      return [{ ...email, thread: reply.contactId, fromName: staffName }];
    },
  }),

  // An applicant's answer came back to the thread: the administrators who chose one email per message hear.
  "message-answered": mailEvent({
    sends: ["message-answered"],
    async emails(db, { subjectId }) {
      const [found] = await db
        .select({
          contact: contactSubmissions,
          body: messageAnswers.body,
          fromSender: messageAnswers.fromSender,
        })
        .from(messageAnswers)
        .innerJoin(contactSubmissions, eq(contactSubmissions.id, messageAnswers.contactId))
        .where(eq(messageAnswers.id, subjectId))
        .limit(1);
      if (!found) return null;
      const answer = { body: found.body, fromSender: found.fromSender };
      return toAdmins(db, "message-answered", { contact: found.contact, answer });
    },
  }),

  // The acknowledgement of a contact message, to the address typed: nothing typed in it, a private link.
  "contact-acknowledged": mailEvent({
    sends: ["contact-acknowledgement"],
    emails: (db, { subjectId }) => conversationEmail(db, subjectId, "contact-acknowledgement"),
  }),

  // A new private link, asked for on a dead one: to the message's own address, whoever asked.
  "thread-link-requested": mailEvent({
    sends: ["thread-link"],
    emails: (db, { subjectId }) => conversationEmail(db, subjectId, "thread-link"),
  }),
} satisfies MailEventTable;

/** An email of a conversation that carries only its reference and a new private link. */
async function conversationEmail<K extends "contact-acknowledgement" | "thread-link">(
  db: Database,
  contactId: number,
  kind: K,
) {
  const contact = await db.query.contactSubmissions.findFirst({
    columns: { email: true },
    where: eq(contactSubmissions.id, contactId),
  });
  if (!contact) return null;
  return [
    toAddress(contact.email, kind, async () => ({
      reference: messageReference(contactId),
      token: await mintThreadLink(db, contactId),
    })),
  ];
}
