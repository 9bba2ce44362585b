// What a person's own account activity shows, shared by the domain that reads it (app/server) and the
// screens that show it: the actions an audit entry can record, an entry as its person sees it, and a session.

/** Every action an entry can record; the Activity tab filters by them. */
export const ACCOUNT_ACTIONS = [
  "sign-in",
  "sign-out",
  "session-ended",
  "other-sessions-ended",
  "profile-changed",
  "password-changed",
  "email-change-requested",
  "email-changed",
  "data-exported",
  "account-deleted",
  "data-erased",
  "user-approved",
  "user-rejected",
  "user-deactivated",
  "user-reactivated",
  "contact-processed",
  "sign-in-code",
  "sign-in-recovery-code",
  "sign-in-passkey",
  "sign-in-locked-out",
  "sign-in-held",
  "reauthenticated",
  "reauthenticated-password",
  "reauthenticated-recovery-code",
  "reauthenticated-passkey",
  "signed-out-after-wrong-passwords",
  "totp-enabled",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "recovery-codes-generated",
  "second-factors-reset",
  "sessions-ended",
  "audit-exported",
  "passkey-counter-decreased",
  "passkeys-removed-at-reset",
  "audit-pruned",
  "passkey-removed-by-link",
  "confirmation-not-checked",
  "totp-removed-by-link",
] as const;

export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export interface OwnEvent {
  id: number;
  at: string;
  action: string;
  outcome: string;
  /** Done to this account by someone else (an administrator): where they were is theirs, not shown. */
  byAnother: boolean;
  /** Done by this person to another account (an administrator's action). */
  onAnother: boolean;
  ip: string | null;
  country: string | null;
  userAgent: string | null;
}

export interface ListedSession {
  id: string;
  createdAt: string;
  /**
   * When the session was last seen: now for the session asking, else when its KV record was last renewed
   * (at most an hour late for a member, 5 minutes for an administrator); never before it started.
   */
  lastSeenAt: string;
  userAgent: string | null;
  country: string | null;
  current: boolean;
}
