import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { and, eq, lt } from "drizzle-orm";
import { NO_PASSKEY_CHALLENGE } from "~/lib/account-messages";
import type { PasskeyRequestOptionsJSON } from "~/lib/passkey-client";
import { passkeys, users } from "../../../db/schema";
import { auditEntry, recordEvent } from "../audit/account-events.server";
import { guarded } from "../identity/guarded.server";
import { claimConfirmation, recordFailedPasskeySignIn } from "../identity/password-limits.server";
import { issueChallenge } from "../identity/sign-in-tickets.server";
import { findActiveUser } from "../identity/users.server";
import type { Caller, Deps } from "../operation.server";
import { done, invalid, type Outcome, unauthenticated } from "../outcome";
import { recordPasskeySuccess } from "../second-factors/code-lockout.server";
import { challengeBytes, relyingParty, spendClaimedChallenge } from "../second-factors/passkeys.server";
import { passkeyRequestOptions, verifyAssertion } from "../second-factors/webauthn.server";
import { openSession, type SignIn } from "./accounts.server";
import { type Confirmed, confirmedSession, refuseConfirmation } from "./confirm-its-you.server";

// Signing in with a passkey (no password: user verification makes it both factors) and confirming it's you
// with one. Registering and removing passkeys is second-factors/passkeys.server.ts, whose single-use
// challenges (stored in D1, sign-in-tickets.server.ts) these spend too.

const noChallenge = invalid({ response: NO_PASSKEY_CHALLENGE }, NO_PASSKEY_CHALLENGE);

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
  await recordEvent(
    deps.db,
    caller,
    auditEntry({ id: stored.userId, email: owner?.email ?? null }, "passkey-counter-decreased", "failure"),
  );
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
      await recordEvent(
        deps.db,
        caller,
        auditEntry({ id: ownerId, email: owner?.email ?? null }, "sign-in-passkey", "failure"),
      );
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
 * account's wrong passwords at "Confirm it's you" (after ten the session ends) and logged as
 * `reauthenticated-passkey`.
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
