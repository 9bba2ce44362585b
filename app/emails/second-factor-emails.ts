import { PERSONAL_SUBJECTS } from "~/content/email-subjects";
import { formatDateTime } from "~/lib/format-date";
import {
  type EmailContent,
  formatDuration,
  type Greeting,
  hello,
  type MailKindTable,
  siteUrl,
} from "./email-content";

// The emails about an account's second factors: one added or removed, a recovery code used, a reset by an
// administrator and the link that sets one up again.

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

function recoveryCodeUsed(message: { firstName: Greeting; codesLeft: number }, origin: string): EmailContent {
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
  message: { firstName: Greeting; token: string | null; validForSeconds: number },
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
  message: { firstName: Greeting; token: string; validForSeconds: number },
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
  message: {
    change: SecondFactorChange;
    firstName: Greeting;
    at: Date;
    /** A passkey added or an authenticator app turned on: the link that removes it again, while it can (decisions 121, 141). */
    removal?: FactorRemovalLink | null;
  },
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

export const SECOND_FACTOR_EMAILS = {
  "recovery-code-used": {
    to: "owner",
    reason: "A recovery code of your FACETS account was used.",
    content: recoveryCodeUsed,
  },
  "second-factors-reset": {
    to: "owner",
    reason: "An administrator reset the second factors of your FACETS account.",
    content: secondFactorsReset,
  },
  "second-factor-enrolment-link": {
    to: "owner",
    reason: "Someone signed in to your FACETS account asked for a link to set up a second factor.",
    content: secondFactorEnrolmentLink,
  },
  "second-factor-changed": {
    to: "owner",
    reason: "A second factor of your FACETS account was added or removed; every such change is emailed.",
    content: secondFactorChanged,
  },
} satisfies MailKindTable;
