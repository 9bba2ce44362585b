import { and, eq, gt, isNull, lt, not, type SQL, sql } from "drizzle-orm";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { factorRemovalSchema } from "~/lib/schemas";
import {
  authChallenges,
  factorRemovals,
  passkeys,
  recoveryCodes,
  sessions,
  totpCredentials,
  users,
} from "../../../db/schema";
import { auditEntry, recordEvent, withEventChain } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { hashToken, newLinkToken } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { spendEquivalentHashWork, verifyPassword } from "../identity/passwords.server";
import { forgetUserSessionsInKv } from "../identity/sessions.server";
import { hasSecondFactorSql } from "../identity/users.server";
import {
  insertMailEventWhere,
  type MailEventMessage,
  mailEventRow,
  mailEventStoredSql,
  publishMailEvents,
} from "../mail-outbox.server";
import { done, invalid, type Outcome } from "../outcome";
import { deleteRecoveryCodesWithoutFactorStatement } from "./second-factors.server";

// The link in the email that says a second factor was added (docs/decisions/121 for a passkey, 141 for an
// authenticator app): a factor planted from a stolen session survives a password reset (decision 099), and
// a passkey signs in on its own. The link, with the account's password, removes that factor and the recovery
// codes it brought, and ends every session. It is stored in the factor's own batch (`passkeyRemovalStatement`,
// `totpRemovalStatement`), its token minted as the email goes out; it lives a day, works once and dies after
// five wrong passwords, each claimed before it is checked. A credential change does not end it: the owner
// may have to reset the password first.

export const FACTOR_REMOVAL_SECONDS = 24 * 60 * 60;
export const FACTOR_REMOVAL_WRONG_PASSWORDS = 5;

export const WRONG_PASSWORD_FOR_REMOVAL = "That password is not right.";

export type RemovableFactor = "passkey" | "totp";

/**
 * The statement, for the batch that stores a passkey, that stores its removal link when `added` (the
 * "passkey-added" mail event, which carries the link) was stored. Columns in the table's order.
 */
export function passkeyRemovalStatement(
  db: Database,
  added: MailEventMessage,
  passkey: { userId: number; id: string; withRecoveryCodes: boolean },
) {
  return db.insert(factorRemovals).select(
    sql`SELECT NULL, ${passkey.userId}, 'passkey', ${passkey.id}, NULL, ${added.id}, NULL,
        ${passkey.withRecoveryCodes ? 1 : 0}, 0, unixepoch() + ${FACTOR_REMOVAL_SECONDS}, NULL, unixepoch()
        WHERE ${mailEventStoredSql(added)}`,
  );
}

/**
 * The statement, for the batch that turns an authenticator app on, that stores its removal link when
 * `enabled` (the "totp-enabled" mail event) was stored: the app is named by the moment it was turned on,
 * read in the same batch. Columns in the table's order.
 */
export function totpRemovalStatement(
  db: Database,
  enabled: MailEventMessage,
  app: { userId: number; withRecoveryCodes: boolean },
) {
  return db.insert(factorRemovals).select(
    sql`SELECT NULL, ${app.userId}, 'totp', NULL, confirmed_at, ${enabled.id}, NULL,
        ${app.withRecoveryCodes ? 1 : 0}, 0, unixepoch() + ${FACTOR_REMOVAL_SECONDS}, NULL, unixepoch()
        FROM totp_credentials WHERE user_id = ${app.userId} AND confirmed_at IS NOT NULL
        AND ${mailEventStoredSql(enabled)}`,
  );
}

/** SQL that is true while the factor a link removes is still the account's (an app turned on again is not). */
function factorStillThereSql(): SQL {
  return sql`CASE ${factorRemovals.factor}
    WHEN 'passkey' THEN EXISTS (SELECT 1 FROM passkeys WHERE passkeys.id = ${factorRemovals.passkeyId})
    ELSE EXISTS (SELECT 1 FROM totp_credentials WHERE totp_credentials.user_id = ${factorRemovals.userId}
      AND totp_credentials.confirmed_at = ${factorRemovals.totpConfirmedAt}) END`;
}

/**
 * A link that can still be used: unused, unexpired, its factor still there, and, with `counted`, fewer than
 * five wrong passwords.
 */
function isLive({ counted = true } = {}): SQL {
  return and(
    isNull(factorRemovals.usedAt),
    gt(factorRemovals.expiresAt, sql`unixepoch()`),
    counted ? lt(factorRemovals.wrongPasswords, FACTOR_REMOVAL_WRONG_PASSWORDS) : undefined,
    factorStillThereSql(),
  ) as SQL;
}

/** Whether the event has a removal link that can still be used (read as the email is planned). */
export async function hasFactorRemovalLink(db: Database, mailEventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: factorRemovals.id })
    .from(factorRemovals)
    .where(and(eq(factorRemovals.mailEventId, mailEventId), isLive()))
    .limit(1);
  return rows.length > 0;
}

/**
 * For the email of an added factor: the removal link of the event, with a new token (only its sha256 is
 * kept; a redelivery mints another, and the earlier one stops working), or null when it can no longer be used.
 */
export async function mintFactorRemovalToken(
  db: Database,
  mailEventId: string,
): Promise<{ token: string; validForSeconds: number; withRecoveryCodes: boolean } | null> {
  const { token, hash } = newLinkToken();
  const [row] = await db
    .update(factorRemovals)
    .set({ tokenHash: hash })
    .where(and(eq(factorRemovals.mailEventId, mailEventId), isLive()))
    .returning({
      expiresAt: factorRemovals.expiresAt,
      withRecoveryCodes: factorRemovals.withRecoveryCodes,
    });
  if (!row) return null;
  // What is left of its day, as the email says it: in hours, or in minutes for the last one.
  const left = Math.max(60, (row.expiresAt.getTime() - Date.now()) / 1000);
  const validForSeconds = left >= 3600 ? Math.round(left / 3600) * 3600 : Math.round(left / 60) * 60;
  return { token, validForSeconds, withRecoveryCodes: row.withRecoveryCodes };
}

/** What the page shows of a live link: the factor it removes. */
export interface FactorToRemove {
  factor: RemovableFactor;
  /** The passkey's name; null for the authenticator app. */
  name: string | null;
  addedAt: string;
  withRecoveryCodes: boolean;
}

const TOKEN = /^[a-z2-7]{52}$/;

/** The live link of a token, and the factor it removes while that factor is still the account's. */
async function liveLink(db: Database, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      id: factorRemovals.id,
      userId: factorRemovals.userId,
      factor: factorRemovals.factor,
      passkeyId: factorRemovals.passkeyId,
      totpConfirmedAt: factorRemovals.totpConfirmedAt,
      withRecoveryCodes: factorRemovals.withRecoveryCodes,
      passkeyName: passkeys.name,
      passkeyCreatedAt: passkeys.createdAt,
      password: users.password,
      email: users.email,
    })
    .from(factorRemovals)
    .innerJoin(users, eq(users.id, factorRemovals.userId))
    .leftJoin(passkeys, eq(passkeys.id, factorRemovals.passkeyId))
    .leftJoin(
      totpCredentials,
      and(
        eq(totpCredentials.userId, factorRemovals.userId),
        eq(totpCredentials.confirmedAt, factorRemovals.totpConfirmedAt),
      ),
    )
    .where(and(eq(factorRemovals.tokenHash, hashToken(token)), isLive()))
    .limit(1);
  return row ?? null;
}

/** The factor a live link removes, for its page (null for any other token). */
export async function factorToRemove(db: Database, token: string): Promise<FactorToRemove | null> {
  const link = await liveLink(db, token);
  if (!link) return null;
  const addedAt = link.factor === "passkey" ? link.passkeyCreatedAt : link.totpConfirmedAt;
  return {
    factor: link.factor,
    name: link.factor === "passkey" ? link.passkeyName : null,
    addedAt: (addedAt ?? new Date()).toISOString(),
    withRecoveryCodes: link.withRecoveryCodes,
  };
}

type Link = NonNullable<Awaited<ReturnType<typeof liveLink>>>;

/**
 * Claims the check of a password on the link: one guarded UPDATE raises its count of wrong passwords and
 * returns it, so requests sent at once check no more than five; false when the link can no longer be used.
 */
async function claimPasswordCheck(db: Database, link: Link, token: string): Promise<boolean> {
  const claimed = await db
    .update(factorRemovals)
    .set({ wrongPasswords: sql`${factorRemovals.wrongPasswords} + 1` })
    .where(and(eq(factorRemovals.id, link.id), eq(factorRemovals.tokenHash, hashToken(token)), isLive()))
    .returning({ wrongPasswords: factorRemovals.wrongPasswords });
  return claimed.length === 1;
}

/** The statement that deletes the link's factor, only when the link was spent by the statement before it. */
function deleteFactorStatement(db: Database, link: Link) {
  const spentJustNow = sql`changes() = 1`;
  if (link.factor === "passkey") {
    return db
      .delete(passkeys)
      .where(and(eq(passkeys.id, link.passkeyId ?? ""), eq(passkeys.userId, link.userId), spentJustNow));
  }
  return db
    .delete(totpCredentials)
    .where(
      and(
        eq(totpCredentials.userId, link.userId),
        link.totpConfirmedAt ? eq(totpCredentials.confirmedAt, link.totpConfirmedAt) : sql`0`,
        spentJustNow,
      ),
    );
}

/**
 * Uses a removal link with the account's password. Each password is claimed on the link by its own write
 * before it is checked (five wrong ones end it; past that nothing is checked and the link answers as dead),
 * and a wrong one is logged. The right one, in one batch: the link is spent (its claim taken back); then,
 * only if it was, the factor goes, with its email and audit entry; the recovery codes it brought go, and
 * any left without a factor; every session and every sign-in waiting for its second step ends; and an
 * account left with no second factor may set one up again only through an emailed link (as after an
 * administrator's reset), which is sent, so a password alone cannot plant another.
 */
export const removeFactorByLink = guarded(
  linkGuards("reset-password", factorRemovalSchema),
  async (deps, caller, { input }): Promise<Outcome<{ factor: RemovableFactor; name: string | null }>> => {
    const { db } = deps;
    const dead = invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    const link = await liveLink(db, input.token);
    if (!link) return dead;
    if (!(await claimPasswordCheck(db, link, input.token))) {
      await spendEquivalentHashWork(input.password);
      return dead;
    }
    const passkey = link.factor === "passkey";
    const action = passkey ? "passkey-removed-by-link" : "totp-removed-by-link";
    const owner = { id: link.userId, email: link.email };
    if (!(await verifyPassword(input.password, link.password))) {
      await recordEvent(db, caller, auditEntry(owner, action, "failure"));
      return { kind: "unauthenticated", message: WRONG_PASSWORD_FOR_REMOVAL };
    }
    const userId = link.userId;
    const removed = mailEventRow(passkey ? "passkey-removed" : "totp-removed", userId);
    const enrolment = mailEventRow("second-factor-enrolment-link", userId);
    const happened = mailEventStoredSql(removed);
    const results = await withEventChain(db, (chain) =>
      db.batch([
        db
          .update(factorRemovals)
          .set({ usedAt: new Date(), wrongPasswords: sql`${factorRemovals.wrongPasswords} - 1` })
          .where(
            and(
              eq(factorRemovals.id, link.id),
              eq(factorRemovals.tokenHash, hashToken(input.token)),
              isLive({ counted: false }),
            ),
          )
          .returning({ id: factorRemovals.id }),
        // Only when the link was spent just now (changes() of the statement before).
        deleteFactorStatement(db, link),
        insertMailEventWhere(db, removed, sql`changes() = 1`),
        chain.append(caller, auditEntry(owner, action, "success"), { ifChanged: true }),
        ...(link.withRecoveryCodes
          ? [db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), happened))]
          : []),
        deleteRecoveryCodesWithoutFactorStatement(db, userId),
        db.delete(sessions).where(and(eq(sessions.userId, userId), happened)),
        db
          .delete(authChallenges)
          .where(
            and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, "second-factor"), happened),
          ),
        db
          .update(users)
          .set({ secondFactorsResetAt: new Date() })
          .where(and(eq(users.id, userId), happened, not(hasSecondFactorSql(userId)))),
        insertMailEventWhere(db, enrolment, sql`changes() = 1`),
      ]),
    );
    const mail = [...(results[2] as MailEventMessage[]), ...(results.at(-1) as MailEventMessage[])];
    if (mail.length === 0) return dead;
    await forgetUserSessionsInKv(deps.env, userId);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done({ factor: link.factor, name: passkey ? link.passkeyName : null });
  },
);
