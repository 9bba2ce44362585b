import { eq, type SQL, sql } from "drizzle-orm";
import { codeAttempts } from "../../../db/schema";
import { type ClientScope, clientIn, clientOfCaller, networkOf } from "../client-address";
import type { Database } from "../db.server";
import { insertMailEventWhere, mailEventRow, publishMailEvents } from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { CODE_LIMITS } from "./code-limits";

// The limits on wrong second-factor codes (docs/decisions/094-wrong-codes-per-client.md, 130). Every code
// tried is a row of code_attempts, claimed before the code is tried by one INSERT that checks the limits in
// the same statement: five wrong codes of a budget from one client in 15 minutes hold that client only, so
// a stranger with the password cannot lock the owner out; a hundred in a day hold every client (NIST SP
// 800-63B's ceiling). Authenticator codes and recovery codes keep separate budgets. A claim counts as a
// wrong code unless it is settled as right, so a request that dies after trying its code still counts it.
// A second-factor success from a client clears that client's count; a new password clears every count.
// The first wrong code of a streak, and every lockout, is emailed to the owner, decided by statements of
// their own on these rows. The audit log records each try too, but no limit reads it.

export type CodeKind = "totp" | "recovery-code";

/** The failed entry a wrong code of this kind writes, at a sign-in or at "Confirm it's you". */
export function failureAction(
  kind: CodeKind,
  action: "sign-in-code" | "reauthenticated",
): "sign-in-code" | "reauthenticated" | "sign-in-recovery-code" | "reauthenticated-recovery-code" {
  if (kind === "totp") return action;
  return action === "sign-in-code" ? "sign-in-recovery-code" : "reauthenticated-recovery-code";
}

/** Six digits are an authenticator code; anything else is taken as a recovery code. */
export function codeKindOf(code: string): CodeKind {
  return /^\d{6}$/.test(code) ? "totp" : "recovery-code";
}

/** The warning emails a wrong code set off, as bits of its row's `notices`. */
const NOTICE = { streak: 1, clientHeld: 2, accountHeld: 4 } as const;

/** Rows older than this go with the account's next claim: every window and every notice is shorter. */
const KEPT_SECONDS = 2 * CODE_LIMITS.accountWindowSeconds;

/** SQL of the start of a window of `seconds` ending now, never before the password's last change. */
function windowStartSql(userId: number, seconds: number) {
  return sql`max(unixepoch() - ${seconds}, coalesce((SELECT password_changed_at FROM users WHERE id = ${userId}), 0))`;
}

/** SQL of the id of the account's (or one client's, or one network's) newest second-factor success; 0 for none. */
function lastSuccessSql(userId: number, scope?: ClientScope) {
  const ofClient = scope ? sql` AND ${clientIn(scope)}` : sql``;
  return sql`coalesce((SELECT max(id) FROM code_attempts WHERE user_id = ${userId} AND succeeded = 1${ofClient}), 0)`;
}

/**
 * SQL counting the wrong codes (and claims not yet settled) of a budget: from one client (or one network)
 * in the last 15 minutes since its last success, or from every client in the last day; with `upTo`, only
 * up to that row.
 */
function wrongCodesSql(userId: number, kind: CodeKind, scope: ClientScope | "account", upTo?: number): SQL {
  const until = upTo === undefined ? sql`` : sql` AND id <= ${upTo}`;
  if (scope === "account") {
    return sql`(SELECT count(*) FROM code_attempts WHERE user_id = ${userId} AND kind = ${kind} AND succeeded = 0
      AND started_at > ${windowStartSql(userId, CODE_LIMITS.accountWindowSeconds)}${until})`;
  }
  return sql`(SELECT count(*) FROM code_attempts WHERE user_id = ${userId} AND kind = ${kind} AND succeeded = 0
    AND ${clientIn(scope)} AND id > ${lastSuccessSql(userId, scope)}
    AND started_at > ${windowStartSql(userId, CODE_LIMITS.clientWindowSeconds)}${until})`;
}

/**
 * Claims the try of one code of this kind for this account from this client: the claim's id, or null when
 * the client or the account is held. One INSERT counts and claims, so of codes sent at once no more are
 * tried than the limits allow, and none is lost: D1 runs one statement at a time.
 */
export async function startCodeAttempt(
  db: Database,
  userId: number,
  kind: CodeKind,
  caller: Caller,
): Promise<number | null> {
  const client = clientOfCaller(caller);
  const network = networkOf(client);
  const withinNetwork = network
    ? sql` AND ${wrongCodesSql(userId, kind, { network })} < ${CODE_LIMITS.perNetwork}`
    : sql``;
  const [, claimed] = await db.batch([
    db.delete(codeAttempts).where(sql`user_id = ${userId} AND started_at < unixepoch() - ${KEPT_SECONDS}`),
    // The selected values follow the table's columns: id, user_id, kind, client, started_at, succeeded, notices.
    db
      .insert(codeAttempts)
      .select(
        sql`SELECT NULL, ${userId}, ${kind}, ${client}, unixepoch(), 0, 0
          WHERE ${wrongCodesSql(userId, kind, { client })} < ${CODE_LIMITS.perClient}${withinNetwork}
          AND ${wrongCodesSql(userId, kind, "account")} < ${CODE_LIMITS.perAccount}`,
      )
      .returning({ id: codeAttempts.id }),
  ]);
  return claimed[0]?.id ?? null;
}

/** Settles a claim whose code was right: it counts no more, and clears its client's count. */
export async function endCodeAttempt(db: Database, attemptId: number): Promise<void> {
  await db.update(codeAttempts).set({ succeeded: true }).where(eq(codeAttempts.id, attemptId));
}

/** A passkey's success (a sign-in or "Confirm it's you"): like a right code, it clears its client's count. */
export async function recordPasskeySuccess(db: Database, userId: number, caller: Caller): Promise<void> {
  await db
    .insert(codeAttempts)
    .values({ userId, kind: "passkey", client: clientOfCaller(caller), succeeded: true });
}

/**
 * The emails a wrong code (its claim, `attemptId`, stays counted) sets off, each marked on its row and
 * stored in one statement that sees every other code's marks, so two wrong codes at once cannot both (or
 * neither) be the first of a streak or the one that holds a client: the first wrong code since the
 * account's last success (someone has the password; once a day at most), the one that holds the whole
 * account (once a day), else the one that holds its client (once a day per client and budget, since that
 * client's last success). Written apart from the audit entry, before it.
 */
export async function reportWrongCode(
  deps: Deps,
  caller: Caller,
  userId: number,
  kind: CodeKind,
  attemptId: number,
): Promise<void> {
  const client = clientOfCaller(caller);
  const { db } = deps;
  const day = CODE_LIMITS.accountWindowSeconds;
  const mark = (bit: number, condition: SQL) =>
    db
      .update(codeAttempts)
      .set({ notices: sql`notices | ${bit}` })
      .where(sql`id = ${attemptId} AND ${condition}`);
  const noticed = (bit: number, extra: SQL) =>
    sql`NOT EXISTS (SELECT 1 FROM code_attempts WHERE user_id = ${userId} AND (notices & ${bit}) <> 0${extra})`;
  const ifMarked = sql`changes() = 1`;
  const account = wrongCodesSql(userId, kind, "account", attemptId);
  const [, streak, , accountHeld, , clientHeld] = await db.batch([
    mark(
      NOTICE.streak,
      noticed(
        NOTICE.streak,
        sql` AND id > ${lastSuccessSql(userId)} AND started_at > ${windowStartSql(userId, day)}`,
      ),
    ),
    insertMailEventWhere(db, mailEventRow("second-factor-wrong-code", userId), ifMarked),
    mark(
      NOTICE.accountHeld,
      sql`${account} >= ${CODE_LIMITS.perAccount} AND ${noticed(NOTICE.accountHeld, sql` AND started_at > unixepoch() - ${day}`)}`,
    ),
    insertMailEventWhere(db, mailEventRow("second-factor-locked-account", userId), ifMarked),
    mark(
      NOTICE.clientHeld,
      sql`${wrongCodesSql(userId, kind, { client }, attemptId)} >= ${CODE_LIMITS.perClient}
        AND ${account} < ${CODE_LIMITS.perAccount}
        AND ${noticed(
          NOTICE.clientHeld,
          sql` AND kind = ${kind} AND client IS ${client} AND id > ${lastSuccessSql(userId, { client })} AND started_at > unixepoch() - ${day}`,
        )}`,
    ),
    insertMailEventWhere(db, mailEventRow("second-factor-locked-client", userId), ifMarked),
  ]);
  const mail = [...streak, ...accountHeld, ...clientHeld];
  if (mail.length > 0) deps.waitUntil(publishMailEvents(deps.env, mail));
}
