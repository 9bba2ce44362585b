// Every action the audit log (account_events) records, declared once: what a person's own Activity calls
// an entry of it, as [it worked, it failed], and what its subject id names, which also says who sees the
// entry. The administrators' Activity tab (and its CSV export) shows every entry. A person's Activity on
// /account, and the copy of their data, shows the entries they acted in, and those whose subject is their
// account. The action names type (AuditAction) is this table's keys: the server writes entries through
// auditEntry (app/server/audit/account-events.server.ts), which takes no other name.

/** What an entry's subject id names. */
export type AuditSubject =
  /** An account: its owner sees the entry as theirs; the Activity tab names it by address and number. */
  | "account"
  /** Something that is no one's account, which the Activity tab names by this word and its number. */
  | { readonly named: string }
  /** Nothing: the entry has no subject. */
  | "none";

export interface AuditActionDeclaration {
  /** What a person's own Activity calls an entry: [it worked, it failed]. */
  readonly labels: readonly [worked: string, failed: string];
  readonly subject: AuditSubject;
}

export const AUDIT_ACTIONS = {
  "sign-in": {
    labels: ["Signed in", "Sign-in failed"],
    subject: "account",
  },
  "sign-out": {
    labels: ["Signed out", "Sign-out failed"],
    subject: "account",
  },
  "session-ended": {
    labels: ["A session was signed out", "A session could not be signed out"],
    subject: "account",
  },
  "other-sessions-ended": {
    labels: ["Every other session was signed out", "Sessions could not be signed out"],
    subject: "account",
  },
  "profile-changed": {
    labels: ["Profile changed", "Profile change failed"],
    subject: "account",
  },
  "password-changed": {
    labels: ["Password changed", "Password change refused: wrong current password"],
    subject: "account",
  },
  "email-change-requested": {
    labels: ["Change of email address requested", "Change of email address refused: wrong password"],
    subject: "account",
  },
  "email-changed": {
    labels: ["Email address changed", "Email address change failed"],
    subject: "account",
  },
  "data-exported": {
    labels: ["Copy of your data downloaded", "Copy of your data failed"],
    subject: "account",
  },
  "account-deleted": {
    labels: ["Account deleted", "Account deletion refused: wrong password"],
    subject: "account",
  },
  "data-erased": {
    labels: ["Data erased", "Data erasure failed"],
    subject: "account",
  },
  "user-approved": {
    labels: ["Account approved", "Approval failed"],
    subject: "account",
  },
  "user-rejected": {
    labels: ["Account rejected", "Rejection failed"],
    subject: "account",
  },
  "user-deactivated": {
    labels: ["Account deactivated", "Deactivation failed"],
    subject: "account",
  },
  "user-reactivated": {
    labels: ["Account reactivated", "Reactivation failed"],
    subject: "account",
  },
  "contact-processed": {
    labels: ["Contact message marked processed", "Marking a contact message failed"],
    subject: { named: "Contact message" },
  },
  "contact-waiting": {
    labels: ["Contact message marked waiting on the applicant", "Marking a contact message failed"],
    subject: { named: "Contact message" },
  },
  "contact-spam": {
    labels: ["Contact message marked spam", "Marking a contact message failed"],
    subject: { named: "Contact message" },
  },
  "contact-reopened": {
    labels: ["Contact message opened again", "Opening a contact message again failed"],
    subject: { named: "Contact message" },
  },
  "contact-claimed": {
    labels: ["Contact message taken", "Taking a contact message failed"],
    subject: { named: "Contact message" },
  },
  "contact-released": {
    labels: ["Contact message let go", "Letting a contact message go failed"],
    subject: { named: "Contact message" },
  },
  "content-published": {
    labels: ["Content published", "Publishing content failed"],
    subject: { named: "Content version" },
  },
  "content-scheduled": {
    labels: ["Content scheduled for publishing", "Scheduling content failed"],
    subject: { named: "Content version" },
  },
  "content-schedule-cancelled": {
    labels: ["Scheduled content cancelled", "Cancelling scheduled content failed"],
    subject: { named: "Content version" },
  },
  "content-rolled-back": {
    labels: ["Content rolled back to an earlier version", "Rolling content back failed"],
    subject: { named: "Content version" },
  },
  "message-replied": {
    labels: ["Reply sent to a contact message", "Replying to a contact message failed"],
    subject: { named: "Contact message" },
  },
  "sign-in-code": {
    labels: ["Signed in with an authenticator code", "Sign-in refused: wrong code"],
    subject: "account",
  },
  "sign-in-recovery-code": {
    labels: ["Signed in with a recovery code", "Sign-in refused: wrong recovery code"],
    subject: "account",
  },
  "sign-in-passkey": {
    labels: ["Signed in with a passkey", "Sign-in with a passkey failed"],
    subject: "account",
  },
  "sign-in-locked-out": {
    labels: ["Code refused after too many wrong ones", "Code refused after too many wrong ones"],
    subject: "account",
  },
  "sign-in-held": {
    labels: [
      "Sign-in refused after too many wrong passwords from that address",
      "Sign-in refused after too many wrong passwords from that address",
    ],
    subject: "account",
  },
  reauthenticated: {
    labels: ["Confirmed it was you", "Confirmation failed"],
    subject: "account",
  },
  "reauthenticated-password": {
    labels: ["Confirmed it was you", "Confirmation refused: wrong password"],
    subject: "account",
  },
  "reauthenticated-recovery-code": {
    labels: ["Confirmed it was you with a recovery code", "Confirmation refused: wrong recovery code"],
    subject: "account",
  },
  "reauthenticated-passkey": {
    labels: ["Confirmed it was you with a passkey", "Confirmation with a passkey failed"],
    subject: "account",
  },
  "signed-out-after-wrong-passwords": {
    labels: ["Signed out after too many wrong passwords", "Signed out after too many wrong passwords"],
    subject: "account",
  },
  "totp-enabled": {
    labels: ["Authenticator app turned on", "Authenticator app not turned on: wrong code"],
    subject: "account",
  },
  "totp-removed": {
    labels: ["Authenticator app removed", "Authenticator app removal failed"],
    subject: "account",
  },
  "passkey-added": {
    labels: ["Passkey added", "Passkey not added"],
    subject: "account",
  },
  "passkey-removed": {
    labels: ["Passkey removed", "Passkey removal failed"],
    subject: "account",
  },
  "recovery-codes-generated": {
    labels: ["New recovery codes made", "New recovery codes failed"],
    subject: "account",
  },
  "second-factors-reset": {
    labels: ["Second factors reset", "Second factor reset failed"],
    subject: "account",
  },
  "sessions-ended": {
    labels: ["Signed out everywhere", "Signing out everywhere failed"],
    subject: "account",
  },
  "audit-exported": {
    labels: ["Audit log exported", "Audit log export failed"],
    subject: "none",
  },
  "passkey-counter-decreased": {
    labels: [
      "A passkey's signature counter went back",
      "Passkey refused: its signature counter went back, so it may have been copied",
    ],
    subject: "account",
  },
  "passkeys-removed-at-reset": {
    labels: [
      "Passkeys removed when the password was reset",
      "Passkeys not removed when the password was reset",
    ],
    subject: "account",
  },
  "audit-pruned": {
    labels: ["Audit log entries past their retention removed", "Audit log pruning failed"],
    subject: { named: "Entries through" },
  },
  "passkey-removed-by-link": {
    labels: [
      "Passkey removed with the link in its email, signed out everywhere",
      "Passkey not removed with its email's link: wrong password",
    ],
    subject: "account",
  },
  "confirmation-not-checked": {
    labels: [
      "Password not checked: too many wrong passwords",
      "Password not checked: too many wrong passwords, or the session had ended",
    ],
    subject: "account",
  },
  "totp-removed-by-link": {
    labels: [
      "Authenticator app removed with the link in its email, signed out everywhere",
      "Authenticator app not removed with its email's link: wrong password",
    ],
    subject: "account",
  },
  "staff-notifications-chosen": {
    labels: ["Notification of new messages and registrations changed", "Notification change failed"],
    subject: "account",
  },
} as const satisfies Record<string, AuditActionDeclaration>;

/** Every action an entry can record. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The actions whose subject is an account (unless named, the actor's own). */
export type ActionOnAnAccount = {
  [A in AuditAction]: (typeof AUDIT_ACTIONS)[A]["subject"] extends "account" ? A : never;
}[AuditAction];

export type AuditOutcome = "success" | "failure";

/** Every action, in the table's order; the Activity tab filters by them. */
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

function declarationOf(action: string): AuditActionDeclaration | undefined {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : undefined;
}

/** Whether an entry of this action names an account as its subject (taken so for a name not declared). */
export function subjectIsAccount(action: string): boolean {
  const declared = declarationOf(action);
  return declared === undefined || declared.subject === "account";
}

/** The actions whose subject id is not an account's: a contact message's id may equal a person's. */
export const ACTIONS_WITHOUT_AN_ACCOUNT_SUBJECT = AUDIT_ACTION_NAMES.filter(
  (action) => !subjectIsAccount(action),
);

/** How the Activity tab names a subject that is not an account ("Contact message 12"); null for an account. */
export function namedSubject(action: string, subjectId: number): string | null {
  const subject = declarationOf(action)?.subject;
  return typeof subject === "object" ? `${subject.named} ${subjectId}` : null;
}

/** An event of the person's own list, named; whose account, when it was not only theirs. */
export function ownEventLabel(event: {
  action: string;
  outcome: string;
  byAnother: boolean;
  onAnother: boolean;
}): string {
  const labels = declarationOf(event.action)?.labels;
  const label = labels ? labels[event.outcome === "success" ? 0 : 1] : event.action;
  if (event.byAnother) return `${label}, by an administrator`;
  if (event.onAnother) return `${label} (another person's account)`;
  return label;
}
