import { userTypeLabel } from "~/content/user-types";
import { formatDateTime } from "~/lib/format-date";
import type { Person } from "~/lib/person";

// What each email says, as data: the HTML (email-layout.tsx) and the plain text (render-email.tsx) are two
// renderings of the same content, so they never drift apart.

export interface EmailContent {
  subject: string;
  heading: string;
  /** Paragraphs before the details. */
  intro: readonly string[];
  /** Label and value pairs, e.g. the fields of a contact message. */
  details?: readonly (readonly [label: string, value: string])[];
  /** Something a person wrote, shown as a quote with its line breaks kept. */
  message?: string;
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro?: readonly string[];
}

/** The people the emails are about, as read from D1. */
export type PersonDetails = Person;

export type MailMessage =
  | { kind: "contact-received"; contact: PersonDetails & { message: string; createdAt: Date } }
  | { kind: "registration-received"; firstName: string; token: string; validForSeconds: number }
  | { kind: "registration-awaiting-approval"; registrant: PersonDetails & { createdAt: Date } }
  | { kind: "account-approved"; firstName: string }
  | { kind: "password-reset"; firstName: string; token: string; validForSeconds: number }
  | { kind: "password-changed"; firstName: string };

/** An absolute address on the site. */
export function siteUrl(origin: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/** 86400 → "24 hours", 1800 → "30 minutes". */
export function formatDuration(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0 ? [seconds / 3600, "hour"] : [Math.round(seconds / 60), "minute"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** A subject is one header line: line breaks and other control characters a person typed become spaces. */
function oneLine(value: string): string {
  return value.replace(/\p{Cc}+/gu, " ").trim();
}

function personRows(person: PersonDetails): NonNullable<EmailContent["details"]> {
  return [
    ["Name", `${person.firstName} ${person.lastName}`],
    ["Email", person.email],
    ["Company", person.company ?? "Not given"],
    ["Phone", person.phone ?? "Not given"],
    ["Area of interest", userTypeLabel(person.userTypeId)],
  ];
}

function contactReceived(
  { contact }: Extract<MailMessage, { kind: "contact-received" }>,
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

function registrationReceived(
  message: Extract<MailMessage, { kind: "registration-received" }>,
  origin: string,
): EmailContent {
  return {
    subject: "We received your registration",
    heading: "Thank you for registering",
    intro: [
      `Hello ${message.firstName},`,
      "We received your registration for a FACETS account. Please confirm that this is your email address.",
    ],
    action: {
      label: "Confirm my email address",
      url: siteUrl(origin, "/confirm-email", { token: message.token }),
    },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)} and works once.`,
      "An administrator will review your account. We will email you when it is approved.",
      "If you did not register, ignore this email.",
    ],
  };
}

function registrationAwaitingApproval(
  { registrant }: Extract<MailMessage, { kind: "registration-awaiting-approval" }>,
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

function accountApproved(
  message: Extract<MailMessage, { kind: "account-approved" }>,
  origin: string,
): EmailContent {
  return {
    subject: "Your FACETS account is approved",
    heading: "Your account is approved",
    intro: [
      `Hello ${message.firstName},`,
      "An administrator approved your FACETS account. You can log in now.",
    ],
    action: { label: "Log in", url: siteUrl(origin, "/login") },
  };
}

function passwordReset(
  message: Extract<MailMessage, { kind: "password-reset" }>,
  origin: string,
): EmailContent {
  return {
    subject: "Reset your FACETS password",
    heading: "Reset your password",
    intro: [
      `Hello ${message.firstName},`,
      "We received a request to reset the password of your FACETS account.",
    ],
    action: {
      label: "Choose a new password",
      url: siteUrl(origin, "/reset-password", { token: message.token }),
    },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)} and works once.`,
      "If you did not ask for this, ignore this email.",
    ],
  };
}

function passwordChanged(
  message: Extract<MailMessage, { kind: "password-changed" }>,
  origin: string,
): EmailContent {
  return {
    subject: "Your FACETS password was changed",
    heading: "Your password was changed",
    intro: [
      `Hello ${message.firstName},`,
      "The password of your FACETS account was just changed, and every other session of the account was signed out.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: ["If this was not you, reset your password now and contact us."],
  };
}

/** What an email says, for a message and the site's public origin (every link is absolute to it). */
export function emailContent(message: MailMessage, origin: string): EmailContent {
  switch (message.kind) {
    case "contact-received":
      return contactReceived(message, origin);
    case "registration-received":
      return registrationReceived(message, origin);
    case "registration-awaiting-approval":
      return registrationAwaitingApproval(message, origin);
    case "account-approved":
      return accountApproved(message, origin);
    case "password-reset":
      return passwordReset(message, origin);
    case "password-changed":
      return passwordChanged(message, origin);
  }
}
