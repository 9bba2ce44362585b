import { eq, type SQL, sql } from "drizzle-orm";
import { confirmFailures, signInFailures } from "../../../db/schema";
import { clientOfCaller } from "../client-address";
import type { Database } from "../db.server";
import { insertMailEventWhere, mailEventRow, publishMailEvents } from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { PASSWORD_LIMITS } from "./password-limits";

// The limits on wrong passwords, counted by small writes of their own (never read from the audit log):
// - at sign-in, per account and client (docs/decisions/131): ten failed sign-ins of an account from one
//   client in 15 minutes hold that client for that account; a hundred from every client within the hour
//   hold every client that failed in that hour, and none that did not, so a stranger cannot keep the
//   owner's right password out. A held client is answered like a wrong password, after the same work.
// - at "Confirm it's you" and the account forms, per account (docs/decisions/132): after ten wrong
//   passwords since the last right one, the session that guessed is ended, and so is each later one that
//   guesses wrong, until a right password.

/** Sign-in rows older than this go with the account's next claim: every window and notice is shorter. */
const KEPT_SECONDS = 24 * 60 * 60;

/** SQL of the start of a window of `seconds` ending now, never before the password's last change. */
function windowStartSql(userId: number, seconds: number) {
  return sql`max(unixepoch() - ${seconds}, coalesce((SELECT password_changed_at FROM users WHERE id = ${userId}), 0))`;
}

/** SQL counting the account's failed sign-ins in a window, from one client or from every one. */
function failuresSql(userId: number, seconds: number, client?: { client: string | null }): SQL {
  const fromClient = client ? sql` AND client IS ${client.client}` : sql``;
  return sql`(SELECT count(*) FROM sign_in_failures WHERE user_id = ${userId}${fromClient}
    AND at > ${windowStartSql(userId, seconds)})`;
}

/** SQL that is true while this client is held for this account. */
function heldSql(userId: number, client: string | null): SQL {
  const { perClient, clientWindowSeconds, perAccount, accountWindowSeconds } = PASSWORD_LIMITS;
  return sql`(${failuresSql(userId, clientWindowSeconds, { client })} >= ${perClient}
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

/**
 * Counts a password about to be checked at "Confirm it's you" or an account form (cleared again if it is
 * right, so a request that fails after the check still counts it), or a failed passkey confirmation: one
 * UPSERT that cannot collide with another, the count since the last right one (and the password's last
 * change) back.
 */
export async function countConfirmFailure(db: Database, userId: number): Promise<number> {
  const [row] = await db
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
  return row?.failures ?? 1;
}

/** A right password (or passkey) at "Confirm it's you" or an account form: the count starts again. */
export async function clearConfirmFailures(db: Database, userId: number): Promise<void> {
  await db.delete(confirmFailures).where(eq(confirmFailures.userId, userId));
}

/** Whether this many wrong confirmations end the session that made the last of them. */
export function endsTheSession(failures: number): boolean {
  return failures >= PASSWORD_LIMITS.confirmBeforeSignOut;
}
