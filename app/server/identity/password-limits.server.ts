import { type SQL, sql } from "drizzle-orm";
import { confirmFailures, sessions, signInFailures } from "../../../db/schema";
import { type ClientScope, clientIn, clientOfCaller, networkOf } from "../client-address";
import type { Database } from "../db.server";
import { insertMailEventWhere, mailEventRow, publishMailEvents } from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import type { SessionInfo } from "../session-user";
import { PASSWORD_LIMITS } from "./password-limits";

// The limits on wrong passwords, counted by small writes of their own (never read from the audit log):
// - at sign-in, per account and client (docs/decisions/131): ten failed sign-ins of an account from one
//   client in 15 minutes hold that client for that account; a hundred from every client within the hour
//   hold every client that failed in that hour, and none that did not, so a stranger cannot keep the
//   owner's right password out. A held client is answered like a wrong password, after the same work.
// - at "Confirm it's you" and the account forms, per account (docs/decisions/132): after ten wrong
//   passwords since the last right one, the session that guessed is ended, and so is each later one that
//   guesses wrong, until a right password. Each password is claimed before it is checked (decision 142):
//   past ten, only a session's first is checked, so requests sent at once check no more than ten.

/** Sign-in rows older than this go with the account's next claim: every window and notice is shorter. */
const KEPT_SECONDS = 24 * 60 * 60;

/** SQL of the start of a window of `seconds` ending now, never before the password's last change. */
function windowStartSql(userId: number, seconds: number) {
  return sql`max(unixepoch() - ${seconds}, coalesce((SELECT password_changed_at FROM users WHERE id = ${userId}), 0))`;
}

/** SQL counting the account's failed sign-ins in a window, from one client, one network or every one. */
function failuresSql(userId: number, seconds: number, scope?: ClientScope): SQL {
  const fromClient = scope ? sql` AND ${clientIn(scope)}` : sql``;
  return sql`(SELECT count(*) FROM sign_in_failures WHERE user_id = ${userId}${fromClient}
    AND at > ${windowStartSql(userId, seconds)})`;
}

/** SQL that is true while this client (or the network it is in) is held for this account. */
function heldSql(userId: number, client: string | null): SQL {
  const { perClient, perNetwork, clientWindowSeconds, perAccount, accountWindowSeconds } = PASSWORD_LIMITS;
  const network = networkOf(client);
  const networkHeld = network
    ? sql` OR ${failuresSql(userId, clientWindowSeconds, { network })} >= ${perNetwork}`
    : sql``;
  return sql`(${failuresSql(userId, clientWindowSeconds, { client })} >= ${perClient}${networkHeld}
    OR (${failuresSql(userId, accountWindowSeconds)} >= ${perAccount}
      AND ${failuresSql(userId, accountWindowSeconds, { client })} >= 1))`;
}

/**
 * Claims the check of a password for this account from this client: the claim's id, or null when the
 * client is held. The claim is a failed sign-in until `settleRightPassword` deletes it, so a request that
 * fails after the check still counts; one INSERT checks the holds and claims, so passwords sent at once are
 * checked no further than the limits allow.
 */
export async function claimPasswordCheck(
  db: Database,
  userId: number,
  caller: Caller,
): Promise<number | null> {
  const client = clientOfCaller(caller);
  const [, claimed] = await db.batch([
    db.delete(signInFailures).where(sql`user_id = ${userId} AND at < unixepoch() - ${KEPT_SECONDS}`),
    // The selected values follow the table's columns: id, user_id, client, factor, at.
    db
      .insert(signInFailures)
      .select(
        sql`SELECT NULL, ${userId}, ${client}, 'password', unixepoch() WHERE NOT ${heldSql(userId, client)}`,
      )
      .returning({ id: signInFailures.id }),
  ]);
  return claimed[0]?.id ?? null;
}

/** A right password: its claim and every earlier failure of its client for this account count no more. */
export async function settleRightPassword(db: Database, userId: number, caller: Caller): Promise<void> {
  await db.delete(signInFailures).where(sql`user_id = ${userId} AND client IS ${clientOfCaller(caller)}`);
}

/** A failed passkey sign-in with one of the account's passkeys: a failed sign-in of its own. */
export async function recordFailedPasskeySignIn(db: Database, userId: number, caller: Caller): Promise<void> {
  await db.insert(signInFailures).values({ userId, client: clientOfCaller(caller), factor: "passkey" });
}

/**
 * After a wrong password, or a refusal: when a client is held for the account, tells the owner, once a
 * day (and again after a new password), in one statement that sees every other request's email.
 */
export async function noticeHeldSignIns(deps: Deps, userId: number, caller: Caller): Promise<void> {
  const client = clientOfCaller(caller);
  const event = mailEventRow("password-held", userId);
  const stored = await insertMailEventWhere(
    deps.db,
    event,
    sql`${heldSql(userId, client)} AND NOT EXISTS (SELECT 1 FROM mail_events WHERE type = 'password-held'
      AND subject_id = ${userId} AND created_at > ${windowStartSql(userId, 24 * 60 * 60)})`,
  );
  if (stored.length > 0) deps.waitUntil(publishMailEvents(deps.env, stored));
}

/** What a claim of a confirmation found: the count it made, and whether the password may be checked. */
export interface ConfirmClaim {
  /** Wrong passwords (and failed passkey checks) since the last right one, this claim included. */
  failures: number;
  /**
   * Whether the password (or passkey) is checked at all: while the count is within the limit, and past it
   * only for a session's first claim (so the owner, signed in again, can still confirm); never when the
   * session is gone. A claim that is not checked is refused after the same hash work, whatever it sent.
   */
  check: boolean;
}

function sessionRowSql(session: SessionInfo): SQL {
  const token = session.tokenHash ? sql` AND token_hash = ${session.tokenHash}` : sql``;
  return sql`id = ${session.sessionId} AND user_id = ${session.userId}${token}`;
}

/**
 * Claims the check of a password (or passkey) about to be made at "Confirm it's you" or an account form,
 * in one batch that cannot collide with another request: the account's count of wrong ones is raised (it
 * stays raised unless the confirmation succeeds, so a request that fails after the check still counts it;
 * rows older than the password's last change count from 1), and so are the session's own claims. Requests
 * sent at once get counts one after the other, so no more passwords are checked than the limit allows.
 */
export async function claimConfirmation(
  db: Database,
  userId: number,
  session: SessionInfo | null,
): Promise<ConfirmClaim> {
  const counted = db
    .insert(confirmFailures)
    .values({ userId, failures: 1 })
    .onConflictDoUpdate({
      target: confirmFailures.userId,
      set: {
        failures: sql`CASE WHEN ${confirmFailures.lastFailedAt} <= coalesce((SELECT password_changed_at FROM users WHERE id = ${userId}), 0) THEN 1 ELSE ${confirmFailures.failures} + 1 END`,
        lastFailedAt: sql`unixepoch()`,
      },
    })
    .returning({ failures: confirmFailures.failures });
  if (!session) {
    const [row] = await counted;
    return { failures: row?.failures ?? 1, check: false };
  }
  const [[row], claimed] = await db.batch([
    counted,
    db
      .update(sessions)
      .set({ confirmClaims: sql`${sessions.confirmClaims} + 1` })
      .where(sessionRowSql(session))
      .returning({ claims: sessions.confirmClaims }),
  ]);
  const failures = row?.failures ?? 1;
  const claims = claimed[0]?.claims;
  const withinLimit = failures <= PASSWORD_LIMITS.confirmBeforeSignOut;
  return { failures, check: claims !== undefined && (withinLimit || claims === 1) };
}

/**
 * The statement that starts the count again after a right confirmation, only while the session that
 * confirmed still exists under `tokenHash` (run it in the batch that renews the session, after the renewal,
 * with the new token's hash): a session ended meanwhile confirmed nothing, and clears nothing.
 */
export function clearConfirmFailuresStatement(db: Database, session: SessionInfo, tokenHash?: string) {
  const under = { ...session, tokenHash: tokenHash ?? session.tokenHash };
  return db
    .delete(confirmFailures)
    .where(
      sql`${confirmFailures.userId} = ${session.userId} AND EXISTS (SELECT 1 FROM sessions WHERE ${sessionRowSql(under)})`,
    );
}

/**
 * A right password at an account form that renews no session: the count starts again, in one batch with
 * the check that the session still exists. False when it does not (it ended meanwhile): the password is
 * then answered like a wrong one.
 */
export async function clearConfirmFailuresIfSignedIn(db: Database, session: SessionInfo): Promise<boolean> {
  const [found] = await db.batch([
    db.select({ id: sessions.id }).from(sessions).where(sessionRowSql(session)),
    clearConfirmFailuresStatement(db, session),
  ]);
  return found.length > 0;
}

/** Whether this many wrong confirmations end the session that made the last of them. */
export function endsTheSession(failures: number): boolean {
  return failures >= PASSWORD_LIMITS.confirmBeforeSignOut;
}
