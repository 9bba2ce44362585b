import { and, count, eq, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import { mailEvents, passkeys, recoveryCodes, totpCredentials } from "../../../db/schema";
import { auditEntry, recordEvent } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { emit } from "../events.server";
import { hasSecondFactorSql } from "../identity/users.server";
import { mailEventRow, publishMailEvents } from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import {
  codeKindOf,
  endCodeAttempt,
  failureAction,
  reportWrongCode,
  startCodeAttempt,
} from "./code-lockout.server";
import { normalisedRecoveryCode, recoveryCodeHash, recoveryCodeKey } from "./recovery-codes";
import { openTotpSecret, totpStepOf } from "./totp-secrets";

// The second factor of a sign-in or of "Confirm it's you": a code from an authenticator app (each works
// once: the step it belongs to is claimed in D1) or a recovery code (each works once; its use is emailed).
// Wrong codes are limited per account and client address, authenticator and recovery codes apart
// (code-lockout.server.ts); a held client gets the same answer as a wrong code.

export interface SecondFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** What second factors a person has (three small reads, in one batch). */
export async function secondFactorsOf(db: Database, userId: number): Promise<SecondFactors> {
  const [totp, keys, codes] = await db.batch([
    db
      .select({ n: count() })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: (totp[0]?.n ?? 0) > 0, passkeys: keys[0]?.n ?? 0, recoveryCodesLeft: codes[0]?.n ?? 0 };
}

/** Whether a person has a confirmed authenticator app or a passkey (one read). */
export async function hasSecondFactorOf(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ has: hasSecondFactorSql(userId) }).from(sql`(SELECT 1)`);
  return row?.has ?? false;
}

/**
 * SQL that is true when the account may lose `losing` (one passkey, every passkey, or the authenticator
 * app): it is not an administrator's, or a second factor other than it remains. It goes in the WHERE of the
 * statement that removes the factor, so two removals at once cannot both pass the rule.
 */
export function mayLoseFactorSql(userId: number, losing: { passkeyId: string } | "passkeys" | "totp") {
  const notAdmin = sql`NOT EXISTS (SELECT 1 FROM users AS owner WHERE owner.id = ${userId} AND owner.user_type_id = ${ADMIN_USER_TYPE_ID})`;
  const app = sql`EXISTS (SELECT 1 FROM totp_credentials AS app WHERE app.user_id = ${userId} AND app.confirmed_at IS NOT NULL)`;
  const anyPasskey = sql`EXISTS (SELECT 1 FROM passkeys AS other WHERE other.user_id = ${userId})`;
  const remaining =
    losing === "totp"
      ? anyPasskey
      : losing === "passkeys"
        ? app
        : sql`(${app} OR EXISTS (SELECT 1 FROM passkeys AS other WHERE other.user_id = ${userId} AND other.id <> ${losing.passkeyId}))`;
  return sql`(${notAdmin} OR ${remaining})`;
}

/**
 * Deletes the recovery codes of an account left without a second factor (codes never outlive the last
 * factor). Put it last in the batch that removes a factor: it sees that batch's removals.
 */
export function deleteRecoveryCodesWithoutFactorStatement(db: Database, userId: number) {
  return db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), not(hasSecondFactorSql(userId))))
    .returning({ id: recoveryCodes.id });
}

/** Claims a TOTP code's step: true only for the first use of a code later than every code used before. */
async function claimTotpCode(env: Env, db: Database, userId: number, code: string): Promise<boolean> {
  const credential = await db.query.totpCredentials.findFirst({
    where: and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)),
  });
  if (!credential || !env.TOTP_ENCRYPTION_KEY) return false;
  const secret = await openTotpSecret(env.TOTP_ENCRYPTION_KEY, credential.secretCiphertext);
  const step = secret && totpStepOf(secret, code, Math.floor(Date.now() / 1000));
  if (step === null) return false;
  const claimed = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return claimed.length === 1;
}

/** Spends a recovery code and stores the email that tells its owner, in one batch. */
async function spendRecoveryCode(deps: Deps, userId: number, typed: string): Promise<boolean> {
  const normalised = normalisedRecoveryCode(typed);
  const key = recoveryCodeKey(deps.env.RECOVERY_CODE_KEY);
  if (normalised === null || key === null) return false;
  const event = mailEventRow("recovery-code-used", userId);
  const [spent, mail] = await deps.db.batch([
    deps.db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryCodeHash(key, normalised)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id }),
    deps.db
      .insert(mailEvents)
      .select(sql`SELECT ${event.id}, ${event.type}, ${userId}, unixepoch(), NULL, NULL WHERE changes() = 1`)
      .returning({ id: mailEvents.id }),
  ]);
  if (spent.length !== 1) return false;
  if (mail.length === 1) deps.waitUntil(publishMailEvents(deps.env, [event]));
  return true;
}

export type CodeCheck = { ok: true; method: "totp" | "recovery-code" } | { ok: false };

/**
 * Checks a typed code (six digits: the app; otherwise a recovery code) for a person, under the limits on
 * wrong codes: the try is claimed first (code-lockout.server.ts `startCodeAttempt`), and the claim counts
 * as a wrong code unless the code was right, so codes sent at once are tried no further than the limits
 * allow, and a request that fails after the try still counts it. A wrong one sets off its warning emails,
 * then is recorded as `action`'s failed entry (a recovery code's: `sign-in-recovery-code` or
 * `reauthenticated-recovery-code`), a code refused from a held client as `sign-in-locked-out`; the caller
 * records the success with what it changes.
 */
export async function checkSecondFactorCode(
  deps: Deps,
  caller: Caller,
  person: { id: number; email: string },
  typed: string,
  action: "sign-in-code" | "reauthenticated",
): Promise<CodeCheck> {
  const code = typed.replace(/\s/g, "");
  const kind = codeKindOf(code);
  const attempt = await startCodeAttempt(deps.db, person.id, kind, caller);
  if (attempt === null) {
    emit("refusal.lockout", { userId: person.id, factor: kind });
    await recordEvent(deps.db, caller, auditEntry(person, "sign-in-locked-out", "failure"));
    return { ok: false };
  }
  const right =
    kind === "totp"
      ? await claimTotpCode(deps.env, deps.db, person.id, code)
      : await spendRecoveryCode(deps, person.id, code);
  if (right) {
    await endCodeAttempt(deps.db, attempt);
    return { ok: true, method: kind };
  }
  await reportWrongCode(deps, caller, person.id, kind, attempt);
  emit("refusal.wrong-code", { userId: person.id, factor: kind });
  await recordEvent(deps.db, caller, auditEntry(person, failureAction(kind, action), "failure"));
  return { ok: false };
}
