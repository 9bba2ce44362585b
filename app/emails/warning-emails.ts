import { PERSONAL_SUBJECTS } from "~/content/email-subjects";
import {
  type EmailContent,
  formatDuration,
  type Greeting,
  hello,
  type MailKindTable,
  siteUrl,
} from "./email-content";

// The warnings to an account's owner about someone guessing: a wrong code after the right password, codes
// refused after too many, sign-ins refused after wrong passwords.

/** What the warnings about wrong codes and passwords end with. */
const WRONG_CODE_OUTRO = "The activity list on your account page shows each attempt and where it came from.";

function secondFactorWrongCode(message: { firstName: Greeting }, origin: string): EmailContent {
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
  message: { firstName: Greeting; wrongPasswords: number; withinSeconds: number },
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
  message: {
    firstName: Greeting;
    /** One client address held, or every one. */
    scope: "client" | "account";
    wrongCodes: number;
    withinSeconds: number;
  },
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

export const WARNING_EMAILS = {
  "second-factor-wrong-code": {
    to: "owner",
    reason: "Someone typed the right password for your FACETS account, then a wrong code.",
    content: secondFactorWrongCode,
  },
  "second-factor-locked": {
    to: "owner",
    reason: "Too many wrong codes were typed for your FACETS account after its right password.",
    content: secondFactorLocked,
  },
  "password-held": {
    to: "owner",
    reason: "Too many wrong passwords were typed for your FACETS account.",
    content: passwordHeld,
  },
} satisfies MailKindTable;
