import type { Database } from "../db.server";
import type { Caller } from "../deps";
import {
  confirmItsYouFirst,
  done,
  forbidden,
  type Outcome,
  setUpSecondFactorFirst,
  unauthenticated,
} from "../outcome";
import type { SignedInUser } from "../session-user";
import { findSignedInUser } from "./users.server";

// Who the caller is, read from D1 and never from the KV session alone: the session must still exist there
// and the account be approved and active. Operations ask through `guarded` (guarded.server.ts).

/** An authentication within this long counts as recent ("Confirm it's you"). */
export const RECENT_AUTHENTICATION_SECONDS = 10 * 60;

export function isRecentlyAuthenticated(user: SignedInUser, now = Date.now() / 1000): boolean {
  return user.authenticatedAt !== null && now - user.authenticatedAt <= RECENT_AUTHENTICATION_SECONDS;
}

/** The caller as D1 knows them, or unauthenticated (no session, an ended one, a deactivated account). */
export async function requireSignedIn(db: Database, caller: Caller): Promise<Outcome<SignedInUser>> {
  if (!caller.session) return unauthenticated;
  const user = await findSignedInUser(db, caller.session);
  return user ? done(user) : unauthenticated;
}

/** The signed-in caller if they authenticated within the last 10 minutes, or why not. */
export async function requireRecentAuthentication(
  db: Database,
  caller: Caller,
): Promise<Outcome<SignedInUser>> {
  const me = await requireSignedIn(db, caller);
  if (me.kind !== "done") return me;
  return isRecentlyAuthenticated(me.value) ? me : confirmItsYouFirst;
}

/**
 * The caller as an administrator, or why not: an administrator without a second factor is refused at every
 * admin door until they set one up.
 */
export async function requireAdmin(db: Database, caller: Caller): Promise<Outcome<SignedInUser>> {
  const me = await requireSignedIn(db, caller);
  if (me.kind !== "done") return me;
  if (!me.value.isAdmin) return forbidden;
  return me.value.hasSecondFactor ? me : setUpSecondFactorFirst;
}
