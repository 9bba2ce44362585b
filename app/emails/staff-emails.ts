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

// The emails to the administrators: what the site received and waits for them.

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
  };
}

export const STAFF_EMAILS = {
  "contact-received": {
    to: "admins",
    reason: "You administer the FACETS website, and someone sent a message through its contact form.",
    content: contactReceived,
  },
  "registration-awaiting-approval": {
    to: "admins",
    reason: "You administer the FACETS website, and a new account waits for your approval.",
    content: registrationAwaitingApproval,
  },
} satisfies MailKindTable;
