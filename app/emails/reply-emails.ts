import { NEXT_STEPS, NEXT_STEPS_HEADING } from "~/content/contact-next-steps";
import { CONVERSATION_PAGE, THREAD_LINK_DAYS } from "~/lib/threads";
import { type EmailContent, hello, type MailKindTable, siteUrl } from "./email-content";

// The emails of a conversation (decision 174): a reply from the workbench to the sender of a contact message
// (from the site's address in the writer's name, `Reply-To` the thread's own address), the acknowledgement
// of a message, and a new private link to the conversation. Each carries a private link to it. The address
// they go to was only typed into the contact form, so none greets anybody by name or quotes anything the
// sender wrote: only what staff wrote.

const conversationUrl = (origin: string, token: string) => siteUrl(origin, CONVERSATION_PAGE, { token });

const linkLasts = `The link works for ${THREAD_LINK_DAYS} days; after that it can send you a new one.`;

const neverAsked: string = NEXT_STEPS[3];

/** What every email of a conversation links to and says of it. */
interface Conversation {
  reference: string;
  token: string;
}

function messageReply(
  { body, staffName, reference, token }: Conversation & { body: string; staffName: string },
  origin: string,
): EmailContent {
  return {
    subject: "Re: Your message to FACETS",
    heading: "A reply to your message",
    intro: [hello(null), `${staffName} of the FACETS team answered your message ${reference}:`],
    message: body,
    action: { label: "See the conversation", url: conversationUrl(origin, token) },
    outro: [
      "To answer, reply to this email, or answer on the page the button opens: either way it reaches the team.",
      linkLasts,
      neverAsked,
    ],
  };
}

/** The acknowledgement of a contact message: the reference, what happens next, the private link. */
function contactAcknowledgement({ reference, token }: Conversation, origin: string): EmailContent {
  return {
    subject: `We received your message (${reference})`,
    heading: "We received your message",
    intro: [
      hello(null),
      `Thank you for writing to FACETS. Your reference is ${reference}.`,
      `${NEXT_STEPS_HEADING}:`,
      ...NEXT_STEPS,
    ],
    action: { label: "See the conversation", url: conversationUrl(origin, token) },
    outro: [linkLasts, "If you did not write to FACETS, ignore this email."],
  };
}

/** A new private link, asked for on one that had expired; sent only to the message's own address. */
function threadLink({ reference, token }: Conversation, origin: string): EmailContent {
  return {
    subject: `Your link to the conversation (${reference})`,
    heading: "Your link to the conversation",
    intro: [hello(null), `Here is a new link to your conversation ${reference} with FACETS.`],
    action: { label: "See the conversation", url: conversationUrl(origin, token) },
    outro: [linkLasts, "If you did not ask for it, ignore this email."],
  };
}

export const REPLY_EMAILS = {
  "message-reply": {
    to: "address",
    reason: "You wrote to FACETS through its contact form, and a member of the team answered you.",
    content: messageReply,
  },
  "contact-acknowledgement": {
    to: "address",
    reason: "Someone sent a message to FACETS through its contact form with this email address.",
    content: contactAcknowledgement,
  },
  "thread-link": {
    to: "address",
    reason: "Someone asked for a new link to a conversation with FACETS that belongs to this email address.",
    content: threadLink,
  },
} satisfies MailKindTable;
