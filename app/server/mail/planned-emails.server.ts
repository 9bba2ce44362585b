import { eq } from "drizzle-orm";
import type { Greeting } from "~/emails/email-content";
import type { MailData, MailKind, MailKindTo, MailMessage } from "~/emails/mail-kinds";
import { mailEvents, users } from "../../../db/schema";
import { adminsWhoChose } from "../admin/staff-notifications.server";
import type { Database } from "../db.server";
import type { MailEventMessage, MailEventType } from "../mail-outbox.server";

// What an event calls for: the emails it sends, each to one address. A kind of email is addressed as its
// declaration in app/emails says (MAIL_KINDS: the account's owner, a given address, or the admins), and the
// helpers below take only the kinds declared for their recipient, so no email can go where its kind does not.

/** One email to one address. `message` runs only when it is about to be sent: it may mint a token. */
export interface PlannedEmail<K extends MailKind = MailKind> {
  kind: K;
  to: string;
  message: () => Promise<MailMessage>;
  /** A notification to an administrator, by the way they chose: it carries List-Id and the reason. */
  notifies?: "immediate" | "digest";
  /** Where an answer goes (`Reply-To`), when not to the site's own address. */
  replyTo?: string;
  /** The thread an answer goes back to (`Reply-To` its address, threads/thread-address.ts): a message's id. */
  thread?: number;
  /** Whose name the From line carries, at the site's own address ("Jane of FACETS"). */
  fromName?: string;
}

/** What a kind's data is given as: at once, or as a function run only when the email goes out. */
type DataSource<K extends MailKind> = MailData<K> | (() => Promise<MailData<K>>);

function planned<K extends MailKind>(kind: K, to: string, data: DataSource<K>): PlannedEmail<K> {
  const read = typeof data === "function" ? data : async () => data;
  return { kind, to, message: async () => ({ kind, ...(await read()) }) as MailMessage };
}

/** An email to the account's own address. */
export function toOwner<K extends MailKindTo<"owner">>(
  owner: { email: string },
  kind: K,
  data: DataSource<K>,
): PlannedEmail<K> {
  return planned(kind, owner.email, data);
}

/** An email to an address the fact names (an old or new address, the address a request was made for). */
export function toAddress<K extends MailKindTo<"address">>(
  address: string,
  kind: K,
  data: DataSource<K>,
): PlannedEmail<K> {
  return planned(kind, address, data);
}

/**
 * The same email to every approved, active administrator who chose one email per message and registration
 * (the others hear of it in their digest, or not at all: decision 154).
 */
export async function toAdmins<K extends MailKindTo<"admins">>(
  db: Database,
  kind: K,
  data: MailData<K>,
): Promise<PlannedEmail<K>[]> {
  const admins = await adminsWhoChose(db, "immediate");
  return admins.map(({ email }) => ({ ...planned(kind, email, data), notifies: "immediate" }));
}

/**
 * One kind of mail event (a row of `mail_events`): the kinds of email it may send, and how it reads its
 * facts again from D1 into those emails, or null when its subject row no longer exists.
 */
export interface MailEventDeclaration<K extends MailKind = MailKind> {
  sends: readonly K[];
  emails: (db: Database, event: MailEventMessage) => Promise<PlannedEmail<K>[] | null>;
  /** The event keeps its recipient's address only to send this email: forget it once sent. */
  forgetsRecipient?: true;
  /** The event is news for the administrators' digest: send any digest now due (staff-digests.server.ts). */
  wakesDigests?: true;
}

/** A declaration whose emails are only of the kinds it says it sends (`sends` alone names them). */
export function mailEvent<K extends MailKind>(
  declaration: MailEventDeclaration<NoInfer<K>> & { sends: readonly K[] },
): MailEventDeclaration<K> {
  return declaration;
}

/** What a family's table of events satisfies. */
export type MailEventTable = Partial<Record<MailEventType, MailEventDeclaration>>;

export function findUser(db: Database, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * The name an email to the account's own address greets by: only once that address is proven the person's
 * (confirmed by a link), so mail to an address someone merely typed carries no name they typed with it.
 */
export function greeting(user: { firstName: string; emailConfirmedAt: Date | null }): Greeting {
  return user.emailConfirmedAt ? user.firstName : null;
}

/** When an event was stored (now, when its row is gone). */
export async function eventCreatedAt(db: Database, id: string): Promise<Date> {
  const row = await db.query.mailEvents.findFirst({
    columns: { createdAt: true },
    where: eq(mailEvents.id, id),
  });
  return row?.createdAt ?? new Date();
}
