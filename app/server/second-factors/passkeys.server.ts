import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, sql } from "drizzle-orm";
import { PASSKEY_NAME_MAX, PASSKEY_NAME_MIN } from "~/lib/field-limits";
import type { PasskeyCreationOptionsJSON } from "~/lib/passkey-client";
import { passkeys, recoveryCodes } from "../../../db/schema";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import { guarded } from "../identity/guarded.server";
import { forgetEndedSessions } from "../identity/sessions.server";
import { issueChallenge, spendChallengeStatement } from "../identity/sign-in-tickets.server";
import {
  insertMailEventIfChanged,
  insertMailEventWhere,
  type MailEventMessage,
  mailEventRow,
  publishMailEvents,
} from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { conflict, done, invalid, notFound, type Outcome, unauthenticated } from "../outcome";
import { enrolmentRefusal, liftEnrolmentLockStatements, mayEnrolSql } from "./enrolment-links.server";
import { passkeyRemovalStatement } from "./factor-removal-links.server";
import { newRecoveryCodes, recoveryCodeKey } from "./recovery-codes";
import { insertRecoveryCodes, LAST_FACTOR_OF_ADMIN } from "./second-factor-enrolment.server";
import {
  deleteRecoveryCodesWithoutFactorStatement,
  mayLoseFactorSql,
  secondFactorsOf,
} from "./second-factors.server";
import { challengeOf, passkeyCreationOptions, verifyRegistration } from "./webauthn.server";

// Passkeys: registering one (Confirm it's you first) and removing one. Signing in and confirming it's you
// with one are sign-in/passkey-sign-in.server.ts. Each challenge is single use and stored in D1
// (sign-in-tickets.server.ts); its value's bytes are the WebAuthn challenge.

type Purpose = "passkey-register" | "passkey-sign-in" | "passkey-confirm";

/** The origin the browser reports and the rp id: the site's, or the request's own on localhost. */
export function relyingParty(caller: Caller, env: Env): { origin: string; rpId: string } {
  const url = new URL(caller.origin);
  if (url.hostname === "localhost") return { origin: url.origin, rpId: "localhost" };
  const site = new URL(env.SITE_ORIGIN);
  return { origin: site.origin, rpId: site.hostname };
}

export const challengeBytes = (value: string) => new TextEncoder().encode(value);

/** Spends the stored challenge the response claims to answer; its bytes, or null if it is not live. */
export async function spendClaimedChallenge(
  deps: Deps,
  purpose: Purpose,
  response: unknown,
  userId: number | null,
): Promise<Uint8Array | null> {
  const claimed = challengeOf((response as { response?: unknown } | null)?.response ?? response);
  if (!claimed) return null;
  const value = new TextDecoder().decode(claimed);
  const [spent] = await spendChallengeStatement(deps.db, purpose, value);
  if (!spent || (userId !== null && spent.userId !== userId)) return null;
  return challengeBytes(value);
}

export const passkeyRegistrationOptions = guarded(
  { door: "signed-in", recent: true },
  async (deps, caller, { me }): Promise<Outcome<PasskeyCreationOptionsJSON>> => {
    const locked = await enrolmentRefusal(deps.db, me);
    if (locked) return locked;
    const value = await issueChallenge(deps.db, "passkey-register", { userId: me.id });
    const existing = await deps.db.query.passkeys.findMany({
      columns: { id: true },
      where: eq(passkeys.userId, me.id),
    });
    return done(
      passkeyCreationOptions({
        rpId: relyingParty(caller, deps.env).rpId,
        rpName: "FACETS",
        user: {
          id: me.id,
          email: me.email,
          displayName: `${me.firstName} ${me.lastName}`,
        },
        challenge: challengeBytes(value),
        excludeCredentialIds: existing.map((key) => key.id),
      }),
    );
  },
);

const PASSKEY_NAME_RULE = `Give the passkey a name of ${PASSKEY_NAME_MIN} to ${PASSKEY_NAME_MAX} characters`;

function passkeyInput(input: unknown): { name: string; response: unknown } | null {
  if (typeof input !== "object" || input === null) return null;
  const { name, response } = input as { name?: unknown; response?: unknown };
  if (typeof name !== "string") return null;
  const trimmed = name.trim();
  if (trimmed.length < PASSKEY_NAME_MIN || trimmed.length > PASSKEY_NAME_MAX) return null;
  return { name: trimmed, response };
}

/** Registers a passkey under a name; the person's first second factor also brings recovery codes. */
export const registerPasskey = guarded(
  { rateLimit: "account", door: "signed-in", recent: true },
  async (deps, caller, { me, input }): Promise<Outcome<{ recoveryCodes: string[] | null }>> => {
    const locked = await enrolmentRefusal(deps.db, me);
    if (locked) return locked;
    const parsed = passkeyInput(input);
    if (!parsed) return invalid({ name: PASSKEY_NAME_RULE });
    const codeKey = recoveryCodeKey(deps.env.RECOVERY_CODE_KEY);
    if (!codeKey) return conflict("Passkeys are not available yet. Please try again later.");
    const challenge = await spendClaimedChallenge(deps, "passkey-register", parsed.response, me.id);
    if (!challenge) return invalid({ response: "The passkey could not be checked. Try again." });
    const verdict = await verifyRegistration(parsed.response, {
      challenge,
      ...relyingParty(caller, deps.env),
    });
    if (!verdict.ok) return invalid({ response: "The passkey could not be checked. Try again." });
    const { credential } = verdict;
    const factors = await secondFactorsOf(deps.db, me.id);
    const codes = factors.recoveryCodesLeft === 0 ? newRecoveryCodes() : null;
    let mail: MailEventMessage[] = [];
    let ended: { tokenHash: string }[] = [];
    // Its email carries a link that removes it again (decision 121), stored with it.
    const added = mailEventRow("passkey-added", me.id);
    try {
      [, mail, , ended] = await withEventChain(deps.db, (chain) =>
        deps.db.batch([
          // Stored only while this session may still enrol (a reset may have landed since the checks).
          // Columns in the table's order: id, user, name, key, algorithm, created, last used, counter.
          deps.db.insert(passkeys).select(
            sql`SELECT ${credential.id}, ${me.id}, ${parsed.name}, ${encodeBase64urlNoPadding(credential.publicKey)},
              ${credential.algorithm}, unixepoch(), NULL, ${credential.signCount}
              WHERE ${mayEnrolSql(me)}`,
          ),
          insertMailEventWhere(deps.db, added, sql`changes() = 1`),
          chain.append(caller, auditEntry(me, "passkey-added", "success"), { ifChanged: true }),
          ...liftEnrolmentLockStatements(deps.db, me),
          ...(codes
            ? [
                deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id)),
                insertRecoveryCodes(deps.db, codeKey, me.id, codes),
                chain.append(caller, auditEntry(me, "recovery-codes-generated", "success")),
              ]
            : []),
          // New codes without a factor (the passkey was not stored) do not stay.
          deleteRecoveryCodesWithoutFactorStatement(deps.db, me.id),
          passkeyRemovalStatement(deps.db, added, {
            userId: me.id,
            id: credential.id,
            withRecoveryCodes: codes !== null,
          }),
        ]),
      );
    } catch (error) {
      if (/UNIQUE constraint failed: passkeys\.id/.test(String(error))) {
        return conflict("This passkey is already registered.");
      }
      throw error;
    }
    // Not stored: the session ended (a reset of second factors ends them all) before the batch ran.
    if (mail.length === 0) return unauthenticated;
    deps.waitUntil(publishMailEvents(deps.env, mail));
    await forgetEndedSessions(deps.env, me.id, ended);
    return done({ recoveryCodes: codes });
  },
);

/**
 * Removes one of the caller's passkeys, and nothing else unless it did: its email and audit entry follow
 * from the removal in the same batch, and the rules are part of the DELETE itself (an administrator keeps a
 * second factor; the recovery codes go with the last one), so two removals at once cannot break them.
 */
export const removePasskey = guarded(
  { door: "signed-in", recent: true },
  async (deps, caller, { me, input: id }): Promise<Outcome> => {
    if (typeof id !== "string" || id.length > 1400) return notFound;
    const userId = me.id;
    const [removed, mail] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db
          .delete(passkeys)
          .where(
            and(
              eq(passkeys.id, id),
              eq(passkeys.userId, userId),
              mayLoseFactorSql(userId, { passkeyId: id }),
            ),
          )
          .returning({ id: passkeys.id }),
        insertMailEventIfChanged(deps.db, "passkey-removed", userId),
        chain.append(caller, auditEntry(me, "passkey-removed", "success"), { ifChanged: true }),
        deleteRecoveryCodesWithoutFactorStatement(deps.db, userId),
      ]),
    );
    if (removed.length === 1) {
      deps.waitUntil(publishMailEvents(deps.env, mail));
      return done(null);
    }
    const kept = await deps.db.query.passkeys.findFirst({
      columns: { id: true },
      where: and(eq(passkeys.id, id), eq(passkeys.userId, userId)),
    });
    return kept ? conflict(LAST_FACTOR_OF_ADMIN) : notFound;
  },
);

/** The name of one of `userId`'s passkeys, or null when it has none by that id. */
export async function passkeyNameOf(
  db: Deps["db"],
  userId: number,
  id: string | null,
): Promise<string | null> {
  if (!id) return null;
  const key = await db.query.passkeys.findFirst({
    columns: { name: true },
    where: and(eq(passkeys.id, id), eq(passkeys.userId, userId)),
  });
  return key?.name ?? null;
}
