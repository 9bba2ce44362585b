import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI } from "@oslojs/otp";
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { TOTP_ALREADY_ON } from "~/lib/account-messages";
import { totpConfirmationSchema } from "~/lib/schemas";
import type { PasskeySummary, TotpEnrolment } from "~/lib/second-factor-views";
import { passkeys, recoveryCodes, totpCredentials } from "../../../db/schema";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import type { Database } from "../db.server";
import { isRecentlyAuthenticated } from "../identity/caller-checks.server";
import { guarded } from "../identity/guarded.server";
import { forgetEndedSessions } from "../identity/sessions.server";
import { findSignedInUser, hasSecondFactorSql } from "../identity/users.server";
import {
  insertMailEventIfChanged,
  insertMailEventWhere,
  mailEventRow,
  mailEventStoredSql,
  publishMailEvents,
} from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { conflict, done, invalid, type Outcome, unauthenticated } from "../outcome";
import {
  type EnrolmentLock,
  enrolmentLockOf,
  enrolmentRefusal,
  liftEnrolmentLockStatements,
  mayEnrolSql,
} from "./enrolment-links.server";
import { totpRemovalStatement } from "./factor-removal-links.server";
import {
  newRecoveryCodes,
  normalisedRecoveryCode,
  recoveryCodeHash,
  recoveryCodeKey,
} from "./recovery-codes";
import {
  deleteRecoveryCodesWithoutFactorStatement,
  mayLoseFactorSql,
  type SecondFactors,
  secondFactorsOf,
} from "./second-factors.server";
import {
  encryptTotpSecret,
  newTotpSecret,
  openTotpSecret,
  TOTP_DIGITS,
  TOTP_STEP_SECONDS,
  totpStepOf,
} from "./totp-secrets";

// Setting up and changing second factors (/account/security and /api/auth/…): every change needs
// "Confirm it's you", is written with its audit entry and the email that tells the owner in one batch, and
// new recovery codes are shown once. A pending authenticator app's key is shown only to a recent sign-in.

export interface SecurityOverview {
  factors: SecondFactors;
  passkeys: PasskeySummary[];
  /** An authenticator app set up but not yet confirmed by a code. */
  pendingTotp: boolean;
  /**
   * That app's QR code and key again, when asked for (the page shows them; the API does not), and only to
   * a session that authenticated within the last 10 minutes: otherwise null, and `showTotpEnrolment` asks
   * "Confirm it's you" first.
   */
  enrolment: TotpEnrolment | null;
  isAdmin: boolean;
  /** After an administrator reset the factors: whether this session must open the emailed link first. */
  enrolmentLock: EnrolmentLock;
}

export async function securityOverview(
  deps: Deps,
  caller: Caller,
  options: { withEnrolment?: boolean } = {},
): Promise<Outcome<SecurityOverview>> {
  if (!caller.session) return unauthenticated;
  const me = await findSignedInUser(deps.db, caller.session);
  if (!me) return unauthenticated;
  const [factors, keys, pending, enrolmentLock] = await Promise.all([
    secondFactorsOf(deps.db, me.id),
    deps.db.query.passkeys.findMany({
      where: eq(passkeys.userId, me.id),
      orderBy: [desc(passkeys.createdAt)],
    }),
    deps.db.query.totpCredentials.findFirst({
      where: and(eq(totpCredentials.userId, me.id), isNull(totpCredentials.confirmedAt)),
    }),
    enrolmentLockOf(deps.db, me),
  ]);
  const key = encryptionKey(deps.env);
  const shown = options.withEnrolment && pending && key && isRecentlyAuthenticated(me);
  const secret = shown ? await openTotpSecret(key, pending.secretCiphertext) : null;
  return done({
    factors,
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    pendingTotp: pending !== undefined,
    enrolment: secret ? enrolmentOf(secret, me.email) : null,
    isAdmin: me.isAdmin,
    enrolmentLock,
  });
}

function enrolmentOf(secret: Uint8Array, email: string): TotpEnrolment {
  const uri = createTOTPKeyURI("FACETS", email, secret, TOTP_STEP_SECONDS, TOTP_DIGITS);
  return { secret: encodeBase32UpperCaseNoPadding(secret), uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

function encryptionKey(env: Env): string | null {
  return env.TOTP_ENCRYPTION_KEY ?? null;
}

/** Starts (or starts again) setting up an authenticator app: a new secret, kept unconfirmed. */
export const startTotpEnrolment = guarded(
  { door: "signed-in", recent: true },
  async (deps, _caller, { me }): Promise<Outcome<TotpEnrolment>> => {
    const locked = await enrolmentRefusal(deps.db, me);
    if (locked) return locked;
    const key = encryptionKey(deps.env);
    if (!key || !recoveryCodeKey(deps.env.RECOVERY_CODE_KEY)) return conflict(SECOND_FACTORS_UNAVAILABLE);
    const existing = await deps.db.query.totpCredentials.findFirst({
      where: eq(totpCredentials.userId, me.id),
    });
    if (existing?.confirmedAt) return conflict("An authenticator app is already set up. Remove it first.");
    const secret = newTotpSecret();
    const secretCiphertext = await encryptTotpSecret(key, secret);
    await deps.db
      .insert(totpCredentials)
      .values({ userId: me.id, secretCiphertext })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secretCiphertext, createdAt: new Date() },
      });
    return done(enrolmentOf(secret, me.email));
  },
);

/** The pending authenticator app's QR code and key again, for a recent sign-in ("Confirm it's you"). */
export const showTotpEnrolment = guarded(
  { door: "signed-in", recent: true },
  async (deps, _caller, { me }): Promise<Outcome<TotpEnrolment>> => {
    const key = encryptionKey(deps.env);
    const pending = await deps.db.query.totpCredentials.findFirst({
      where: and(eq(totpCredentials.userId, me.id), isNull(totpCredentials.confirmedAt)),
    });
    const secret = key && pending ? await openTotpSecret(key, pending.secretCiphertext) : null;
    if (!secret) return conflict("Start setting up the authenticator app again.");
    return done(enrolmentOf(secret, me.email));
  },
);

/** What a person asked for cannot be done without the Worker secrets of second factors. */
export const SECOND_FACTORS_UNAVAILABLE = "Authenticator apps are not available yet. Please try again later.";

/** The statement that stores new recovery codes, each as its HMAC under the key. */
export function insertRecoveryCodes(db: Database, key: Uint8Array, userId: number, codes: string[]) {
  return db.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(key, normalisedRecoveryCode(code) ?? code),
    })),
  );
}

/** Like insertRecoveryCodes, but only if `condition` (SQL) holds when the batch reaches it. */
function insertRecoveryCodesWhere(
  db: Database,
  key: Uint8Array,
  userId: number,
  codes: string[],
  condition: SQL,
) {
  const hashes = codes.map((code) => recoveryCodeHash(key, normalisedRecoveryCode(code) ?? code));
  // The selected values follow the table's columns: id, user_id, code_hash, used_at.
  return db
    .insert(recoveryCodes)
    .select(
      sql`SELECT NULL, ${userId}, value, NULL FROM json_each(${JSON.stringify(hashes)}) WHERE ${condition}`,
    );
}

/**
 * Confirms the pending authenticator app with a code from it; the code's step counts as used. A person's
 * first second factor also brings their ten recovery codes, returned here to be shown once. Of confirmations
 * sent together, only the one whose batch turned the app on stores and shows codes (everything after the
 * conditional UPDATE hangs on its mail event being stored); the others answer TOTP_ALREADY_ON.
 */
export const confirmTotpEnrolment = guarded(
  { rateLimit: "account", door: "signed-in", recent: true, schema: totpConfirmationSchema },
  async (deps, caller, { me, input }): Promise<Outcome<{ recoveryCodes: string[] | null }>> => {
    const locked = await enrolmentRefusal(deps.db, me);
    if (locked) return locked;
    const key = encryptionKey(deps.env);
    const codeKey = recoveryCodeKey(deps.env.RECOVERY_CODE_KEY);
    if (!codeKey) return conflict(SECOND_FACTORS_UNAVAILABLE);
    const credential = await deps.db.query.totpCredentials.findFirst({
      where: eq(totpCredentials.userId, me.id),
    });
    if (credential?.confirmedAt) return conflict(TOTP_ALREADY_ON);
    if (!key || !credential) return conflict(START_AGAIN);
    const secret = await openTotpSecret(key, credential.secretCiphertext);
    if (!secret) return conflict(START_AGAIN);
    const step = totpStepOf(secret, input.code, Math.floor(Date.now() / 1000));
    if (step === null) return invalid({ code: "That code is not right. Check the app and try again." });
    const factors = await secondFactorsOf(deps.db, me.id);
    const codes = factors.recoveryCodesLeft === 0 ? newRecoveryCodes() : null;
    // Its email carries a link that removes it again (decision 141), stored with it.
    const enabled = mailEventRow("totp-enabled", me.id);
    const turnedOn = mailEventStoredSql(enabled);
    const results = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db
          .update(totpCredentials)
          .set({ confirmedAt: new Date(), lastUsedStep: step })
          // Only while this session may still enrol (a reset may have landed since the checks).
          .where(
            and(eq(totpCredentials.userId, me.id), isNull(totpCredentials.confirmedAt), mayEnrolSql(me)),
          ),
        insertMailEventWhere(deps.db, enabled, sql`changes() = 1`),
        chain.append(caller, auditEntry(me, "totp-enabled", "success"), { ifChanged: true }),
        // Written only after the entry just before it was (it changed one row).
        ...(codes
          ? [chain.append(caller, auditEntry(me, "recovery-codes-generated", "success"), { ifChanged: true })]
          : []),
        ...liftEnrolmentLockStatements(deps.db, me),
        ...(codes
          ? [
              deps.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, me.id), turnedOn)),
              insertRecoveryCodesWhere(deps.db, codeKey, me.id, codes, turnedOn),
            ]
          : []),
        totpRemovalStatement(deps.db, enabled, { userId: me.id, withRecoveryCodes: codes !== null }),
        // New codes without a factor (the app was not confirmed) do not stay.
        deleteRecoveryCodesWithoutFactorStatement(deps.db, me.id),
      ]),
    );
    const mail = results[1];
    const ended = results[codes ? 4 : 3] as { tokenHash: string }[];
    if (mail.length === 0) {
      const now = await deps.db.query.totpCredentials.findFirst({
        where: eq(totpCredentials.userId, me.id),
      });
      return now?.confirmedAt ? conflict(TOTP_ALREADY_ON) : conflict(START_AGAIN);
    }
    deps.waitUntil(publishMailEvents(deps.env, mail));
    await forgetEndedSessions(deps.env, me.id, ended);
    return done({ recoveryCodes: codes });
  },
);

const START_AGAIN = "Start setting up the authenticator app again.";

/** An administrator's account keeps at least one second factor. */
const LAST_FACTOR_OF_ADMIN =
  "An administrator's account must keep a second factor. Add another one before removing this.";

/**
 * Removes the authenticator app (and the recovery codes, if no passkey remains). The rules are part of the
 * DELETE, so a removal racing another cannot take an administrator's last factor or leave codes behind.
 */
export const removeTotp = guarded(
  { door: "signed-in", recent: true },
  async (deps, caller, { me }): Promise<Outcome> => {
    const userId = me.id;
    const [removed, mail] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db
          .delete(totpCredentials)
          .where(
            and(
              eq(totpCredentials.userId, userId),
              isNotNull(totpCredentials.confirmedAt),
              mayLoseFactorSql(userId, "totp"),
            ),
          )
          .returning({ userId: totpCredentials.userId }),
        insertMailEventIfChanged(deps.db, "totp-removed", userId),
        chain.append(caller, auditEntry(me, "totp-removed", "success"), { ifChanged: true }),
        deleteRecoveryCodesWithoutFactorStatement(deps.db, userId),
      ]),
    );
    if (removed.length === 1) {
      deps.waitUntil(publishMailEvents(deps.env, mail));
      return done(null);
    }
    const factors = await secondFactorsOf(deps.db, userId);
    return factors.totp ? conflict(LAST_FACTOR_OF_ADMIN) : conflict("No authenticator app is set up.");
  },
);

/**
 * Ten new recovery codes, shown once; the old ones stop working in the same batch. Only while a second
 * factor remains: the batch checks it as it runs, so a removal racing it cannot leave codes behind.
 */
export const regenerateRecoveryCodes = guarded(
  { door: "signed-in", recent: true },
  async (deps, caller, { me }): Promise<Outcome<{ recoveryCodes: string[] }>> => {
    if (!me.hasSecondFactor) return conflict(SET_UP_FIRST);
    const codeKey = recoveryCodeKey(deps.env.RECOVERY_CODE_KEY);
    if (!codeKey) return conflict("Recovery codes are not available yet. Please try again later.");
    const userId = me.id;
    const codes = newRecoveryCodes();
    const event = mailEventRow("recovery-codes-generated", userId);
    const [mail] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        insertMailEventWhere(deps.db, event, hasSecondFactorSql(userId)),
        chain.append(caller, auditEntry(me, "recovery-codes-generated", "success"), { ifChanged: true }),
        deps.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), mailEventStoredSql(event))),
        insertRecoveryCodes(deps.db, codeKey, userId, codes),
        deleteRecoveryCodesWithoutFactorStatement(deps.db, userId),
      ]),
    );
    if (mail.length !== 1) return conflict(SET_UP_FIRST);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done({ recoveryCodes: codes });
  },
);

const SET_UP_FIRST = "Set up a second factor first.";

export { LAST_FACTOR_OF_ADMIN };
