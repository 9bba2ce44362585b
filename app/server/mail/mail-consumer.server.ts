import { and, count, eq, gte, isNull, lt } from "drizzle-orm";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import type { Greeting, MailMessage, SecondFactorChange } from "~/emails/email-content";
import { renderEmail } from "~/emails/render-email";
import {
  contactSubmissions,
  emailChanges,
  emailDeliveries,
  mailEvents,
  privacyRequests,
  recoveryCodes,
  users,
} from "../../../db/schema";
import { privacyAnswerFor } from "../account/privacy-requests.server";
import { type Database, getDb } from "../db.server";
import {
  HOUR_LINK_SECONDS,
  mintAccountToken,
  newLinkToken,
  TOKEN_LIFETIME_SECONDS,
} from "../identity/account-tokens.server";
import { PASSWORD_LIMITS } from "../identity/password-limits";
import type { MailEventMessage } from "../mail-outbox.server";
import { CODE_LIMITS } from "../second-factors/code-limits";
import { hasFactorRemovalLink, mintFactorRemovalToken } from "../second-factors/factor-removal-links.server";
import { hasSecondFactorOf } from "../second-factors/second-factors.server";
import { deliveryKey, retryDelaySeconds } from "./mail-delivery.server";

// The queue() consumer: an event names a stored fact; the facts are read again from D1, the emails they call
// for are rendered and handed to Email Service. Each (event, recipient) is recorded once sent, so a
// redelivered event sends only what is still missing. Any failure retries the whole event with backoff;
// after max_retries, Queues moves it to the dead-letter queue.

/** One email to one address. `message` runs only when it is about to be sent: it may mint a token. */
interface PlannedEmail {
  to: string;
  message: () => Promise<MailMessage>;
}

function isMailEventMessage(body: unknown): body is MailEventMessage {
  if (typeof body !== "object" || body === null) return false;
  const { id, type, subjectId } = body as Record<string, unknown>;
  return (
    typeof id === "string" &&
    (mailEvents.type.enumValues as readonly unknown[]).includes(type) &&
    Number.isSafeInteger(subjectId)
  );
}

/** Approved, active admins: the people told about new contact messages and registrations. */
async function adminAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.userTypeId, ADMIN_USER_TYPE_ID), eq(users.isApproved, true), eq(users.isActive, true)),
    );
  return rows.map((row) => row.email);
}

async function toAdmins(db: Database, message: MailMessage): Promise<PlannedEmail[]> {
  const addresses = await adminAddresses(db);
  if (addresses.length === 0) console.warn("mail: no approved, active admin to tell", { kind: message.kind });
  return addresses.map((to) => ({ to, message: async () => message }));
}

function findUser(db: Database, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * The name an email to the account's own address greets by: only once that address is proven the person's
 * (confirmed by a link), so mail to an address someone merely typed carries no name they typed with it.
 */
function greeting(user: { firstName: string; emailConfirmedAt: Date | null }): Greeting {
  return user.emailConfirmedAt ? user.firstName : null;
}

async function contactEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const contact = await db.query.contactSubmissions.findFirst({ where: eq(contactSubmissions.id, id) });
  return contact ? toAdmins(db, { kind: "contact-received", contact }) : null;
}

async function registrationEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  if (user.rejectedAt) return []; // rejected before the mail went out: nobody needs to hear of it now
  const confirmation: PlannedEmail = {
    to: user.email,
    message: async () => ({
      kind: "registration-received",
      token: await mintAccountToken(db, user.id, "confirm-email"),
      validForSeconds: TOKEN_LIFETIME_SECONDS["confirm-email"],
    }),
  };
  const admins = user.isApproved
    ? []
    : await toAdmins(db, { kind: "registration-awaiting-approval", registrant: user });
  return [confirmation, ...admins];
}

/** To the owner of an address someone tried to register again: no text the registrant typed. */
async function registrationAttemptedEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  return [{ to: user.email, message: async () => ({ kind: "registration-attempted" }) }];
}

async function approvalEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  if (!user.isApproved || !user.isActive || user.rejectedAt) return [];
  return [{ to: user.email, message: async () => ({ kind: "account-approved", firstName: greeting(user) }) }];
}

/** When an event was stored (now, when its row is gone). */
async function eventCreatedAt(db: Database, id: string): Promise<Date> {
  const row = await db.query.mailEvents.findFirst({
    columns: { createdAt: true },
    where: eq(mailEvents.id, id),
  });
  return row?.createdAt ?? new Date();
}

async function passwordResetEmails(db: Database, event: MailEventMessage): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, event.subjectId);
  if (!user) return null;
  if (user.rejectedAt || !user.isActive) return []; // no reset for accounts that cannot log in
  // Asked for before the password last changed (or the second factors were reset): the credential change
  // ended every reset link of the account, and one minted now would outlive it (decision 120).
  const askedAt = await eventCreatedAt(db, event.id);
  const changedAt = Math.max(
    user.passwordChangedAt?.getTime() ?? 0,
    user.secondFactorsResetAt?.getTime() ?? 0,
  );
  if (askedAt.getTime() < changedAt) return [];
  return [
    {
      to: user.email,
      message: async () => ({
        kind: "password-reset",
        firstName: greeting(user),
        token: await mintAccountToken(db, user.id, "reset-password"),
        validForSeconds: TOKEN_LIFETIME_SECONDS["reset-password"],
      }),
    },
  ];
}

async function passwordChangedEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  return [{ to: user.email, message: async () => ({ kind: "password-changed", firstName: greeting(user) }) }];
}

async function recoveryCodeUsedEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, id), isNull(recoveryCodes.usedAt)));
  const codesLeft = left?.n ?? 0;
  return [
    {
      to: user.email,
      message: async () => ({ kind: "recovery-code-used", firstName: greeting(user), codesLeft }),
    },
  ];
}

/** The enrolment link of an account whose second factors were reset, while it has none again. */
async function enrolmentToken(db: Database, user: { id: number; secondFactorsResetAt: Date | null }) {
  if (!user.secondFactorsResetAt || (await hasSecondFactorOf(db, user.id))) return null;
  return mintAccountToken(db, user.id, "enrol-second-factor");
}

async function secondFactorsResetEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  return [
    {
      to: user.email,
      message: async () => ({
        kind: "second-factors-reset",
        firstName: greeting(user),
        token: await enrolmentToken(db, user),
        validForSeconds: TOKEN_LIFETIME_SECONDS["enrol-second-factor"],
      }),
    },
  ];
}

/** "Email me a new link" on /account/security: sent only while the account still needs one. */
async function enrolmentLinkEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  if (!user.secondFactorsResetAt || (await hasSecondFactorOf(db, user.id))) return [];
  return [
    {
      to: user.email,
      message: async () => ({
        kind: "second-factor-enrolment-link",
        firstName: greeting(user),
        token: await mintAccountToken(db, user.id, "enrol-second-factor"),
        validForSeconds: TOKEN_LIFETIME_SECONDS["enrol-second-factor"],
      }),
    },
  ];
}

/** The owner's warnings about wrong second-factor codes (code-lockout.server.ts). */
async function wrongCodeEmails(
  db: Database,
  id: number,
  type: "second-factor-wrong-code" | "second-factor-locked-client" | "second-factor-locked-account",
): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const firstName = greeting(user);
  const message: MailMessage =
    type === "second-factor-wrong-code"
      ? { kind: "second-factor-wrong-code", firstName }
      : type === "second-factor-locked-client"
        ? {
            kind: "second-factor-locked",
            firstName,
            scope: "client",
            wrongCodes: CODE_LIMITS.perClient,
            withinSeconds: CODE_LIMITS.clientWindowSeconds,
          }
        : {
            kind: "second-factor-locked",
            firstName,
            scope: "account",
            wrongCodes: CODE_LIMITS.perAccount,
            withinSeconds: CODE_LIMITS.accountWindowSeconds,
          };
  return [{ to: user.email, message: async () => message }];
}

/** The owner's warning about wrong passwords that held a client at sign-in (password-limits.server.ts). */
async function passwordHeldEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const message: MailMessage = {
    kind: "password-held",
    firstName: user.firstName,
    wrongPasswords: PASSWORD_LIMITS.perClient,
    withinSeconds: PASSWORD_LIMITS.clientWindowSeconds,
  };
  return [{ to: user.email, message: async () => message }];
}

/** The owner's email about a second factor they added or removed: what changed, and when. */
async function secondFactorChangedEmails(
  db: Database,
  event: MailEventMessage,
  change: SecondFactorChange,
): Promise<PlannedEmail[] | null> {
  const [user, row, removable] = await Promise.all([
    findUser(db, event.subjectId),
    db.query.mailEvents.findFirst({ columns: { createdAt: true }, where: eq(mailEvents.id, event.id) }),
    change === "passkey-added" || change === "totp-enabled" ? hasFactorRemovalLink(db, event.id) : false,
  ]);
  if (!user) return null;
  const at = row?.createdAt ?? new Date();
  return [
    {
      to: user.email,
      message: async () => ({
        kind: "second-factor-changed",
        change,
        firstName: greeting(user),
        at,
        // An added factor's email carries the link that removes it again (decisions 121 and 141), minted as
        // it goes out.
        removal: removable ? await mintFactorRemovalToken(db, event.id) : null,
      }),
    },
  ];
}

/** Sets the token of a stored link row (an email change or a privacy request) as the email goes out. */
async function mintLinkToken(
  db: Database,
  table: typeof emailChanges | typeof privacyRequests,
  id: number,
): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.update(table).set({ tokenHash: hash }).where(eq(table.id, id));
  return token;
}

const isLive = (row: { usedAt: Date | null; expiresAt: Date }) => !row.usedAt && row.expiresAt > new Date();

async function emailChangeRequestedEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const change = await db.query.emailChanges.findFirst({ where: eq(emailChanges.id, id) });
  const user = change && (await findUser(db, change.userId));
  if (!change || !user) return null;
  if (!isLive(change)) return [];
  const firstName = greeting(user);
  const taken = await db.query.users.findFirst({
    columns: { id: true },
    where: eq(users.email, change.newEmail),
  });
  const toNewAddress: PlannedEmail = taken
    ? { to: change.newEmail, message: async () => ({ kind: "email-in-use" }) }
    : {
        to: change.newEmail,
        message: async () => ({
          kind: "email-change-link",
          token: await mintLinkToken(db, emailChanges, change.id),
          validForSeconds: HOUR_LINK_SECONDS,
        }),
      };
  return [
    {
      to: change.oldEmail,
      message: async () => ({ kind: "email-change-requested", firstName, newEmail: change.newEmail }),
    },
    toNewAddress,
  ];
}

async function emailChangedEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const change = await db.query.emailChanges.findFirst({ where: eq(emailChanges.id, id) });
  const user = change && (await findUser(db, change.userId));
  if (!change || !user) return null;
  return [
    {
      to: change.oldEmail,
      // The old address's proof went with it: the account's confirmation is now the new address's.
      message: async () => ({ kind: "email-changed", firstName: null, newEmail: change.newEmail }),
    },
  ];
}

/**
 * A link to what we hold, only for an address we hold something about and that has no approved, active
 * account (privacy-requests.server.ts): such an account is told to use /account instead, with no link. No
 * mail to a stranger's inbox, and the request of an address we know nothing about is deleted.
 */
async function privacyRequestEmails(db: Database, id: number): Promise<PlannedEmail[] | null> {
  const request = await db.query.privacyRequests.findFirst({ where: eq(privacyRequests.id, id) });
  if (!request) return null;
  if (!isLive(request)) return [];
  const answer = await privacyAnswerFor(db, request.email);
  if (answer.kind === "nothing") {
    // Nothing to show: the typed address is not kept either.
    await db.delete(privacyRequests).where(eq(privacyRequests.id, request.id));
    return [];
  }
  if (answer.kind === "use-account") {
    // No token is minted for this request, so it can never be used; the daily prune removes it.
    const { firstName } = answer;
    return [{ to: request.email, message: async () => ({ kind: "privacy-use-account", firstName }) }];
  }
  return [
    {
      to: request.email,
      message: async () => ({
        kind: "privacy-link",
        token: await mintLinkToken(db, privacyRequests, request.id),
        validForSeconds: HOUR_LINK_SECONDS,
      }),
    },
  ];
}

/** The confirmation of a deletion or an erasure: to the address the event itself keeps until it is sent. */
async function confirmationEmails(
  db: Database,
  event: MailEventMessage,
  kind: "account-deleted" | "data-erased",
): Promise<PlannedEmail[] | null> {
  const row = await db.query.mailEvents.findFirst({
    columns: { recipient: true },
    where: eq(mailEvents.id, event.id),
  });
  if (!row?.recipient) return null;
  return [{ to: row.recipient, message: async () => ({ kind }) }];
}

/** The emails an event calls for, or null when its subject row no longer exists. */
function plannedEmails(db: Database, event: MailEventMessage): Promise<PlannedEmail[] | null> {
  switch (event.type) {
    case "contact-received":
      return contactEmails(db, event.subjectId);
    case "registration-received":
      return registrationEmails(db, event.subjectId);
    case "registration-attempted":
      return registrationAttemptedEmails(db, event.subjectId);
    case "account-approved":
      return approvalEmails(db, event.subjectId);
    case "password-reset-requested":
      return passwordResetEmails(db, event);
    case "password-changed":
      return passwordChangedEmails(db, event.subjectId);
    case "email-change-requested":
      return emailChangeRequestedEmails(db, event.subjectId);
    case "email-changed":
      return emailChangedEmails(db, event.subjectId);
    case "privacy-request":
      return privacyRequestEmails(db, event.subjectId);
    case "account-deleted":
    case "data-erased":
      return confirmationEmails(db, event, event.type);
    case "recovery-code-used":
      return recoveryCodeUsedEmails(db, event.subjectId);
    case "second-factors-reset":
      return secondFactorsResetEmails(db, event.subjectId);
    case "second-factor-wrong-code":
    case "second-factor-locked-client":
    case "second-factor-locked-account":
      return wrongCodeEmails(db, event.subjectId, event.type);
    case "password-held":
      return passwordHeldEmails(db, event.subjectId);
    case "totp-enabled":
    case "totp-removed":
    case "passkey-added":
    case "passkey-removed":
    case "passkeys-removed-at-reset":
    case "recovery-codes-generated":
      return secondFactorChangedEmails(db, event, event.type);
    case "second-factor-enrolment-link":
      return enrolmentLinkEmails(db, event.subjectId);
  }
}

/** Keys already recorded for this event (a range scan of the primary key: every key starts with `id:`). */
async function deliveredKeys(db: Database, eventId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: emailDeliveries.key })
    .from(emailDeliveries)
    .where(and(gte(emailDeliveries.key, `${eventId}:`), lt(emailDeliveries.key, `${eventId};`)));
  return new Set(rows.map((row) => row.key));
}

/**
 * Email Service's refusals that no retry can fix soon: the address is on the suppression list (it bounced or
 * complained) or not allowed by the binding. One send per recipient keeps such an address from blocking others.
 */
const UNDELIVERABLE = new Set(["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED"]);

/** Email Service's error code (e.g. "E_RATE_LIMIT_EXCEEDED"), when the error carries one. */
function errorCode(error: unknown): string | null {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : null;
}

function undeliverableCode(error: unknown): string | null {
  const code = errorCode(error);
  return code && UNDELIVERABLE.has(code) ? code : null;
}

/** A failure as one log line: the code first, so the logs can be grouped by it. */
function describeFailure(error: unknown): string {
  const code = errorCode(error);
  return code ? `${code}: ${String(error)}` : String(error);
}

async function sendOnce(env: Env, db: Database, key: string, email: PlannedEmail): Promise<void> {
  const { subject, html, text } = renderEmail(await email.message(), env.SITE_ORIGIN);
  await env.EMAIL.send({ from: env.EMAIL_FROM, to: email.to, subject, html, text });
  await db.insert(emailDeliveries).values({ key }).onConflictDoNothing();
}

/** Sends what the event still owes; throws if any email failed (the ones that went out stay recorded). */
async function deliverEvent(env: Env, event: MailEventMessage): Promise<"delivered" | "subject-missing"> {
  const db = getDb(env);
  const planned = await plannedEmails(db, event);
  if (planned === null) return "subject-missing";
  const delivered = await deliveredKeys(db, event.id);
  const failures: unknown[] = [];
  for (const email of planned) {
    const key = deliveryKey(event.id, email.to);
    if (delivered.has(key)) continue;
    await sendOnce(env, db, key, email).catch((error: unknown) => {
      const code = undeliverableCode(error);
      if (code)
        console.warn("mail: Email Service refused a recipient; not retried", { event: event.id, code });
      else failures.push(error);
    });
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} of the event's emails failed`);
  // A deletion's confirmation kept the address only to send it: now nothing of ours holds it.
  if (event.type === "account-deleted" || event.type === "data-erased") {
    await db.update(mailEvents).set({ recipient: null }).where(eq(mailEvents.id, event.id));
  }
  return "delivered";
}

async function handleMessage(message: Message<MailEventMessage>, env: Env): Promise<void> {
  const event: unknown = message.body;
  if (!isMailEventMessage(event)) {
    console.error("mail: malformed message dropped", { messageId: message.id, body: JSON.stringify(event) });
    message.ack();
    return;
  }
  try {
    const outcome = await deliverEvent(env, event);
    if (outcome === "subject-missing")
      console.warn("mail: the event's subject no longer exists; nothing sent", event);
    message.ack();
  } catch (error) {
    const delaySeconds = retryDelaySeconds(message.attempts);
    const reasons = (error instanceof AggregateError ? error.errors : [error]).map(describeFailure);
    console.error("mail: delivery failed, retrying", {
      ...event,
      attempts: message.attempts,
      delaySeconds,
      reasons,
    });
    message.retry({ delaySeconds });
  }
}

/** The queue() handler of MAIL_QUEUE: every message is acked or retried on its own. Never throws. */
export async function handleMailBatch(batch: MessageBatch<MailEventMessage>, env: Env): Promise<void> {
  await Promise.all(batch.messages.map((message) => handleMessage(message, env)));
}
