import { PERSONAL_SUBJECTS } from "~/content/email-subjects";
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

/**
 * The first name an email greets its reader by: null when the address it goes to is not yet proven to be the
 * person's, so that no text a person typed reaches an inbox that may be someone else's ("Hello,").
 */
export type Greeting = string | null;

function hello(firstName: Greeting): string {
  return firstName ? `Hello ${firstName},` : "Hello,";
}

/** The people the emails are about, as read from D1. */
export type PersonDetails = Person;

export type MailMessage =
  | { kind: "contact-received"; contact: PersonDetails & { message: string; createdAt: Date } }
  | { kind: "registration-received"; token: string; validForSeconds: number }
  | { kind: "registration-attempted" }
  | { kind: "registration-awaiting-approval"; registrant: PersonDetails & { createdAt: Date } }
  | { kind: "account-approved"; firstName: Greeting }
  | { kind: "password-reset"; firstName: Greeting; token: string; validForSeconds: number }
  | { kind: "password-changed"; firstName: Greeting }
  | { kind: "email-change-requested"; firstName: Greeting; newEmail: string }
  | { kind: "email-change-link"; token: string; validForSeconds: number }
  | { kind: "email-in-use" }
  | { kind: "email-changed"; firstName: Greeting; newEmail: string }
  | { kind: "account-deleted" }
  | { kind: "data-erased" }
  | { kind: "privacy-link"; token: string; validForSeconds: number }
  | { kind: "privacy-use-account"; firstName: Greeting }
  | { kind: "recovery-code-used"; firstName: Greeting; codesLeft: number }
  | { kind: "second-factors-reset"; firstName: Greeting; token: string | null; validForSeconds: number }
  | { kind: "second-factor-enrolment-link"; firstName: Greeting; token: string; validForSeconds: number }
  | { kind: "second-factor-wrong-code"; firstName: Greeting }
  | { kind: "password-held"; firstName: Greeting; wrongPasswords: number; withinSeconds: number }
  | {
      kind: "second-factor-locked";
      firstName: Greeting;
      /** One client address held, or every one. */
      scope: "client" | "account";
      wrongCodes: number;
      withinSeconds: number;
    }
  | {
      kind: "second-factor-changed";
      change: SecondFactorChange;
      firstName: Greeting;
      at: Date;
      /** A passkey added or an authenticator app turned on: the link that removes it again, while it can (decisions 121, 141). */
      removal?: FactorRemovalLink | null;
    };

/** The link in the email of an added factor that removes that factor, once the password is given. */
export interface FactorRemovalLink {
  token: string;
  validForSeconds: number;
  /** The passkey brought the account's recovery codes: they go with it. */
  withRecoveryCodes: boolean;
}

/** A second factor added or removed by the account's owner (an administrator's reset has its own email). */
export type SecondFactorChange =
  | "totp-enabled"
  | "totp-removed"
  | "passkey-added"
  | "passkey-removed"
  | "passkeys-removed-at-reset"
  | "recovery-codes-generated";

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
    subject: PERSONAL_SUBJECTS["registration-received"],
    heading: "Thank you for registering",
    // The address is not proven yet: the email greets nobody by the name typed with it.
    intro: [
      "Hello,",
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

/**
 * To the owner of an address someone tried to register again: the registration page answered as for any
 * address, and only this inbox learns that the address already has an account. No text the registrant typed.
 */
function registrationAttempted(origin: string): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["registration-attempted"],
    heading: "Someone tried to register with your address",
    intro: [
      "Someone tried to register a FACETS account with this email address, but an account already uses it. Nothing was changed.",
      "If it was you, sign in to your account, or reset your password if you have forgotten it.",
    ],
    action: { label: "Sign in", url: siteUrl(origin, "/login") },
    outro: [
      "To reset your password, choose “Forgot password?” on the sign-in page.",
      "If it was not you, ignore this email: nothing changes.",
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
    subject: PERSONAL_SUBJECTS["account-approved"],
    heading: "Your account is approved",
    intro: [hello(message.firstName), "An administrator approved your FACETS account. You can log in now."],
    action: { label: "Log in", url: siteUrl(origin, "/login") },
  };
}

function passwordReset(
  message: Extract<MailMessage, { kind: "password-reset" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["password-reset-requested"],
    heading: "Reset your password",
    intro: [hello(message.firstName), "We received a request to reset the password of your FACETS account."],
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
    subject: PERSONAL_SUBJECTS["password-changed"],
    heading: "Your password was changed",
    intro: [
      hello(message.firstName),
      "The password of your FACETS account was just changed, and every other session of the account was signed out.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: ["If this was not you, reset your password now and contact us."],
  };
}

function recoveryCodeUsed(
  message: Extract<MailMessage, { kind: "recovery-code-used" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["recovery-code-used"],
    heading: "A recovery code was used",
    intro: [
      hello(message.firstName),
      "Someone signed in to your FACETS account, or confirmed it was them, with one of your recovery codes. That code no longer works.",
      message.codesLeft === 1
        ? "You have 1 recovery code left."
        : `You have ${message.codesLeft} recovery codes left.`,
    ],
    action: { label: "Review your sign-in security", url: siteUrl(origin, "/account/security") },
    outro: ["If this was not you, change your password and make new recovery codes now."],
  };
}

/** The link that lets a signed-in session set up a second factor after a reset (enrolment-links.server.ts). */
function enrolmentUrl(origin: string, token: string): string {
  return siteUrl(origin, "/account/security", { enrolment: token });
}

function secondFactorsReset(
  message: Extract<MailMessage, { kind: "second-factors-reset" }>,
  origin: string,
): EmailContent {
  const removed =
    "An administrator removed the authenticator app, passkeys and recovery codes of your FACETS account, and signed it out everywhere.";
  if (!message.token) {
    return {
      subject: PERSONAL_SUBJECTS["second-factors-reset"],
      heading: "Your second factors were reset",
      intro: [hello(message.firstName), removed, "Sign in with your password to manage your account."],
      action: { label: "Sign in", url: siteUrl(origin, "/login") },
      outro: ["If you did not ask for this, contact us at once."],
    };
  }
  return {
    subject: PERSONAL_SUBJECTS["second-factors-reset"],
    heading: "Your second factors were reset",
    intro: [
      hello(message.firstName),
      removed,
      "To set up a second factor again, sign in with your password, then open this link in the same browser. Your password alone cannot set one up.",
    ],
    action: { label: "Set up a second factor", url: enrolmentUrl(origin, message.token) },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)} and works once. After that, sign in and ask for a new one on your Sign-in security page.`,
      "If you did not ask for this, contact us at once.",
    ],
  };
}

function secondFactorEnrolmentLink(
  message: Extract<MailMessage, { kind: "second-factor-enrolment-link" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["second-factor-enrolment-link"],
    heading: "Set up a second factor",
    intro: [
      hello(message.firstName),
      "Someone signed in to your FACETS account asked for a link to set up a second factor. Open it in the browser where you are signed in.",
    ],
    action: { label: "Set up a second factor", url: enrolmentUrl(origin, message.token) },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)} and works once.`,
      "If this was not you, someone knows your password: change it now.",
    ],
  };
}

/** What both warnings about wrong codes end with. */
const WRONG_CODE_OUTRO = "The activity list on your account page shows each attempt and where it came from.";

function secondFactorWrongCode(
  message: Extract<MailMessage, { kind: "second-factor-wrong-code" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["second-factor-wrong-code"],
    heading: "Your password was used with a wrong code",
    intro: [
      hello(message.firstName),
      "Someone typed the right password for your FACETS account, then a wrong code from your authenticator app or a wrong recovery code.",
      "If this was not you, someone has your password: change it now. A new password stops them before they get to the code.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: ["If it was you and you mistyped the code, you can ignore this email.", WRONG_CODE_OUTRO],
  };
}

function passwordHeld(
  message: Extract<MailMessage, { kind: "password-held" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["password-held"],
    heading: "Sign-ins refused after wrong passwords",
    intro: [
      `Hello ${message.firstName},`,
      `Someone typed a wrong password for your FACETS account ${message.wrongPasswords} times within ${formatDuration(message.withinSeconds)} from one address, or many times from many addresses.`,
      "Sign-ins from the addresses that kept failing are refused for now. Your own devices still sign you in with your password.",
      "Your password was not accepted. If it is short, or you use it anywhere else, change it now.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: ["If it was you and you mistyped the password, you can ignore this email.", WRONG_CODE_OUTRO],
  };
}

function secondFactorLocked(
  message: Extract<MailMessage, { kind: "second-factor-locked" }>,
  origin: string,
): EmailContent {
  const within = formatDuration(message.withinSeconds);
  const client = message.scope === "client";
  return {
    subject: PERSONAL_SUBJECTS[client ? "second-factor-locked-client" : "second-factor-locked-account"],
    heading: client ? "Codes refused from one address" : "Codes refused from every address",
    intro: [
      hello(message.firstName),
      `Someone typed the right password for your FACETS account, then ${message.wrongCodes} wrong codes within ${within}${client ? " from one address" : ""}.`,
      client
        ? "Codes from that address are refused for now. You can still sign in from your own devices."
        : "To stop the guessing, codes of that kind are refused from every address for now, yours included. A passkey still signs you in.",
      client
        ? "Someone has your password: change it now."
        : "Change your password now: once it is changed, the earlier wrong codes no longer count and your codes work again.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: [WRONG_CODE_OUTRO],
  };
}

/** What changed, as the email's heading and first sentence (`when` is the change's time, formatted). */
const SECOND_FACTOR_CHANGES: Record<SecondFactorChange, { heading: string; said: (when: string) => string }> =
  {
    "totp-enabled": {
      heading: "An authenticator app was turned on",
      said: (when) =>
        `An authenticator app was turned on for your FACETS account on ${when}. Sign-ins now ask for a code from it.`,
    },
    "totp-removed": {
      heading: "The authenticator app was turned off",
      said: (when) =>
        `The authenticator app of your FACETS account was turned off on ${when}. Its codes no longer sign you in.`,
    },
    "passkey-added": {
      heading: "A passkey was added",
      said: (when) =>
        `A passkey was added to your FACETS account on ${when}. It signs in to the account on its own, with no password.`,
    },
    "passkey-removed": {
      heading: "A passkey was removed",
      said: (when) => `A passkey was removed from your FACETS account on ${when}. It no longer signs you in.`,
    },
    "passkeys-removed-at-reset": {
      heading: "Your passkeys were removed",
      said: (when) =>
        `The password of your FACETS account was reset with an emailed link on ${when}, and its passkeys were removed, as chosen on the reset page. They no longer sign you in.`,
    },
    "recovery-codes-generated": {
      heading: "New recovery codes were made",
      said: (when) =>
        `New recovery codes were made for your FACETS account on ${when}. The old ones no longer work.`,
    },
  };

function secondFactorChanged(
  message: Extract<MailMessage, { kind: "second-factor-changed" }>,
  origin: string,
): EmailContent {
  const { heading, said } = SECOND_FACTOR_CHANGES[message.change];
  const byLink = message.change === "passkeys-removed-at-reset";
  const { removal } = message;
  if (removal) {
    const factor = message.change === "totp-enabled" ? "authenticator app" : "passkey";
    const what = removal.withRecoveryCodes
      ? `removes this ${factor} and the recovery codes made with it`
      : `removes this ${factor}`;
    return {
      subject: PERSONAL_SUBJECTS[message.change],
      heading,
      intro: [
        hello(message.firstName),
        said(formatDateTime(message.at)),
        `If you added it, there is nothing to do. If you did not, someone was signed in to your account: the button below ${what} and signs your account out everywhere, once you give your password.`,
      ],
      action: {
        label: `Remove this ${factor}`,
        url: siteUrl(origin, "/remove-factor", { token: removal.token }),
      },
      outro: [
        `The link is valid for ${formatDuration(removal.validForSeconds)} and works once.`,
        `If this was not you, change your password now, and remove any authenticator app or passkey you do not know on your Sign-in security page, ${siteUrl(origin, "/account/security")}`,
      ],
    };
  }
  return {
    subject: PERSONAL_SUBJECTS[message.change],
    heading,
    intro: [hello(message.firstName), said(formatDateTime(message.at))],
    action: { label: "Review your sign-in security", url: siteUrl(origin, "/account/security") },
    outro: [
      byLink
        ? "If this was not you, someone can read your email: secure your mailbox, then reset your password again and set up your second factors on your Sign-in security page."
        : "If this was not you, change your password now, and remove any authenticator app or passkey you do not know on your Sign-in security page.",
    ],
  };
}

function emailChangeRequested(
  message: Extract<MailMessage, { kind: "email-change-requested" }>,
  origin: string,
): EmailContent {
  return {
    subject: "A change of your FACETS email address was requested",
    heading: "A change of address was requested",
    intro: [
      hello(message.firstName),
      `Someone signed in to your FACETS account asked to move it to ${message.newEmail}.`,
      "Nothing changes unless the link we sent to that address is used within the hour.",
    ],
    action: { label: "Review your account", url: siteUrl(origin, "/account") },
    outro: [
      "If this was not you, change your password now: someone knows it. Changing your password also cancels this change of address: its link stops working.",
    ],
  };
}

function emailChangeLink(
  message: Extract<MailMessage, { kind: "email-change-link" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["email-change-requested"],
    heading: "Confirm your new email address",
    // The address is not proven yet: the email greets nobody by the name typed with it.
    intro: [
      "Hello,",
      "You asked to move your FACETS account to this email address. Confirm that it is yours.",
    ],
    action: {
      label: "Confirm my new address",
      url: siteUrl(origin, "/confirm-email-change", { token: message.token }),
    },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)} and works once.`,
      "If you did not ask for this, ignore this email: nothing changes.",
    ],
  };
}

function emailInUse(origin: string): EmailContent {
  return {
    subject: "A FACETS account already uses this address",
    heading: "This address already has an account",
    intro: [
      "Someone asked to move a FACETS account to this email address, but an account already exists here. Nothing was changed.",
      "If you have forgotten the password of your account, you can choose a new one.",
    ],
    action: { label: "Reset your password", url: siteUrl(origin, "/forgot-password") },
    outro: ["If you did not ask for this, ignore this email."],
  };
}

function emailChanged(
  message: Extract<MailMessage, { kind: "email-changed" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["email-changed"],
    heading: "Your email address was changed",
    intro: [
      hello(message.firstName),
      `Your FACETS account now uses ${message.newEmail}. This address will no longer receive its emails.`,
    ],
    action: { label: "Contact us", url: siteUrl(origin, "/contact") },
    outro: ["If this was not you, contact us at once."],
  };
}

function accountDeleted(origin: string): EmailContent {
  return {
    subject: "Your FACETS account was deleted",
    heading: "Your account was deleted",
    intro: [
      "As you asked, we deleted your FACETS account: your profile, your sessions, your links and your contact messages are gone.",
      "This is the last email we send to this address about it.",
    ],
    action: { label: "Read our privacy notice", url: siteUrl(origin, "/privacy") },
  };
}

function dataErased(origin: string): EmailContent {
  return {
    subject: "We erased what FACETS held about you",
    heading: "Your data was erased",
    intro: [
      "As you asked, we erased what we held about this email address: any registration and every contact message sent from it.",
      "This is the last email we send to this address about it.",
    ],
    action: { label: "Read our privacy notice", url: siteUrl(origin, "/privacy") },
  };
}

function privacyLink(message: Extract<MailMessage, { kind: "privacy-link" }>, origin: string): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["privacy-request"],
    heading: "What we hold about you",
    intro: [
      "Someone asked what FACETS holds about this email address. If it was you, the link below shows it: you can download a copy, or erase it.",
    ],
    action: {
      label: "See what we hold",
      url: siteUrl(origin, "/privacy/request", { token: message.token }),
    },
    outro: [
      `The link is valid for ${formatDuration(message.validForSeconds)}.`,
      "If you did not ask for this, ignore this email: nothing changes.",
    ],
  };
}

/**
 * The answer to a privacy request for an address whose account is approved and active: no link that
 * exports or erases (a mailbox alone must not reach a protected account), only the way through /account.
 */
function privacyUseAccount(
  message: Extract<MailMessage, { kind: "privacy-use-account" }>,
  origin: string,
): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["privacy-request"],
    heading: "What we hold about you",
    intro: [
      hello(message.firstName),
      "Someone asked what FACETS holds about this email address. It belongs to your FACETS account, so this email has no link to your data.",
      "To download a copy of your data or delete your account, sign in with your password (and your second factor, if you set one up) and open My account.",
    ],
    action: { label: "Open My account", url: siteUrl(origin, "/account") },
    outro: ["If you did not ask for this, ignore this email: nothing changes."],
  };
}

/** What an email says, for a message and the site's public origin (every link is absolute to it). */
export function emailContent(message: MailMessage, origin: string): EmailContent {
  switch (message.kind) {
    case "contact-received":
      return contactReceived(message, origin);
    case "registration-received":
      return registrationReceived(message, origin);
    case "registration-attempted":
      return registrationAttempted(origin);
    case "registration-awaiting-approval":
      return registrationAwaitingApproval(message, origin);
    case "account-approved":
      return accountApproved(message, origin);
    case "password-reset":
      return passwordReset(message, origin);
    case "password-changed":
      return passwordChanged(message, origin);
    case "email-change-requested":
      return emailChangeRequested(message, origin);
    case "email-change-link":
      return emailChangeLink(message, origin);
    case "email-in-use":
      return emailInUse(origin);
    case "email-changed":
      return emailChanged(message, origin);
    case "account-deleted":
      return accountDeleted(origin);
    case "data-erased":
      return dataErased(origin);
    case "privacy-link":
      return privacyLink(message, origin);
    case "privacy-use-account":
      return privacyUseAccount(message, origin);
    case "recovery-code-used":
      return recoveryCodeUsed(message, origin);
    case "second-factors-reset":
      return secondFactorsReset(message, origin);
    case "second-factor-wrong-code":
      return secondFactorWrongCode(message, origin);
    case "second-factor-locked":
      return secondFactorLocked(message, origin);
    case "password-held":
      return passwordHeld(message, origin);
    case "second-factor-changed":
      return secondFactorChanged(message, origin);
    case "second-factor-enrolment-link":
      return secondFactorEnrolmentLink(message, origin);
  }
}
