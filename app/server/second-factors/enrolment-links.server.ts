import { and, eq, exists, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { ENROLMENT_LINK_FIRST_MESSAGE, LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { confirmEmailSchema } from "~/lib/schemas";
import { accountTokens, mailEvents, sessions, users } from "../../../db/schema";
import type { Database } from "../db.server";
import { hashToken } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { forgetEndedSessions } from "../identity/sessions.server";
import { hasSecondFactorSql } from "../identity/users.server";
import { mailEventRow, publishMailEvents } from "../mail-outbox.server";
import { conflict, done, type Failure, invalid, type Outcome } from "../outcome";
import type { SignedInUser } from "../session-user";

// After an administrator (or `npm run admin:reset-2fa`) resets a person's second factors, the password
// alone no longer sets up a new one: whoever phished the password would enrol their own app.
// The reset's email carries a link (single use, an hour, only its sha256 in D1); opened in a signed-in
// session of that account, it lets that session, and only that one, set up a factor, and ends the account's
// other sessions (a stranger's password-only session among them). Until then every enrolment is refused, and
// an administrator stays refused at every admin door as before. The first factor set up lifts the lock, in
// the batch that stores it. /account/security can email a new link while the lock holds.

/** Where an account stands with enrolment: free, waiting for the link, or opened in this session. */
export type EnrolmentLock = "none" | "needs-link" | "link-opened";

/** Enrolment refused until the emailed link is opened in this session. */
export const enrolmentLinkFirst: Failure = { kind: "forbidden", message: ENROLMENT_LINK_FIRST_MESSAGE };

/** The lock of the signed-in person's account as this session sees it (one read). */
export async function enrolmentLockOf(db: Database, me: SignedInUser): Promise<EnrolmentLock> {
  if (me.hasSecondFactor) return "none";
  const [row] = await db
    .select({ resetAt: users.secondFactorsResetAt, openedAt: sessions.enrolmentAllowedAt })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, me.sessionId)))
    .where(eq(users.id, me.id))
    .limit(1);
  if (!row?.resetAt) return "none";
  return row.openedAt && row.openedAt >= row.resetAt ? "link-opened" : "needs-link";
}

/** Null when this session may set up a second factor; otherwise the refusal. */
export async function enrolmentRefusal(db: Database, me: SignedInUser): Promise<Failure | null> {
  return (await enrolmentLockOf(db, me)) === "needs-link" ? enrolmentLinkFirst : null;
}

/**
 * True while this session may store a factor: it has not ended, and the account has no reset lock this
 * session has not opened. Part of the factor's own statement, so a reset that lands between the checks and
 * the factor's batch wins.
 */
export function mayEnrolSql(me: SignedInUser) {
  return sql`EXISTS (SELECT 1 FROM ${sessions} JOIN ${users} ON ${users.id} = ${sessions.userId}
    WHERE ${sessions.id} = ${me.sessionId}
      AND (${users.secondFactorsResetAt} IS NULL OR ${sessions.enrolmentAllowedAt} >= ${users.secondFactorsResetAt}))`;
}

/** The statement that locks enrolment of an account whose factors are being reset (for the reset's batch). */
export function lockEnrolmentStatement(db: Database, userId: number) {
  return db.update(users).set({ secondFactorsResetAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The statements that, once a factor is set up after a reset, lift the lock and end every other session of
 * the account (one signed in with the password alone while the lock held could otherwise add a factor of its
 * own). They go in the batch that stores the factor, after it, and act only if the account then has a
 * factor: a factor is never stored while the lock stays, nor the lock lifted without one. Nothing happens
 * for an account without the lock. The first statement returns the ended sessions, for
 * `forgetEndedSessions` once the batch has run.
 */
export function liftEnrolmentLockStatements(db: Database, me: SignedInUser) {
  const locked = and(eq(users.id, me.id), isNotNull(users.secondFactorsResetAt), hasSecondFactorSql(me.id));
  return [
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, me.id),
          ne(sessions.id, me.sessionId),
          // Only while the lock is still there (the next statement lifts it).
          exists(db.select({ id: users.id }).from(users).where(locked)),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash }),
    db.update(users).set({ secondFactorsResetAt: null }).where(locked),
  ] as const;
}

/** "Email me a new link": another enrolment link to the account's address, while the lock holds. */
export const requestEnrolmentLink = guarded(
  { rateLimit: "account", door: "signed-in" },
  async (deps, _caller, { me }): Promise<Outcome> => {
    if ((await enrolmentLockOf(deps.db, me)) !== "needs-link") {
      return conflict("You can set up a second factor without a link.");
    }
    const mail = mailEventRow("second-factor-enrolment-link", me.id);
    await deps.db.insert(mailEvents).values(mail);
    deps.waitUntil(publishMailEvents(deps.env, [mail]));
    return done(null);
  },
);

/**
 * Opens an enrolment link in this session: the link must be live and the signed-in account's own. In one
 * batch it is spent, this session may then set up a second factor, and every other session of the account
 * ends: the password-only sessions signed in while the lock held (a stranger's among them) cannot enrol
 * alongside the owner.
 */
export const openEnrolmentLink = guarded(
  { ...linkGuards("account", confirmEmailSchema), door: "signed-in" },
  async (deps, _caller, { me, input }): Promise<Outcome> => {
    const lock = await enrolmentLockOf(deps.db, me);
    if (lock === "none") return conflict("You can set up a second factor without a link.");
    if (lock === "link-opened") return done(null);
    // D1 runs a batch in order in one transaction: each statement after the first goes on only if the one
    // before it changed exactly one row (the link spent, then this session allowed).
    const afterOne = sql`changes() = 1`;
    const [spent, , ended] = await deps.db.batch([
      deps.db
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(input.token)),
            eq(accountTokens.purpose, "enrol-second-factor"),
            eq(accountTokens.userId, me.id),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: accountTokens.userId }),
      deps.db
        .update(sessions)
        .set({ enrolmentAllowedAt: new Date() })
        .where(and(eq(sessions.id, me.sessionId), eq(sessions.userId, me.id), afterOne)),
      deps.db
        .delete(sessions)
        .where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId), afterOne))
        .returning({ tokenHash: sessions.tokenHash }),
    ]);
    if (spent.length === 0) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    await forgetEndedSessions(deps.env, me.id, ended);
    return done(null);
  },
);
