import type { AccountAction } from "./account-activity";

// What /account calls each event of a person's own activity, as [it worked, it failed]. A Record over every
// action, so a new action cannot reach the page as its bare identifier.
const LABELS: Record<AccountAction, [string, string]> = {
  "sign-in": ["Signed in", "Sign-in failed"],
  "sign-out": ["Signed out", "Sign-out failed"],
  "session-ended": ["A session was signed out", "A session could not be signed out"],
  "other-sessions-ended": ["Every other session was signed out", "Sessions could not be signed out"],
  "profile-changed": ["Profile changed", "Profile change failed"],
  "password-changed": ["Password changed", "Password change refused: wrong current password"],
  "email-change-requested": [
    "Change of email address requested",
    "Change of email address refused: wrong password",
  ],
  "email-changed": ["Email address changed", "Email address change failed"],
  "data-exported": ["Copy of your data downloaded", "Copy of your data failed"],
  "account-deleted": ["Account deleted", "Account deletion refused: wrong password"],
  "data-erased": ["Data erased", "Data erasure failed"],
  "user-approved": ["Account approved", "Approval failed"],
  "user-rejected": ["Account rejected", "Rejection failed"],
  "user-deactivated": ["Account deactivated", "Deactivation failed"],
  "user-reactivated": ["Account reactivated", "Reactivation failed"],
  "contact-processed": ["Contact message marked processed", "Marking a contact message failed"],
  "sign-in-code": ["Signed in with an authenticator code", "Sign-in refused: wrong code"],
  "sign-in-recovery-code": ["Signed in with a recovery code", "Sign-in refused: wrong recovery code"],
  "sign-in-passkey": ["Signed in with a passkey", "Sign-in with a passkey failed"],
  "sign-in-locked-out": ["Code refused after too many wrong ones", "Code refused after too many wrong ones"],
  "sign-in-held": [
    "Sign-in refused after too many wrong passwords from that address",
    "Sign-in refused after too many wrong passwords from that address",
  ],
  reauthenticated: ["Confirmed it was you", "Confirmation failed"],
  "reauthenticated-password": ["Confirmed it was you", "Confirmation refused: wrong password"],
  "reauthenticated-recovery-code": [
    "Confirmed it was you with a recovery code",
    "Confirmation refused: wrong recovery code",
  ],
  "reauthenticated-passkey": ["Confirmed it was you with a passkey", "Confirmation with a passkey failed"],
  "signed-out-after-wrong-passwords": [
    "Signed out after too many wrong passwords",
    "Signed out after too many wrong passwords",
  ],
  "totp-enabled": ["Authenticator app turned on", "Authenticator app not turned on: wrong code"],
  "totp-removed": ["Authenticator app removed", "Authenticator app removal failed"],
  "passkey-added": ["Passkey added", "Passkey not added"],
  "passkey-removed": ["Passkey removed", "Passkey removal failed"],
  "recovery-codes-generated": ["New recovery codes made", "New recovery codes failed"],
  "second-factors-reset": ["Second factors reset", "Second factor reset failed"],
  "sessions-ended": ["Signed out everywhere", "Signing out everywhere failed"],
  "audit-exported": ["Audit log exported", "Audit log export failed"],
  "passkey-counter-decreased": [
    "A passkey's signature counter went back",
    "Passkey refused: its signature counter went back, so it may have been copied",
  ],
  "passkeys-removed-at-reset": [
    "Passkeys removed when the password was reset",
    "Passkeys not removed when the password was reset",
  ],
  "audit-pruned": ["Audit log entries past their retention removed", "Audit log pruning failed"],
  "passkey-removed-by-link": [
    "Passkey removed with the link in its email, signed out everywhere",
    "Passkey not removed with its email's link: wrong password",
  ],
  "confirmation-not-checked": [
    "Password not checked: too many wrong passwords",
    "Password not checked: too many wrong passwords, or the session had ended",
  ],
  "totp-removed-by-link": [
    "Authenticator app removed with the link in its email, signed out everywhere",
    "Authenticator app not removed with its email's link: wrong password",
  ],
};

/** An event of the person's own list, named; whose account, when it was not only theirs. */
export function ownEventLabel(event: {
  action: string;
  outcome: string;
  byAnother: boolean;
  onAnother: boolean;
}): string {
  const labels = LABELS[event.action as AccountAction];
  const label = labels ? labels[event.outcome === "success" ? 0 : 1] : event.action;
  if (event.byAnother) return `${label}, by an administrator`;
  if (event.onAnother) return `${label} (another person's account)`;
  return label;
}
