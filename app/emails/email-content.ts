import { userTypeLabel } from "~/content/user-types";
import type { Person } from "~/lib/person";

// What each email says, as data: the HTML (email-layout.tsx) and the plain text (render-email.tsx) are two
// renderings of the same content, so they never drift apart. Each kind of email is declared once, in its
// family's table (staff-emails.ts, account-emails.ts, data-rights-emails.ts, second-factor-emails.ts,
// warning-emails.ts), gathered in mail-kinds.ts.

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
  /** More links after the button, each with its label (a digest's filtered views). */
  links?: readonly { label: string; url: string }[];
  /** Paragraphs after the button. */
  outro?: readonly string[];
}

/**
 * Who gets a kind of email: the account's owner (at the account's address), a given address (one the fact
 * itself names: an old or a new address, an address a request was made for, one kept for a last email), or
 * every approved, active administrator.
 */
export type MailRecipient = "owner" | "address" | "admins";

/**
 * One kind of email, declared once: who receives it, why they do (one line, in the reader's terms), and what
 * it says for its data and the site's public origin (every link is absolute to it). `Data` is what the mail
 * consumer reads from D1 for it; the kind's message is `{ kind, ...Data }`.
 */
export interface MailKindDeclaration<Data> {
  to: MailRecipient;
  reason: string;
  content: (data: Data, origin: string) => EmailContent;
}

/** What a family's table of kinds satisfies: every entry is a declaration, its data type kept. */
export type MailKindTable = Record<string, MailKindDeclaration<never>>;

/** The data of a kind that needs none. */
export type NoData = Record<never, never>;

/**
 * The first name an email greets its reader by: null when the address it goes to is not yet proven to be the
 * person's, so that no text a person typed reaches an inbox that may be someone else's ("Hello,").
 */
export type Greeting = string | null;

export function hello(firstName: Greeting): string {
  return firstName ? `Hello ${firstName},` : "Hello,";
}

/** The people the emails are about, as read from D1. */
export type PersonDetails = Person;

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
export function oneLine(value: string): string {
  return value.replace(/\p{Cc}+/gu, " ").trim();
}

export function personRows(person: PersonDetails): NonNullable<EmailContent["details"]> {
  return [
    ["Name", `${person.firstName} ${person.lastName}`],
    ["Email", person.email],
    ["Company", person.company ?? "Not given"],
    ["Phone", person.phone ?? "Not given"],
    ["Area of interest", userTypeLabel(person.userTypeId)],
  ];
}
