import type { MailEventType } from "../mail-outbox.server";
import { ACCOUNT_MAIL } from "./account-mail.server";
import { DATA_RIGHTS_MAIL } from "./data-rights-mail.server";
import type { MailEventDeclaration } from "./planned-emails.server";
import { REPLY_MAIL } from "./reply-mail.server";
import { SECOND_FACTOR_MAIL } from "./second-factor-mail.server";

// Every kind of mail event (db/schema/mail.ts `mail_events.type`), each declared once in its family's
// table: the emails it sends and how it reads its facts. The consumer dispatches from here; a type missing
// from the table, or one the schema does not know, fails the typecheck.

export const MAIL_EVENTS = {
  ...ACCOUNT_MAIL,
  ...DATA_RIGHTS_MAIL,
  ...SECOND_FACTOR_MAIL,
  ...REPLY_MAIL,
} satisfies Record<MailEventType, MailEventDeclaration>;

/** The declaration of an event's type. */
export function mailEventOf(type: MailEventType): MailEventDeclaration {
  return MAIL_EVENTS[type];
}
