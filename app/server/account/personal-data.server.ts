import { and, count, desc, eq, gte, inArray, isNotNull, lt, or } from "drizzle-orm";
import { PERSONAL_SUBJECTS } from "~/content/email-subjects";
import { userTypeLabel } from "~/content/user-types";
import type { Person } from "~/lib/person";
import {
  accountEvents,
  contactSubmissions,
  emailChanges,
  emailDeliveries,
  mailEvents,
  passkeys,
  privacyRequests,
  totpCredentials,
  type UserRow,
  users,
} from "../../../db/schema";
import { asSeenBy, entriesOfPerson } from "../audit/own-activity.server";
import type { Database } from "../db.server";
import { listUserSessions } from "../identity/sessions.server";
import { secondFactorsOf } from "../second-factors/second-factors.server";

// What we hold about an email address, as one JSON document (GDPR Articles 15 and 20, POPIA section 23),
// shared by "Your data" on /account and by the emailed link of /privacy/request; its erasure is
// address-erasure.server.ts. The field names are documented on /privacy.

export const EXPORT_FORMAT = "facets-personal-data/1";

export type AccountStatus = "pending" | "approved" | "rejected" | "deactivated";

export interface PersonalData {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  email: string;
  account:
    | (Person & {
        id: number;
        areaOfInterest: string;
        status: AccountStatus;
        emailConfirmedAt: string | null;
        createdAt: string;
        updatedAt: string;
        approvedAt: string | null;
        rejectedAt: string | null;
      })
    | null;
  contactMessages: (Person & {
    id: number;
    message: string;
    paymentMethod: string | null;
    processed: boolean;
    processedAt: string | null;
    createdAt: string;
  })[];
  emails: { subject: string; createdAt: string; state: "sent" | "queued" | "waiting" }[];
  sessions: {
    id: string;
    createdAt: string;
    lastSeenAt: string;
    userAgent: string | null;
    country: string | null;
  }[];
  accountEvents: {
    at: string;
    action: string;
    outcome: string;
    byAnother: boolean;
    ip: string | null;
    userAgent: string | null;
    country: string | null;
  }[];
  /** The account's second factors, never their secrets: null without an account. */
  secondFactors: {
    authenticatorApp: { confirmedAt: string } | null;
    passkeys: { name: string; createdAt: string; lastUsedAt: string | null }[];
    recoveryCodesLeft: number;
  } | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function statusOf(user: UserRow): AccountStatus {
  if (user.rejectedAt) return "rejected";
  if (!user.isApproved) return "pending";
  return user.isActive ? "approved" : "deactivated";
}

/** Mail events whose subject is the user's own row. */
const USER_MAIL_TYPES = [
  "registration-received",
  "registration-attempted",
  "account-approved",
  "password-reset-requested",
  "password-changed",
  "second-factor-wrong-code",
  "second-factor-locked-client",
  "second-factor-locked-account",
  "password-held",
  "recovery-code-used",
  "second-factors-reset",
  "totp-enabled",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "passkeys-removed-at-reset",
  "recovery-codes-generated",
] as const;
/** Mail events whose subject is one of the user's email changes. */
const CHANGE_MAIL_TYPES = ["email-change-requested", "email-changed"] as const;

/** Where every mail event about the person lives: their row, their email changes, their privacy requests. */
export function personalMailEvents(db: Database, userId: number | null, email: string) {
  const byRequest = and(
    eq(mailEvents.type, "privacy-request"),
    inArray(
      mailEvents.subjectId,
      db.select({ id: privacyRequests.id }).from(privacyRequests).where(eq(privacyRequests.email, email)),
    ),
  );
  if (userId === null) return byRequest;
  return or(
    byRequest,
    and(inArray(mailEvents.type, USER_MAIL_TYPES), eq(mailEvents.subjectId, userId)),
    and(
      inArray(mailEvents.type, CHANGE_MAIL_TYPES),
      inArray(
        mailEvents.subjectId,
        db.select({ id: emailChanges.id }).from(emailChanges).where(eq(emailChanges.userId, userId)),
      ),
    ),
  );
}

/** The emails we sent the person, newest first, with whether Email Service took each. */
async function personalEmails(db: Database, userId: number | null, email: string) {
  const events = await db
    .select()
    .from(mailEvents)
    .where(personalMailEvents(db, userId, email))
    .orderBy(desc(mailEvents.createdAt))
    .limit(100);
  if (events.length === 0) return [];
  // One range scan of delivery keys per event (each key starts with `eventId:`), in one round trip.
  const [first, ...rest] = events.map((event) =>
    db
      .select({ n: count() })
      .from(emailDeliveries)
      .where(and(gte(emailDeliveries.key, `${event.id}:`), lt(emailDeliveries.key, `${event.id};`))),
  );
  const delivered = first ? await db.batch([first, ...rest]) : [];
  return events.map((event, i) => ({
    subject: PERSONAL_SUBJECTS[event.type as keyof typeof PERSONAL_SUBJECTS] ?? event.type,
    createdAt: event.createdAt.toISOString(),
    state: ((delivered[i]?.[0]?.n ?? 0) > 0 ? "sent" : event.enqueuedAt ? "queued" : "waiting") as
      | "sent"
      | "queued"
      | "waiting",
  }));
}

/** Everything we hold about an address: its account (if any), what was sent from it, and to it. */
export async function collectPersonalData(db: Database, env: Env, email: string): Promise<PersonalData> {
  const user = (await db.query.users.findFirst({ where: eq(users.email, email) })) ?? null;
  const [contacts, emails, sessions, events, factors] = await Promise.all([
    db.query.contactSubmissions.findMany({
      where: eq(contactSubmissions.email, email),
      orderBy: desc(contactSubmissions.createdAt),
    }),
    personalEmails(db, user?.id ?? null, email),
    user ? listUserSessions(db, env, user.id, "") : [],
    user
      ? db
          .select()
          .from(accountEvents)
          .where(entriesOfPerson(user.id))
          .orderBy(desc(accountEvents.at), desc(accountEvents.id))
      : [],
    user ? secondFactorsSummary(db, user.id) : null,
  ]);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    email,
    account: user && {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company,
      phone: user.phone,
      userTypeId: user.userTypeId,
      areaOfInterest: userTypeLabel(user.userTypeId),
      status: statusOf(user),
      emailConfirmedAt: iso(user.emailConfirmedAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      approvedAt: iso(user.approvedAt),
      rejectedAt: iso(user.rejectedAt),
    },
    contactMessages: contacts.map((contact) => ({
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      company: contact.company,
      phone: contact.phone,
      userTypeId: contact.userTypeId,
      message: contact.message,
      paymentMethod: contact.paymentMethod,
      processed: contact.isProcessed,
      processedAt: iso(contact.processedAt),
      createdAt: contact.createdAt.toISOString(),
    })),
    emails,
    sessions: sessions.map(({ id, createdAt, lastSeenAt, userAgent, country }) => ({
      id,
      createdAt,
      lastSeenAt,
      userAgent,
      country,
    })),
    accountEvents: events.map((event) => ({
      at: event.at.toISOString(),
      action: event.action,
      outcome: event.outcome,
      ...asSeenBy(event, user?.id),
    })),
    secondFactors: factors,
  };
}

async function secondFactorsSummary(db: Database, userId: number): Promise<PersonalData["secondFactors"]> {
  const [app, keys, codes] = await Promise.all([
    db.query.totpCredentials.findFirst({
      where: and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)),
    }),
    db.query.passkeys.findMany({ where: eq(passkeys.userId, userId), orderBy: desc(passkeys.createdAt) }),
    secondFactorsOf(db, userId),
  ]);
  return {
    authenticatorApp: app?.confirmedAt ? { confirmedAt: app.confirmedAt.toISOString() } : null,
    passkeys: keys.map((key) => ({
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: iso(key.lastUsedAt),
    })),
    recoveryCodesLeft: codes.recoveryCodesLeft,
  };
}

/** The copy as a download: a JSON attachment named for the day it was made. */
export function personalDataResponse(data: PersonalData): Response {
  const day = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="facets-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
