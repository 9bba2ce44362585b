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

// The emails of a person's data rights: what we hold about an address, and the last word after a deletion
// or an erasure.

function accountDeleted(_: NoData, origin: string): EmailContent {
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

function dataErased(_: NoData, origin: string): EmailContent {
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

function privacyLink(message: { token: string; validForSeconds: number }, origin: string): EmailContent {
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
function privacyUseAccount(message: { firstName: Greeting }, origin: string): EmailContent {
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

export const DATA_RIGHTS_EMAILS = {
  "account-deleted": {
    to: "address",
    reason: "You deleted your FACETS account; this address was kept only to tell you so.",
    content: accountDeleted,
  },
  "data-erased": {
    to: "address",
    reason: "You asked FACETS to erase what it held about this address; it was kept only to tell you so.",
    content: dataErased,
  },
  "privacy-link": {
    to: "address",
    reason: "Someone asked what FACETS holds about this address.",
    content: privacyLink,
  },
  "privacy-use-account": {
    to: "address",
    reason: "Someone asked what FACETS holds about this address, which belongs to an account.",
    content: privacyUseAccount,
  },
} satisfies MailKindTable;
