import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, lt, sql } from "drizzle-orm";
import { NO_PASSKEY_CHALLENGE } from "~/lib/account-messages";
import type { PasskeyCreationOptionsJSON, PasskeyRequestOptionsJSON } from "~/lib/passkey-client";
import { passkeys, recoveryCodes, users } from "../../../db/schema";
import { recordEvent, withEventChain } from "../audit/account-events.server";
import { guarded } from "../guarded.server";
import { openSession, type SignIn } from "../identity/accounts.server";
import { type Confirmed, confirmedSession, refuseConfirmation } from "../identity/confirm-its-you.server";
import { claimConfirmation, recordFailedPasskeySignIn } from "../identity/password-limits.server";
import { forgetEndedSessions } from "../identity/sessions.server";
import { issueChallenge, spendChallengeStatement } from "../identity/sign-in-tickets.server";
import { findActiveUser } from "../identity/users.server";
import {
  insertMailEventIfChanged,
  insertMailEventWhere,
  type MailEventMessage,
  mailEventRow,
  publishMailEvents,
} from "../mail/mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { conflict, done, invalid, notFound, type Outcome, unauthenticated } from "../outcome";
import { recordPasskeySuccess } from "./code-lockout.server";
import { enrolmentRefusal, liftEnrolmentLockStatements, mayEnrolSql } from "./enrolment-links.server";
import { passkeyRemovalStatement } from "./factor-removal-links.server";
import { newRecoveryCodes, recoveryCodeKey } from "./recovery-codes";
import { insertRecoveryCodes, LAST_FACTOR_OF_ADMIN } from "./second-factor-enrolment.server";
import {
  deleteRecoveryCodesWithoutFactorStatement,
  mayLoseFactorSql,
  secondFactorsOf,
} from "./second-factors.server";
import {
  challengeOf,
  passkeyCreationOptions,
  passkeyRequestOptions,
  verifyAssertion,
  verifyRegistration,
} from "./webauthn.server";

// Passkeys: registering one (Confirm it's you first), signing in with one (no password: user verification
// makes it both factors), confirming it's you with one, and removing one. Each challenge is single use and
// stored in D1 (sign-in-tickets.server.ts); its value's bytes are the WebAuthn challenge.

type Purpose = "passkey-register" | "passkey-sign-in" | "passkey-confirm";

const noChallenge = invalid({ response: NO_PASSKEY_CHALLENGE }, NO_PASSKEY_CHALLENGE);

/** The origin the browser reports and the rp id: the site's, or the request's own on localhost. */
export function relyingParty(caller: Caller, env: Env): { origin: string; rpId: string } {
  const url = new URL(caller.origin);
  if (url.hostname === "localhost") return { origin: url.origin, rpId: "localhost" };
  const site = new URL(env.SITE_ORIGIN);
  return { origin: site.origin, rpId: site.hostname };
}

const challengeBytes = (value: string) => new TextEncoder().encode(value);

/** Spends the stored challenge the response claims to answer; its bytes, or null if it is not live. */
async function spendClaimedChallenge(
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

/** The options of a passkey sign-in: anyone may ask. */
export const passkeySignInOptions = guarded(
  { rateLimit: "login", door: "anyone" },
  async (deps, caller): Promise<Outcome<PasskeyRequestOptionsJSON>> =>
    done(await requestOptions(deps, caller, "passkey-sign-in", null)),
);

/** The options of "Confirm it's you" with a passkey: the challenge is bound to the signed-in caller. */
export const passkeyConfirmOptions = guarded(
  { rateLimit: "login", door: "signed-in" },
  async (deps, caller, { me }): Promise<Outcome<PasskeyRequestOptionsJSON>> =>
    done(await requestOptions(deps, caller, "passkey-confirm", me.id)),
);

async function requestOptions(
  deps: Deps,
  caller: Caller,
  purpose: "passkey-sign-in" | "passkey-confirm",
  userId: number | null,
): Promise<PasskeyRequestOptionsJSON> {
  const value = await issueChallenge(deps.db, purpose, { userId });
  return passkeyRequestOptions({
    rpId: relyingParty(caller, deps.env).rpId,
    challenge: challengeBytes(value),
  });
}

function passkeyInput(input: unknown): { name: string; response: unknown } | null {
  if (typeof input !== "object" || input === null) return null;
  const { name, response } = input as { name?: unknown; response?: unknown };
  if (typeof name !== "string") return null;
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 60) return null;
  return { name: trimmed, response };
}

/** Registers a passkey under a name; the person's first second factor also brings recovery codes. */
export const registerPasskey = guarded(
  { rateLimit: "account", door: "signed-in", recent: true },
  async (deps, caller, { me, input }): Promise<Outcome<{ recoveryCodes: string[] | null }>> => {
    const locked = await enrolmentRefusal(deps.db, me);
    if (locked) return locked;
    const parsed = passkeyInput(input);
    if (!parsed) return invalid({ name: "Give the passkey a name of 1 to 60 characters" });
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
    const entry = {
      actorId: me.id,
      actorEmail: me.email,
      subjectId: me.id,
      outcome: "success",
    } as const;
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
          chain.append(caller, { ...entry, action: "passkey-added" }, { ifChanged: true }),
          ...liftEnrolmentLockStatements(deps.db, me),
          ...(codes
            ? [
                deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id)),
                insertRecoveryCodes(deps.db, codeKey, me.id, codes),
                chain.append(caller, { ...entry, action: "recovery-codes-generated" }),
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
        chain.append(
          caller,
          {
            actorId: userId,
            actorEmail: me.email,
            subjectId: userId,
            action: "passkey-removed",
            outcome: "success",
          },
          { ifChanged: true },
        ),
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

interface AssertionCheck {
  /** The owner of the credential the response names; null when it names none of ours. */
  ownerId: number | null;
  verified: boolean;
  /** Verified, but its signature counter did not move on: refused, and logged (the key may be a copy). */
  counterWentBack: boolean;
}

/**
 * Checks an assertion against the stored credential it names. A verified use raises the stored signature
 * counter in one conditional UPDATE; a counter that did not rise (when either is non-zero) refuses the use
 * and writes a `passkey-counter-decreased` entry (WebAuthn Level 3, 7.2 step 22).
 */
async function checkAssertion(
  deps: Deps,
  caller: Caller,
  response: unknown,
  challenge: Uint8Array | null,
): Promise<AssertionCheck> {
  const id = (response as { id?: unknown } | null)?.id;
  const refused = (ownerId: number | null) => ({ ownerId, verified: false, counterWentBack: false });
  if (typeof id !== "string") return refused(null);
  const stored = await deps.db.query.passkeys.findFirst({ where: eq(passkeys.id, id) });
  if (!stored) return refused(null);
  if (!challenge) return refused(stored.userId);
  const verdict = await verifyAssertion(
    response,
    { challenge, ...relyingParty(caller, deps.env) },
    {
      id: stored.id,
      publicKey: decodeBase64urlIgnorePadding(stored.publicKey),
      algorithm: stored.algorithm,
      userId: stored.userId,
    },
  );
  if (!verdict.ok) return refused(stored.userId);
  const { signCount } = verdict;
  // The counter only moves forward (0 stays 0 for authenticators that keep none), checked in the UPDATE.
  const raised = await deps.db
    .update(passkeys)
    .set({ lastUsedAt: new Date(), signCount })
    .where(
      and(
        eq(passkeys.id, id),
        signCount === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, signCount),
      ),
    )
    .returning({ id: passkeys.id });
  if (raised.length === 1) return { ownerId: stored.userId, verified: true, counterWentBack: false };
  const owner = await deps.db.query.users.findFirst({
    columns: { email: true },
    where: eq(users.id, stored.userId),
  });
  await recordEvent(deps.db, caller, {
    actorId: stored.userId,
    actorEmail: owner?.email ?? null,
    subjectId: stored.userId,
    action: "passkey-counter-decreased",
    outcome: "failure",
  });
  console.warn("passkeys: a signature counter went back; the use was refused", {
    userId: stored.userId,
    stored: stored.signCount,
    received: signCount,
  });
  return { ownerId: stored.userId, verified: false, counterWentBack: true };
}

/**
 * Signs in with a passkey alone: it verified the user, so it counts as both factors. A response to no live
 * challenge is refused (400) before anything is recorded; one of our passkeys that did not verify is a
 * failed sign-in of its owner's account, counted per client (password-limits.server.ts) and logged.
 */
export const signInWithPasskey = guarded(
  { rateLimit: "login", door: "anyone" },
  async (deps, caller, { input }): Promise<Outcome<Extract<SignIn, { kind: "signed-in" }>>> => {
    const response = (input as { response?: unknown } | null)?.response ?? input;
    const challenge = await spendClaimedChallenge(deps, "passkey-sign-in", response, null);
    if (!challenge) return noChallenge;
    const { ownerId, verified, counterWentBack } = await checkAssertion(deps, caller, response, challenge);
    if (ownerId !== null && !verified && !counterWentBack) {
      await recordFailedPasskeySignIn(deps.db, ownerId, caller);
      const owner = await deps.db.query.users.findFirst({
        columns: { email: true },
        where: eq(users.id, ownerId),
      });
      await recordEvent(deps.db, caller, {
        actorId: ownerId,
        actorEmail: owner?.email ?? null,
        subjectId: ownerId,
        action: "sign-in-passkey",
        outcome: "failure",
      });
    }
    const user = ownerId !== null && verified ? await findActiveUser(deps.db, ownerId) : null;
    if (!user) return unauthenticated;
    await recordPasskeySuccess(deps.db, user.id, caller);
    const signIn = await openSession(deps, caller, user, "sign-in-passkey");
    return signIn.kind === "signed-in" ? done(signIn) : unauthenticated;
  },
);

/** The answer to a passkey that could not confirm it's you. */
export const PASSKEY_NOT_CONFIRMED = "That passkey could not confirm it's you.";

/**
 * "Confirm it's you" with one of the caller's passkeys ({ response, ref? }); the session goes on under a new
 * token, and so does the interrupted action `ref` names. A response to no live challenge of this caller is
 * refused (400) before anything is recorded. A failed one is no wrong code: it is counted with the
 * account's wrong passwords at "Confirm it's you", claimed before the check as a password is (after ten the
 * session ends; past ten only a session's first is checked) and logged as `reauthenticated-passkey`.
 */
export const confirmWithPasskey = guarded(
  { rateLimit: "account", door: "signed-in" },
  async (deps, caller, { me, input }): Promise<Outcome<Confirmed>> => {
    const response = (input as { response?: unknown } | null)?.response ?? input;
    const challenge = await spendClaimedChallenge(deps, "passkey-confirm", response, me.id);
    if (!challenge) return noChallenge;
    // Claimed before the check, as a password is: past the limit only a session's first is checked.
    const claim = await claimConfirmation(deps.db, me.id, caller.session ?? null);
    const refused = { action: "reauthenticated-passkey", message: PASSKEY_NOT_CONFIRMED } as const;
    if (!claim.check) {
      return refuseConfirmation(deps, caller, me, claim.failures, {
        ...refused,
        action: "confirmation-not-checked",
      });
    }
    const { ownerId, verified } = await checkAssertion(deps, caller, response, challenge);
    if (ownerId !== me.id || !verified) return refuseConfirmation(deps, caller, me, claim.failures, refused);
    await recordPasskeySuccess(deps.db, me.id, caller);
    // The interrupted action this confirmation is for (its reference), if any, goes on under the new token.
    return confirmedSession(deps, caller, me, (input as { ref?: unknown } | null)?.ref, {
      ...refused,
      failures: claim.failures,
    });
  },
);
