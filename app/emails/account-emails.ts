import { PERSONAL_SUBJECTS } from "~/content/email-subjects";
import {
  type EmailContent,
  formatDuration,
  type Greeting,
  hello,
  type MailKindTable,
  type NoData,
  siteUrl,
} from "./email-content";

// The emails of an account's life: registering, approval, the password, and a change of address.

/** A link that confirms something, with how long it lives. */
interface Link {
  token: string;
  validForSeconds: number;
}

function registrationReceived(message: Link, origin: string): EmailContent {
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
function registrationAttempted(_: NoData, origin: string): EmailContent {
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

function accountApproved(message: { firstName: Greeting }, origin: string): EmailContent {
  return {
    subject: PERSONAL_SUBJECTS["account-approved"],
    heading: "Your account is approved",
    intro: [hello(message.firstName), "An administrator approved your FACETS account. You can log in now."],
    action: { label: "Log in", url: siteUrl(origin, "/login") },
  };
}

function passwordReset(message: Link & { firstName: Greeting }, origin: string): EmailContent {
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

function passwordChanged(message: { firstName: Greeting }, origin: string): EmailContent {
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

function emailChangeRequested(
  message: { firstName: Greeting; newEmail: string },
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

function emailChangeLink(message: Link, origin: string): EmailContent {
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

function emailInUse(_: NoData, origin: string): EmailContent {
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

function emailChanged(message: { firstName: Greeting; newEmail: string }, origin: string): EmailContent {
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

export const ACCOUNT_EMAILS = {
  "registration-received": {
    to: "owner",
    reason: "Someone registered a FACETS account with this address.",
    content: registrationReceived,
  },
  "registration-attempted": {
    to: "owner",
    reason: "Someone tried to register a FACETS account with the address of yours.",
    content: registrationAttempted,
  },
  "account-approved": {
    to: "owner",
    reason: "An administrator approved your FACETS account.",
    content: accountApproved,
  },
  "password-reset": {
    to: "owner",
    reason: "Someone asked to reset the password of your FACETS account.",
    content: passwordReset,
  },
  "password-changed": {
    to: "owner",
    reason: "The password of your FACETS account was changed.",
    content: passwordChanged,
  },
  "email-change-requested": {
    to: "address",
    reason: "Someone signed in to your FACETS account asked to move it away from this address.",
    content: emailChangeRequested,
  },
  "email-change-link": {
    to: "address",
    reason: "Someone asked to move a FACETS account to this address.",
    content: emailChangeLink,
  },
  "email-in-use": {
    to: "address",
    reason: "Someone asked to move a FACETS account to this address, which an account already uses.",
    content: emailInUse,
  },
  "email-changed": {
    to: "address",
    reason: "Your FACETS account moved away from this address.",
    content: emailChanged,
  },
} satisfies MailKindTable;
