import { and, eq, gt, isNull, lt, not, type SQL, sql } from "drizzle-orm";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { passkeyRemovalSchema } from "~/lib/schemas";
import {
  authChallenges,
  passkeyRemovals,
  passkeys,
  recoveryCodes,
  sessions,
  users,
} from "../../../db/schema";
import { recordEvent, withEventChain } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { hashToken, newLinkToken } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { verifyPassword } from "../identity/passwords.server";
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

// The link in the "passkey added" email (docs/decisions/121-a-passkey-removable-from-its-email.md): a passkey
// planted from a stolen session signs in on its own, and on an account with no other factor a reset keeps it
// (decision 099). The link, with the account's password, removes that passkey and the recovery codes it
// brought, and ends every session. It is stored in the passkey's own batch (`passkeyRemovalStatement`), its
// token minted as the email goes out; it lives a day, works once and dies after five wrong passwords.
// A credential change does not end it: the owner may have to reset the password first.

export const PASSKEY_REMOVAL_SECONDS = 24 * 60 * 60;
export const PASSKEY_REMOVAL_WRONG_PASSWORDS = 5;

export const WRONG_PASSWORD_FOR_REMOVAL = "That password is not right.";

/**
 * The statement, for the batch that stores a passkey, that stores its removal link when `added` (the
 * "passkey-added" mail event, which carries the link) was stored. Columns in the table's order.
 */
export function passkeyRemovalStatement(
  db: Database,
  added: MailEventMessage,
  passkey: { userId: number; id: string; withRecoveryCodes: boolean },
) {
  return db.insert(passkeyRemovals).select(
    sql`SELECT NULL, ${passkey.userId}, ${passkey.id}, ${added.id}, NULL, ${passkey.withRecoveryCodes ? 1 : 0}, 0,
        unixepoch() + ${PASSKEY_REMOVAL_SECONDS}, NULL, unixepoch() WHERE ${mailEventStoredSql(added)}`,
  );
}

/** A link that can still be used: unused, unexpired, fewer than five wrong passwords. */
function isLive(): SQL {
  return and(
    isNull(passkeyRemovals.usedAt),
    gt(passkeyRemovals.expiresAt, sql`unixepoch()`),
    lt(passkeyRemovals.wrongPasswords, PASSKEY_REMOVAL_WRONG_PASSWORDS),
  ) as SQL;
}

/** Whether the "passkey added" event has a removal link that can still be used (read as the email is planned). */
export async function hasPasskeyRemovalLink(db: Database, mailEventId: string): Promise<boolean> {
  const row = await db.query.passkeyRemovals.findFirst({
    columns: { id: true },
    where: and(eq(passkeyRemovals.mailEventId, mailEventId), isLive()),
  });
  return row !== undefined;
}

/**
 * For the "passkey added" email: the removal link of the event, with a new token (only its sha256 is kept;
 * a redelivery mints another, and the earlier one stops working), or null when it can no longer be used.
 */
export async function mintPasskeyRemovalToken(
  db: Database,
  mailEventId: string,
): Promise<{ token: string; validForSeconds: number; withRecoveryCodes: boolean } | null> {
  const { token, hash } = newLinkToken();
  const [row] = await db
    .update(passkeyRemovals)
    .set({ tokenHash: hash })
    .where(and(eq(passkeyRemovals.mailEventId, mailEventId), isLive()))
    .returning({
      expiresAt: passkeyRemovals.expiresAt,
      withRecoveryCodes: passkeyRemovals.withRecoveryCodes,
    });
  if (!row) return null;
  // What is left of its day, as the email says it: in hours, or in minutes for the last one.
  const left = Math.max(60, (row.expiresAt.getTime() - Date.now()) / 1000);
  const validForSeconds = left >= 3600 ? Math.round(left / 3600) * 3600 : Math.round(left / 60) * 60;
  return { token, validForSeconds, withRecoveryCodes: row.withRecoveryCodes };
}

/** What the page shows of a live link: the passkey it removes. */
export interface PasskeyToRemove {
  name: string;
  createdAt: string;
  withRecoveryCodes: boolean;
}

async function liveLink(db: Database, token: string) {
  if (!/^[a-z2-7]{52}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: passkeyRemovals.id,
      userId: passkeyRemovals.userId,
      passkeyId: passkeyRemovals.passkeyId,
      withRecoveryCodes: passkeyRemovals.withRecoveryCodes,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      password: users.password,
      email: users.email,
    })
    .from(passkeyRemovals)
    .innerJoin(passkeys, eq(passkeys.id, passkeyRemovals.passkeyId))
    .innerJoin(users, eq(users.id, passkeyRemovals.userId))
    .where(and(eq(passkeyRemovals.tokenHash, hashToken(token)), isLive()))
    .limit(1);
  return row ?? null;
}

/** The passkey a live link removes, for its page (null for any other token). */
export async function passkeyToRemove(db: Database, token: string): Promise<PasskeyToRemove | null> {
  const link = await liveLink(db, token);
  if (!link) return null;
  return {
    name: link.name,
    createdAt: link.createdAt.toISOString(),
    withRecoveryCodes: link.withRecoveryCodes,
  };
}

/**
 * Uses a removal link with the account's password. A wrong password is counted on the link by its own write
 * before the answer (five end it) and logged. The right one, in one batch: the link is spent; then, only if
 * it was, the passkey goes, with its email and audit entry; the recovery codes it brought go, and any left
 * without a factor; every session and every sign-in waiting for its second step ends; and an account left
 * with no second factor may set one up again only through an emailed link (as after an administrator's
 * reset), which is sent, so a password alone cannot plant another.
 */
export const removePasskeyByLink = guarded(
  linkGuards("reset-password", passkeyRemovalSchema),
  async (deps, caller, { input }): Promise<Outcome<{ name: string }>> => {
    const { db } = deps;
    const link = await liveLink(db, input.token);
    if (!link) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    const entry = {
      actorId: link.userId,
      actorEmail: link.email,
      subjectId: link.userId,
      action: "passkey-removed-by-link",
    } as const;
    if (!(await verifyPassword(input.password, link.password))) {
      await db
        .update(passkeyRemovals)
        .set({ wrongPasswords: sql`${passkeyRemovals.wrongPasswords} + 1` })
        .where(eq(passkeyRemovals.id, link.id));
      await recordEvent(db, caller, { ...entry, outcome: "failure" });
      return { kind: "unauthenticated", message: WRONG_PASSWORD_FOR_REMOVAL };
    }
    const userId = link.userId;
    const removed = mailEventRow("passkey-removed", userId);
    const enrolment = mailEventRow("second-factor-enrolment-link", userId);
    const happened = mailEventStoredSql(removed);
    const results = await withEventChain(db, (chain) =>
      db.batch([
        db
          .update(passkeyRemovals)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passkeyRemovals.id, link.id),
              eq(passkeyRemovals.tokenHash, hashToken(input.token)),
              isLive(),
            ),
          )
          .returning({ id: passkeyRemovals.id }),
        // Only when the link was spent just now (changes() of the statement before).
        db
          .delete(passkeys)
          .where(and(eq(passkeys.id, link.passkeyId), eq(passkeys.userId, userId), sql`changes() = 1`)),
        insertMailEventWhere(db, removed, sql`changes() = 1`),
        chain.append(caller, { ...entry, outcome: "success" }, { ifChanged: true }),
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
    if (mail.length === 0) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    await forgetUserSessionsInKv(deps.env, userId);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done({ name: link.name });
  },
);
