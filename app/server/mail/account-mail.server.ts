import { eq } from "drizzle-orm";
import { contactSubmissions, emailChanges, users } from "../../../db/schema";
import {
  HOUR_LINK_SECONDS,
  mintAccountToken,
  TOKEN_LIFETIME_SECONDS,
} from "../identity/account-tokens.server";
import { isLive, mintLinkToken } from "./link-tokens.server";
import {
  eventCreatedAt,
  findUser,
  greeting,
  type MailEventTable,
  mailEvent,
  toAddress,
  toAdmins,
  toOwner,
} from "./planned-emails.server";

// The events of an account's life and of the contact form: what each reads again from D1, and the emails
// it sends (their words and recipients are declared in app/emails).

export const ACCOUNT_MAIL = {
  // The administrators who chose immediate notifications get one email each; the digest's are woken.
  "contact-received": mailEvent({
    sends: ["contact-received", "staff-digest"],
    wakesDigests: true,
    async emails(db, { subjectId }) {
      const contact = await db.query.contactSubmissions.findFirst({
        where: eq(contactSubmissions.id, subjectId),
      });
      return contact ? toAdmins(db, "contact-received", { contact }) : null;
    },
  }),

  "registration-received": mailEvent({
    sends: ["registration-received", "registration-awaiting-approval", "staff-digest"],
    wakesDigests: true,
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      if (user.rejectedAt) return []; // rejected before the mail went out: nobody needs to hear of it now
      const confirmation = toOwner(user, "registration-received", async () => ({
        token: await mintAccountToken(db, user.id, "confirm-email"),
        validForSeconds: TOKEN_LIFETIME_SECONDS["confirm-email"],
      }));
      const admins = user.isApproved
        ? []
        : await toAdmins(db, "registration-awaiting-approval", { registrant: user });
      return [confirmation, ...admins];
    },
  }),

  /** To the owner of an address someone tried to register again: no text the registrant typed. */
  "registration-attempted": mailEvent({
    sends: ["registration-attempted"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      return [toOwner(user, "registration-attempted", {})];
    },
  }),

  "account-approved": mailEvent({
    sends: ["account-approved"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      if (!user.isApproved || !user.isActive || user.rejectedAt) return [];
      return [toOwner(user, "account-approved", { firstName: greeting(user) })];
    },
  }),

  "password-reset-requested": mailEvent({
    sends: ["password-reset"],
    async emails(db, event) {
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
        toOwner(user, "password-reset", async () => ({
          firstName: greeting(user),
          token: await mintAccountToken(db, user.id, "reset-password"),
          validForSeconds: TOKEN_LIFETIME_SECONDS["reset-password"],
        })),
      ];
    },
  }),

  "password-changed": mailEvent({
    sends: ["password-changed"],
    async emails(db, { subjectId }) {
      const user = await findUser(db, subjectId);
      if (!user) return null;
      return [toOwner(user, "password-changed", { firstName: greeting(user) })];
    },
  }),

  "email-change-requested": mailEvent({
    sends: ["email-change-requested", "email-in-use", "email-change-link"],
    async emails(db, { subjectId }) {
      const change = await db.query.emailChanges.findFirst({ where: eq(emailChanges.id, subjectId) });
      const user = change && (await findUser(db, change.userId));
      if (!change || !user) return null;
      if (!isLive(change)) return [];
      const firstName = greeting(user);
      const taken = await db.query.users.findFirst({
        columns: { id: true },
        where: eq(users.email, change.newEmail),
      });
      const toNewAddress = taken
        ? toAddress(change.newEmail, "email-in-use", {})
        : toAddress(change.newEmail, "email-change-link", async () => ({
            token: await mintLinkToken(db, emailChanges, change.id),
            validForSeconds: HOUR_LINK_SECONDS,
          }));
      return [
        toAddress(change.oldEmail, "email-change-requested", { firstName, newEmail: change.newEmail }),
        toNewAddress,
      ];
    },
  }),

  "email-changed": mailEvent({
    sends: ["email-changed"],
    async emails(db, { subjectId }) {
      const change = await db.query.emailChanges.findFirst({ where: eq(emailChanges.id, subjectId) });
      const user = change && (await findUser(db, change.userId));
      if (!change || !user) return null;
      // The old address's proof went with it: the account's confirmation is now the new address's.
      return [toAddress(change.oldEmail, "email-changed", { firstName: null, newEmail: change.newEmail })];
    },
  }),
} satisfies MailEventTable;
