// What a person's own account activity shows, shared by the domain that reads it (app/server) and the
// screens that show it: an entry as its person sees it (its actions: audit-actions.ts), and a session.

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
