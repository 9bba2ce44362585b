/** The signed-in user as D1 knows it: read on every privileged request, never trusted from KV alone. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
  isAdmin: boolean;
}

/** The signed-in user of a privileged request, with what its session and second factors say. */
export interface SignedInUser extends SessionUser {
  sessionId: string;
  /** A confirmed authenticator app or a passkey. */
  hasSecondFactor: boolean;
  /** When this session's holder last proved who they are, in Unix seconds (null: not known, so not recent). */
  authenticatedAt: number | null;
}

/**
 * What a session record in KV carries: enough for the header (docs/standards.md, Budgets: a signed-in page view reads KV
 * once and D1 never). Whatever changes a person's standing ends or rewrites their session records.
 */
export interface SessionInfo {
  /** The session's opaque id: its row in D1, which privileged requests must still find. */
  sessionId: string;
  userId: number;
  firstName: string;
  isAdmin: boolean;
  /**
   * The sha256 of the token this request presented (never stored in KV): privileged requests find the
   * session's D1 row by id and this hash, so a token replaced by "Confirm it's you" is refused at once.
   */
  tokenHash?: string;
}
