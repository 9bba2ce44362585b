// Texts that both the server and the pages show about accounts.

export const LOGIN_FAILED_MESSAGE = "Invalid credentials or account not approved";
export const REGISTERED_MESSAGE =
  "Your account has been created. Please wait for admin approval before you can log in.";
export const RESET_LINK_SENT_MESSAGE = "If an account exists for that address, we have sent a link.";
export const LINK_INVALID_MESSAGE = "This link is invalid or has expired.";

/** The answer to a change of address, the same for every new address, free or taken. */
export const EMAIL_CHANGE_SENT =
  "We sent a link to the new address. Your address changes when you open it (within an hour).";

/** The answer of /privacy/request, the same for every address. */
export const PRIVACY_REQUEST_SENT =
  "If we hold anything about that address, we have sent it an email. Any link in it works for an hour.";

/** A privacy link whose address has since become an approved, active account's. */
export const PRIVACY_LINK_ACCOUNT_ACTIVE =
  "This address now has an active account, so this link no longer works. Sign in and use My account to download a copy of your data or delete your account.";

/** The toast of any account form over its rate limit. */
export const TOO_MANY_ATTEMPTS = {
  title: "Too many attempts",
  description: "Please wait a minute and try again.",
  variant: "destructive",
} as const;

/** The token of an emailed link (`?token=`), bounded; the operation checks it. */
export function linkTokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
}

/** A sign-in's second step after its ticket (5 minutes) ran out. */
export const SIGN_IN_EXPIRED_MESSAGE = "Your sign-in has expired. Sign in again.";

/** The refusal at every admin door to an administrator without a second factor. */
export const SET_UP_SECOND_FACTOR_MESSAGE = "Set up a second factor first";

/** The refusal of an action that needs an authentication within the last 10 minutes. */
export const CONFIRM_ITS_YOU_MESSAGE = "Confirm it's you";

/** Where a person sets up and manages their second factors. */
export const SECURITY_PATH = "/account/security";

/** Why a password reset keeps the passkeys of any account whose only second factor they are. */
export const PASSKEYS_MUST_STAY =
  "These passkeys are your account's only second factor, so a password reset keeps them: a reset link alone cannot take a second factor away. To remove them, sign in (with a passkey or a recovery code) and remove them on your Sign-in security page, or ask an administrator to reset your second factors.";

/** The refusal of enrolment, after an administrator reset the account's second factors, until the link is opened. */
/** An address does not change while an account's second factors are being set up again after a reset. */
export const EMAIL_CHANGE_AFTER_RESET =
  "Your second factors were reset: set one up again, with the link we emailed you, before you change your address.";

export const ENROLMENT_LINK_FIRST_MESSAGE =
  "Open the link we emailed you to set up a second factor (in this browser, signed in)";

/** The answer to the wrong password (or passkey) at "Confirm it's you" or an account form that ended the session. */
export const SIGNED_OUT_AFTER_WRONG_PASSWORDS =
  "Too many wrong passwords: you have been signed out. Sign in again to go on.";

/** The answer to a passkey's response that names no live challenge of ours (none asked, spent, expired). */
export const NO_PASSKEY_CHALLENGE = "This passkey check has expired or was already used. Please try again.";

/** The answer to a confirmation of an authenticator app that is on already (a second click, another tab). */
export const TOTP_ALREADY_ON = "Your authenticator app is already on.";
