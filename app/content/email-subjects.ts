/**
 * The subject of the email a person gets for each kind of event about them, as "Your data" lists it. The
 * email itself uses the same words.
 */
export const PERSONAL_SUBJECTS = {
  "registration-received": "We received your registration",
  "registration-attempted": "Someone tried to register with your FACETS address",
  "account-approved": "Your FACETS account is approved",
  "password-reset-requested": "Reset your FACETS password",
  "password-changed": "Your FACETS password was changed",
  "email-change-requested": "Confirm your new FACETS email address",
  "email-changed": "Your FACETS email address was changed",
  "privacy-request": "What FACETS holds about you",
  "recovery-code-used": "A recovery code of your FACETS account was used",
  "second-factors-reset": "The second factors of your FACETS account were reset",
  "second-factor-wrong-code": "Someone may have your FACETS password",
  "second-factor-locked-client": "Too many wrong codes for your FACETS account",
  "second-factor-locked-account": "Codes for your FACETS account are refused for now",
  "password-held": "Wrong passwords for your FACETS account",
  "totp-enabled": "An authenticator app was turned on for your FACETS account",
  "totp-removed": "The authenticator app of your FACETS account was turned off",
  "passkey-added": "A passkey was added to your FACETS account",
  "passkey-removed": "A passkey was removed from your FACETS account",
  "passkeys-removed-at-reset": "The passkeys of your FACETS account were removed",
  "recovery-codes-generated": "New recovery codes were made for your FACETS account",
  "second-factor-enrolment-link": "Set up a second factor for your FACETS account",
} as const;
