import { ACCOUNT_EMAILS } from "./account-emails";
import { DATA_RIGHTS_EMAILS } from "./data-rights-emails";
import type { EmailContent, MailKindDeclaration, MailKindTable, MailRecipient } from "./email-content";
import { REPLY_EMAILS } from "./reply-emails";
import { SECOND_FACTOR_EMAILS } from "./second-factor-emails";
import { STAFF_EMAILS } from "./staff-emails";
import { WARNING_EMAILS } from "./warning-emails";

// Every kind of email the site sends, each declared once in its family's table: who receives it, why, and
// what it says. The kinds, their messages and their recipients are all read from this table.

export const MAIL_KINDS = {
  ...STAFF_EMAILS,
  ...ACCOUNT_EMAILS,
  ...DATA_RIGHTS_EMAILS,
  ...SECOND_FACTOR_EMAILS,
  ...WARNING_EMAILS,
  ...REPLY_EMAILS,
} satisfies MailKindTable;

type MailKinds = typeof MAIL_KINDS;

export type MailKind = keyof MailKinds;

/** What a kind of email needs to be written, as the mail consumer reads it from D1. */
export type MailData<K extends MailKind> = Parameters<MailKinds[K]["content"]>[0];

/** One email to write: its kind and its data. */
export type MailMessage = { [K in MailKind]: { kind: K } & MailData<K> }[MailKind];

/** The kinds of email that go to `recipient` (the account's owner, a given address, the administrators). */
export type MailKindTo<R extends MailRecipient> = {
  [K in MailKind]: MailKinds[K]["to"] extends R ? K : never;
}[MailKind];

/** What an email says, for a message and the site's public origin (every link is absolute to it). */
export function emailContent(message: MailMessage, origin: string): EmailContent {
  // The table is keyed by kind, so the message fits its own kind's content; TypeScript cannot pair them.
  const declaration = MAIL_KINDS[message.kind] as unknown as MailKindDeclaration<MailMessage>;
  return declaration.content(message, origin);
}
