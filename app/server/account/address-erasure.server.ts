import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import {
  auditEmails,
  contactSubmissions,
  emailChanges,
  inboundMail,
  mailEvents,
  messageAnswers,
  messageReplies,
  privacyRequests,
  staffNotes,
  threadLinks,
  type UserRow,
  users,
} from "../../../db/schema";
import { auditEntry, type EventChain, withEventChain } from "../audit/account-events.server";
import { sha256Hex } from "../audit/audit-chain";
import type { Database } from "../db.server";
import { forgetUserSessionsInKv } from "../identity/sessions.server";
import { notLastActiveAdminSql } from "../identity/users.server";
import {
  type MailEventMessage,
  mailEventColumns,
  mailEventRow,
  publishMailEvents,
} from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { conflict, done, type Failure, type Outcome } from "../outcome";
import { personalMailEvents } from "./personal-data.server";

// The erasure of what we hold about an email address (GDPR Article 17, POPIA section 24), shared by
// "Delete account" on /account and by the emailed link of /privacy/request; what it erases is what the
// copy of personal-data.server.ts holds.

/**
 * True when the user is the only approved, active administrator left (who must not be deleted): the early
 * answer of the deletion's door, by the same rule the erasure's batch checks again as D1 runs it.
 */
export async function isLastActiveAdmin(
  db: Database,
  user: Pick<UserRow, "id" | "userTypeId" | "isApproved" | "isActive">,
) {
  if (user.userTypeId !== ADMIN_USER_TYPE_ID || !user.isApproved || !user.isActive) return false;
  const [row] = await db
    .select({ kept: sql<number>`${notLastActiveAdminSql(user.id)}` })
    .from(users)
    .where(eq(users.id, user.id));
  return row !== undefined && !row.kept;
}

export const LAST_ADMIN_MESSAGE =
  "You are the last active administrator. Make another account an administrator before deleting this one, so the dashboard is never left without one.";

/**
 * Erases what we hold about an address, in one D1 batch: its account (with its sessions, links, failed-login
 * counter and email changes, by cascade), every contact message sent from it, every mail event about it
 * that has not gone out, its privacy requests, and other accounts' email changes that name it. References
 * from other rows (who approved, rejected or processed what) are cleared first. The batch also records the
 * erasure as an account event (ids only) and queues one confirmation to the address, whose copy of the
 * address is blanked once sent. Then the account's sessions leave KV. The last active administrator is
 * refused (409), whichever door asks: every statement of the batch checks it, so of two administrators
 * deleting themselves at once, one stays. With `refusedIfUsable` (the privacy link's door), every statement of
 * the batch also checks, as D1 has things when it runs, that neither the address nor the account has a
 * usable account (approved, active, not rejected): if one has, nothing is erased, recorded or sent, and that
 * refusal is the answer, however recently the caller found the account unusable.
 */
export async function eraseAddress(
  deps: Deps,
  caller: Caller,
  target: { email: string; user: UserRow | null },
  confirmation: "account-deleted" | "data-erased",
  options: { refusedIfUsable?: Failure } = {},
): Promise<Outcome> {
  const { db, env } = deps;
  const { email } = target;
  const userId = target.user?.id ?? null;
  const confirm = mailEventRow(confirmation, userId ?? 0);
  const refusal = options.refusedIfUsable ?? conflict(LAST_ADMIN_MESSAGE);
  const condition = and(
    options.refusedIfUsable ? noUsableAccountSql(email, userId) : undefined,
    userId === null ? undefined : notLastActiveAdminSql(userId),
  );
  const when = (where: SQL | undefined) => and(where, condition);
  const byUser = userId === null ? [] : userStatements(db, userId, condition);
  const statements = (chain: EventChain) =>
    [
      db.delete(mailEvents).where(when(personalMailEvents(db, userId, email))),
      db
        .delete(mailEvents)
        .where(
          when(
            and(
              inArray(mailEvents.type, ["contact-received", "contact-acknowledged", "thread-link-requested"]),
              inArray(mailEvents.subjectId, messagesOf(db, email)),
            ),
          ),
        ),
      // The workbench's replies to this address's messages (and their mail events) and notes on them.
      db.delete(mailEvents).where(
        when(
          and(
            eq(mailEvents.type, "message-reply"),
            inArray(
              mailEvents.subjectId,
              db
                .select({ id: messageReplies.id })
                .from(messageReplies)
                .where(inArray(messageReplies.contactId, messagesOf(db, email))),
            ),
          ),
        ),
      ),
      // The answers that came back to them (and their mail events), and every verdict on mail from it.
      db.delete(mailEvents).where(
        when(
          and(
            eq(mailEvents.type, "message-answered"),
            inArray(
              mailEvents.subjectId,
              db
                .select({ id: messageAnswers.id })
                .from(messageAnswers)
                .where(inArray(messageAnswers.contactId, messagesOf(db, email))),
            ),
          ),
        ),
      ),
      db.delete(messageAnswers).where(when(inArray(messageAnswers.contactId, messagesOf(db, email)))),
      db.delete(threadLinks).where(when(inArray(threadLinks.contactId, messagesOf(db, email)))),
      db.delete(inboundMail).where(when(eq(inboundMail.fromAddress, email))),
      db.delete(messageReplies).where(when(inArray(messageReplies.contactId, messagesOf(db, email)))),
      db.delete(staffNotes).where(when(inArray(staffNotes.contactId, messagesOf(db, email)))),
      db.delete(contactSubmissions).where(when(eq(contactSubmissions.email, email))),
      db.delete(privacyRequests).where(when(eq(privacyRequests.email, email))),
      db
        .delete(emailChanges)
        .where(when(or(eq(emailChanges.newEmail, email), eq(emailChanges.oldEmail, email)))),
      ...byUser,
      // The log keeps the entries that name this person, by number; the address behind their digest goes.
      db.delete(auditEmails).where(when(eq(auditEmails.sha256, sha256Hex(email)))),
      // The selected values follow the table's columns: id, type, subject_id, created_at, enqueued_at, recipient.
      db
        .insert(mailEvents)
        .select(
          sql`SELECT ${confirm.id}, ${confirm.type}, ${confirm.subjectId}, unixepoch(), NULL, ${email} WHERE ${condition ?? sql`1`}`,
        )
        .returning(mailEventColumns),
      // The erased address is not kept behind the entry: its actor is the account alone.
      chain.append(
        caller,
        auditEntry(userId === null ? null : { id: userId, email: null }, confirmation, "success"),
        { ifChanged: true },
      ),
    ] as const;
  const results = await withEventChain(db, (chain) => {
    const [first, ...rest] = statements(chain);
    return db.batch([first, ...rest]);
  });
  const mail = results.at(-2) as MailEventMessage[];
  if (mail.length === 0) return refusal;
  if (userId !== null) await forgetUserSessionsInKv(env, userId);
  deps.waitUntil(publishMailEvents(env, mail));
  return done(null);
}

/** SQL that holds while no account with this address, nor the account `userId`, is usable. */
/** The ids of the messages an address sent, as a subquery. */
function messagesOf(db: Database, email: string) {
  return db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.email, email));
}

function noUsableAccountSql(email: string, userId: number | null): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM users AS holder WHERE (holder.email = ${email} OR holder.id = ${userId}) AND holder.is_approved = 1 AND holder.is_active = 1 AND holder.rejected_at IS NULL)`;
}

function userStatements(db: Database, userId: number, condition: SQL | undefined) {
  return [
    db
      .update(users)
      .set({ approvedBy: null })
      .where(and(eq(users.approvedBy, userId), condition)),
    db
      .update(users)
      .set({ rejectedBy: null })
      .where(and(eq(users.rejectedBy, userId), condition)),
    db
      .update(contactSubmissions)
      .set({ processedBy: null })
      .where(and(eq(contactSubmissions.processedBy, userId), condition)),
    // A message the person held (decision 152) is let go.
    db
      .update(contactSubmissions)
      .set({ claimedBy: null, claimedAt: null })
      .where(and(eq(contactSubmissions.claimedBy, userId), condition)),
    db.delete(users).where(and(eq(users.id, userId), condition)),
  ];
}
