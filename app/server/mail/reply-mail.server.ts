import { eq } from "drizzle-orm";
import { contactSubmissions, messageReplies, users } from "../../../db/schema";
import { type MailEventTable, mailEvent, toAddress, withReplyTo } from "./planned-emails.server";

// The events of the workbench's replies: a reply stored with its message is mailed to the message's sender,
// from the site's address, with `Reply-To` the address of the administrator who wrote it (read when it goes
// out, so an answer reaches them where they are now).

export const REPLY_MAIL = {
  "message-reply": mailEvent({
    sends: ["message-reply"],
    async emails(db, { subjectId }) {
      const [reply] = await db
        .select({
          body: messageReplies.body,
          to: contactSubmissions.email,
          staffEmail: users.email,
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
      return [withReplyTo(email, reply.staffEmail)];
    },
  }),
} satisfies MailEventTable;
