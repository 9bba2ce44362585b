import { type EmailContent, hello, type MailKindTable, siteUrl } from "./email-content";

// The emails staff write: a reply from the workbench to the sender of a contact message. It goes out from
// the site's address in the writer's name, with `Reply-To` the thread's own address (decision 174).
// The address it goes to was only typed into the contact form, so the email greets nobody by name and
// quotes nothing the sender wrote: only what staff wrote.

function messageReply(
  { body, staffName }: { body: string; staffName: string },
  origin: string,
): EmailContent {
  return {
    subject: "Re: Your message to FACETS",
    heading: "A reply to your message",
    intro: [hello(null), `${staffName} of the FACETS team answered the message you sent us:`],
    message: body,
    action: { label: "Write to FACETS", url: siteUrl(origin, "/contact") },
    outro: [
      "To answer, reply to this email: your answer comes back to this conversation with the FACETS team.",
    ],
  };
}

export const REPLY_EMAILS = {
  "message-reply": {
    to: "address",
    reason: "You wrote to FACETS through its contact form, and a member of the team answered you.",
    content: messageReply,
  },
} satisfies MailKindTable;
