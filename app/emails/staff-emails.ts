import { userTypeLabel } from "~/content/user-types";
import { formatDateTime } from "~/lib/format-date";
import {
  type EmailContent,
  type MailKindTable,
  oneLine,
  type PersonDetails,
  personRows,
  siteUrl,
} from "./email-content";
import { notificationSettings, staffDigest } from "./staff-digest-email";

// The emails to the administrators: what the site received and waits for them. Each administrator chooses
// one email per message and registration, the digest (staff-digest-email.ts), or none (decision 154).

/** Why an administrator gets one email per message or registration, and where to change it. */
const immediateOutro = (origin: string) => [
  "You get one email for each message and registration because you chose immediate notifications.",
  `Change how you are told under My account: ${notificationSettings(origin)}`,
];

function contactReceived(
  { contact }: { contact: PersonDetails & { message: string; createdAt: Date } },
  origin: string,
): EmailContent {
  const name = `${contact.firstName} ${contact.lastName}`;
  return {
    subject: oneLine(`New message from ${name}: ${userTypeLabel(contact.userTypeId)}`),
    heading: "New contact message",
    intro: [`${name} sent a message through the contact form.`],
    details: [...personRows(contact), ["Received", formatDateTime(contact.createdAt)]],
    message: contact.message,
    action: { label: "Open contact submissions", url: siteUrl(origin, "/admin", { tab: "contacts" }) },
    outro: immediateOutro(origin),
  };
}

function messageAnswered(
  {
    contact,
    answer,
  }: { contact: PersonDetails & { id: number }; answer: { body: string; fromSender: boolean } },
  origin: string,
): EmailContent {
  const name = `${contact.firstName} ${contact.lastName}`;
  return {
    subject: oneLine(`${name} answered: message ${contact.id}`),
    heading: "An answer came back to a conversation",
    intro: [
      answer.fromSender
        ? `${name} answered a reply by email. The message is back in New.`
        : `Someone answered a reply to ${name} by email, from another address than the message's. The message is back in New.`,
    ],
    details: personRows(contact),
    message: answer.body,
    action: { label: "Open the message", url: siteUrl(origin, "/admin/message", { id: String(contact.id) }) },
    outro: immediateOutro(origin),
  };
}

function registrationAwaitingApproval(
  { registrant }: { registrant: PersonDetails & { createdAt: Date } },
  origin: string,
): EmailContent {
  return {
    subject: "New account awaiting approval",
    heading: "New account awaiting approval",
    intro: [`${registrant.firstName} ${registrant.lastName} registered and is waiting for approval.`],
    details: [...personRows(registrant), ["Registered", formatDateTime(registrant.createdAt)]],
    action: { label: "Review pending accounts", url: siteUrl(origin, "/admin") },
    outro: immediateOutro(origin),
  };
}

export const STAFF_EMAILS = {
  "contact-received": {
    to: "admins",
    reason: "You administer the FACETS website, and someone sent a message through its contact form.",
    content: contactReceived,
  },
  "message-answered": {
    to: "admins",
    reason: "You administer the FACETS website, and an applicant answered a reply by email.",
    content: messageAnswered,
  },
  "registration-awaiting-approval": {
    to: "admins",
    reason: "You administer the FACETS website, and a new account waits for your approval.",
    content: registrationAwaitingApproval,
  },
  "staff-digest": {
    to: "admins",
    reason: "You administer the FACETS website and chose a digest of new messages and registrations.",
    content: staffDigest,
  },
} satisfies MailKindTable;
