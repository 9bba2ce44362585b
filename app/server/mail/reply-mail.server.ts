import { eq } from "drizzle-orm";
import { contactSubmissions, messageAnswers, messageReplies, users } from "../../../db/schema";
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
      const email = toAddress(reply.to, "message-reply", { body: reply.body, staffName });
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
} satisfies MailEventTable;
