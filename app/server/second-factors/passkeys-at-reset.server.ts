import { and, asc, count, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PASSKEYS_MUST_STAY } from "~/lib/account-messages";
import { passkeys, users } from "../../../db/schema";
import { auditEntry, type EventChain } from "../audit/account-events.server";
import { findTokenUser } from "../identity/account-tokens.server";
import {
  insertMailEventWhere,
  type MailEventMessage,
  mailEventRow,
  mailEventStoredSql,
} from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { deleteRecoveryCodesWithoutFactorStatement } from "./second-factors.server";

// A password reset asks whether to keep the account's passkeys (a passkey planted from a stolen session
// signs in on its own, so a new password alone would not shut it out). The reset page lists them; the
// reset (password-reset.server.ts `resetPassword`) removes them in its own batch unless the person keeps
// them. A reset link is only a mailbox, and a mailbox alone must not take a second factor away: the
// passkeys may go only while a confirmed authenticator app remains, for every account, administrator or
// member.

/** What the reset page lists: the passkeys of a live reset link's account, and whether they must stay. */
export interface PasskeysAtReset {
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  /** They are the account's only second factor (no confirmed authenticator app), so the reset keeps them. */
  mustKeep: boolean;
}

/** The account's passkeys for the reset page, found by its link's token (nothing for a dead link). */
export async function passkeysAtReset(deps: Deps, token: string): Promise<PasskeysAtReset> {
  const userId = /^[a-z2-7]{52}$/.test(token) ? await findTokenUser(deps.db, token, "reset-password") : null;
  if (userId === null) return { passkeys: [], mustKeep: false };
  const [keys, [rule]] = await deps.db.batch([
    deps.db.query.passkeys.findMany({
      columns: { id: true, name: true, createdAt: true, lastUsedAt: true },
      where: eq(passkeys.userId, userId),
      orderBy: [asc(passkeys.createdAt)],
    }),
    appRemainsQuery(deps.db, userId),
  ]);
  return {
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    mustKeep: keys.length > 0 && !rule?.allowed,
  };
}

/**
 * SQL that is true when the account has a confirmed authenticator app: the second factor that must remain
 * for a reset link to remove the passkeys. It goes in the WHERE of the statements that remove them, so the
 * passkeys stay if the app is removed while the reset runs.
 */
function appRemainsSql(userId: number) {
  return sql`EXISTS (SELECT 1 FROM totp_credentials AS app WHERE app.user_id = ${userId} AND app.confirmed_at IS NOT NULL)`;
}

/** Whether the account has a confirmed authenticator app, in one read (may its passkeys go at a reset). */
function appRemainsQuery(db: Deps["db"], userId: number) {
  return db
    .select({ allowed: sql<boolean>`${appRemainsSql(userId)}`.mapWith(Boolean) })
    .from(sql`(SELECT 1)`);
}

/**
 * A password reset that does not keep the passkeys: a refusal when they must stay (the account's only
 * second factor), or the statements that remove them in the reset's own batch. They go right after the
 * statement that spends the link (they run only if it changed its row), with the email and the audit
 * entry; the rule is in each statement's WHERE. The recovery codes go only when no factor remains, which
 * the rule leaves to never happen here; the statement stays so that codes never outlive the last factor.
 */
export async function passkeyRemovalAtReset(
  deps: Deps,
  userId: number,
): Promise<
  | { kind: "none" }
  | { kind: "refused"; message: string }
  | {
      kind: "remove";
      event: MailEventMessage;
      statements: (chain: EventChain, caller: Caller) => [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
    }
> {
  const [keys, [rule], owner] = await deps.db.batch([
    deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    appRemainsQuery(deps.db, userId),
    deps.db.query.users.findFirst({ columns: { email: true }, where: eq(users.id, userId) }),
  ]);
  if ((keys[0]?.n ?? 0) === 0) return { kind: "none" };
  if (!rule?.allowed) return { kind: "refused", message: PASSKEYS_MUST_STAY };
  const event = mailEventRow("passkeys-removed-at-reset", userId);
  const hasPasskeys = sql`EXISTS (SELECT 1 FROM passkeys AS own WHERE own.user_id = ${userId})`;
  return {
    kind: "remove",
    event,
    statements: (chain, caller) => [
      insertMailEventWhere(
        deps.db,
        event,
        sql`changes() = 1 AND ${hasPasskeys} AND ${appRemainsSql(userId)}`,
      ),
      chain.append(
        caller,
        auditEntry({ id: userId, email: owner?.email ?? null }, "passkeys-removed-at-reset", "success"),
        { ifChanged: true },
      ),
      deps.db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), appRemainsSql(userId), mailEventStoredSql(event))),
      deleteRecoveryCodesWithoutFactorStatement(deps.db, userId),
    ],
  };
}
