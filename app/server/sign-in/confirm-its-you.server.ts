import { eq } from "drizzle-orm";
import { SIGNED_OUT_AFTER_WRONG_PASSWORDS } from "~/lib/account-messages";
import { reauthenticationSchema } from "~/lib/schemas";
import { users } from "../../../db/schema";
import { type AccountAction, recordEvent, withEventChain } from "../audit/account-events.server";
import { requireRecentAuthentication } from "../identity/caller-checks.server";
import { guarded } from "../identity/guarded.server";
import {
  carryInterruptedActionStatement,
  findInterruptedAction,
  type InterruptedAction,
  type ResumePlace,
  spendInterruptedAction,
} from "../identity/interrupted-actions.server";
import {
  clearConfirmFailures,
  countConfirmFailure,
  endsTheSession,
} from "../identity/password-limits.server";
import { verifyPassword } from "../identity/passwords.server";
import {
  deleteSessionByIdStatement,
  forgetEndedSessions,
  renewSessionToken,
} from "../identity/sessions.server";
import type { Caller, Deps } from "../operation.server";
import { done, type Failure, invalid, type Outcome, unauthenticated } from "../outcome";
import { checkSecondFactorCode } from "../second-factors/second-factors.server";
import type { SignedInUser } from "../session-user";

// "Confirm it's you": the actions that change how an account is protected, delete it, or use admin power
// over another person need an authentication within the last 10 minutes in this session (a sign-in, or this
// confirmation: the password with a code when the account has a second factor, or a passkey).

export const WRONG_CONFIRMATION = "That password or code is not right.";

/**
 * The refusal of a failed confirmation, already counted (`failures`, password-limits.server.ts): after ten
 * since the last right one, the session that failed is ended first (D1, then KV), and the answer says so.
 * Then the audit entries, which nothing here depends on.
 */
export async function refuseConfirmation(
  deps: Deps,
  caller: Caller,
  me: { id: number; email: string },
  failures: number,
  failure: { action: AccountAction; message: string },
): Promise<Failure> {
  const entry = { actorId: me.id, actorEmail: me.email, subjectId: me.id } as const;
  if (!endsTheSession(failures) || !caller.session) {
    await recordEvent(deps.db, caller, { ...entry, action: failure.action, outcome: "failure" });
    return { kind: "unauthenticated", message: failure.message };
  }
  const ended = await deleteSessionByIdStatement(deps.db, me.id, caller.session.sessionId);
  await forgetEndedSessions(deps.env, me.id, ended);
  await recordEvent(deps.db, caller, { ...entry, action: failure.action, outcome: "failure" });
  if (ended.length > 0) {
    await recordEvent(deps.db, caller, {
      ...entry,
      action: "signed-out-after-wrong-passwords",
      outcome: "success",
    });
  }
  return { kind: "unauthenticated", message: SIGNED_OUT_AFTER_WRONG_PASSWORDS, signedOut: true };
}

/** A confirmed session: its new token (for the cookie) and the caller as the rest of the request is. */
export interface Confirmed {
  token: string;
  caller: Caller;
}

/**
 * The success of a confirmation (a password and code, or a passkey): the session gets a new token (ASVS
 * 7.2.4; the old one stops working at once for everything privileged) and counts as authenticated now, in
 * one batch with the audit entry and the carrying of the interrupted action it confirms (`carry`, its
 * reference; the session's other waiting actions stay with the old token); then KV follows.
 */
export async function confirmedSession(
  deps: Deps,
  caller: Caller,
  me: SignedInUser,
  carry?: unknown,
): Promise<Outcome<Confirmed>> {
  if (!caller.session) return unauthenticated;
  const renewed = renewSessionToken(deps.db, caller.session);
  const carried = carryInterruptedActionStatement(deps.db, caller.session, carry, renewed.session.tokenHash);
  const moved = await withEventChain(deps.db, async (chain) => {
    const entry = chain.append(
      caller,
      {
        actorId: me.id,
        actorEmail: me.email,
        subjectId: me.id,
        action: "reauthenticated",
        outcome: "success",
        // Only when the token moved: a session ended or renewed meanwhile confirmed nothing.
      },
      { ifChanged: true },
    );
    const [rows] = carried
      ? await deps.db.batch([renewed.statement, entry, carried])
      : await deps.db.batch([renewed.statement, entry]);
    return rows;
  });
  // Ended, or given a new token by another confirmation, in the meantime.
  if (moved.length === 0) return unauthenticated;
  await renewed.store(deps.env);
  return done({ token: renewed.token, caller: { ...caller, session: renewed.session } });
}

/**
 * Confirms the signed-in caller with their password, and a code when the account has a second factor; the
 * session then counts as authenticated now, under a new token. A wrong password or code is the same
 * failure, recorded; wrong passwords are counted per account first (password-limits.server.ts), and the
 * tenth since the last right one ends the session. `ref`, when given, is the reference of the interrupted action this confirmation is for:
 * it goes on under the new token.
 */
export const confirmItsYou = guarded(
  { rateLimit: "account", door: "signed-in", schema: reauthenticationSchema },
  async (deps, caller, { me, input }): Promise<Outcome<Confirmed>> => {
    const { password, code, ref } = input;
    if (me.hasSecondFactor && !code) {
      return invalid({ code: "Enter the code from your authenticator app or a recovery code" });
    }
    // Counted before the check, and cleared if it was right: a request that dies after it still counts.
    const failures = await countConfirmFailure(deps.db, me.id);
    const row = await deps.db.query.users.findFirst({
      columns: { password: true },
      where: eq(users.id, me.id),
    });
    if (!row || !(await verifyPassword(password, row.password))) {
      // Its own entry: a wrong password here is not a wrong code; it counts with the account's wrong
      // confirmations (after ten, the session ends), never against a code budget.
      return refuseConfirmation(deps, caller, me, failures, {
        action: "reauthenticated-password",
        message: WRONG_CONFIRMATION,
      });
    }
    await clearConfirmFailures(deps.db, me.id);
    if (me.hasSecondFactor && code) {
      const check = await checkSecondFactorCode(deps, caller, me, code, "reauthenticated");
      if (!check.ok) return { kind: "unauthenticated", message: WRONG_CONFIRMATION };
    }
    return confirmedSession(deps, caller, me, ref);
  },
);

/** Where a page stands after a posted "Confirm it's you" form (or a passkey's confirmation) and its reference. */
export type Resumption =
  /** No live action of this session under that reference (another session's, spent, expired, made up). */
  | { kind: "nothing"; token: string | null }
  /** The confirmation failed; the action still waits (none when the caller is not signed in). */
  | { kind: "refused"; outcome: Failure; action: InterruptedAction | null }
  /** Confirmed, and the stored action is spent: run it, as this caller, now. */
  | { kind: "resumed"; action: InterruptedAction; caller: Caller; token: string | null };

/**
 * A page action's "Confirm it's you" step. `posted.ref` names the action this session stored when it was
 * refused; nothing else of the form says what goes on. With `intent: "confirm-its-you"` the password (and
 * code) confirm the session first; with `intent: "resume"` the session must already be confirmed (a passkey
 * did it over the API a moment ago). The action is spent either way: it runs once.
 */
export async function resumeInterrupted(
  deps: Deps,
  caller: Caller,
  posted: Record<string, string>,
  place: ResumePlace,
): Promise<Resumption> {
  if (!caller.session) return { kind: "refused", outcome: unauthenticated, action: null };
  const action = await findInterruptedAction(deps.db, caller.session, posted.ref, place);
  if (!action) return { kind: "nothing", token: null };
  let current = caller;
  let token: string | null = null;
  if (posted.intent === "confirm-its-you") {
    const confirmed = await confirmItsYou(deps, caller, {
      password: posted.password,
      code: posted.code,
      ref: posted.ref,
    });
    if (confirmed.kind !== "done") return { kind: "refused", outcome: confirmed, action };
    ({ token, caller: current } = confirmed.value);
  } else {
    const recent = await requireRecentAuthentication(deps.db, caller);
    if (recent.kind !== "done") return { kind: "refused", outcome: recent, action };
  }
  const spent = current.session
    ? await spendInterruptedAction(deps.db, current.session, posted.ref, place)
    : null;
  return spent ? { kind: "resumed", action: spent, caller: current, token } : { kind: "nothing", token };
}
