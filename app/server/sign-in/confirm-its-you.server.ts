import { eq } from "drizzle-orm";
import { SIGNED_OUT_AFTER_WRONG_PASSWORDS } from "~/lib/account-messages";
import type { ActionOnAnAccount } from "~/lib/audit-actions";
import { reauthenticationSchema } from "~/lib/schemas";
import { users } from "../../../db/schema";
import { auditEntry, recordEvent, withEventChain } from "../audit/account-events.server";
import { requireRecentAuthentication } from "../identity/caller-checks.server";
import { guarded } from "../identity/guarded.server";
import {
  carryInterruptedActionStatement,
  findInterruptedAction,
  type InterruptedAction,
  spendInterruptedAction,
} from "../identity/interrupted-actions.server";
import {
  claimConfirmation,
  clearConfirmFailuresStatement,
  endsTheSession,
} from "../identity/password-limits.server";
import { spendEquivalentHashWork, verifyPassword } from "../identity/passwords.server";
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

/** How a failed confirmation is logged and answered at its door. */
export interface RefusalOf {
  action: ActionOnAnAccount;
  message: string;
  /** The check already logged its own failure (a wrong code): no entry of the door's action. */
  logged?: boolean;
}

/**
 * The refusal of a failed confirmation, already counted (`failures`, password-limits.server.ts): after ten
 * since the last right one, the session that failed is ended first (D1, then KV), and the answer says so.
 * Then the audit entries, which nothing here depends on. A claim that was not checked at all (past the
 * limit, or its session gone) is refused here too, with `confirmation-not-checked` as its entry: its
 * answer is the one a wrong password with the same count gets, so it says nothing of what was sent.
 */
export async function refuseConfirmation(
  deps: Deps,
  caller: Caller,
  me: { id: number; email: string },
  failures: number,
  failure: RefusalOf,
): Promise<Failure> {
  const logFailure = () =>
    failure.logged
      ? Promise.resolve()
      : recordEvent(deps.db, caller, auditEntry(me, failure.action, "failure"));
  if (!endsTheSession(failures) || !caller.session) {
    await logFailure();
    return { kind: "unauthenticated", message: failure.message };
  }
  const ended = await deleteSessionByIdStatement(deps.db, me.id, caller.session.sessionId);
  await forgetEndedSessions(deps.env, me.id, ended);
  await logFailure();
  if (ended.length > 0) {
    await recordEvent(deps.db, caller, auditEntry(me, "signed-out-after-wrong-passwords", "success"));
  }
  return { kind: "unauthenticated", message: SIGNED_OUT_AFTER_WRONG_PASSWORDS, signedOut: true };
}

/** A password claimed and, if the claim allows it, checked (`right` is false when it was not checked). */
export interface PasswordCheck {
  failures: number;
  checked: boolean;
  right: boolean;
}

/**
 * Claims the check of the caller's password (password-limits.server.ts `claimConfirmation`), then checks
 * it only if the claim allows it: past the limit of wrong passwords (for any claim but a session's first),
 * or with the session gone, the same hash work is spent and nothing is compared, so no number of requests
 * sent at once checks more passwords than the limit.
 */
export async function claimAndCheckPassword(
  deps: Deps,
  caller: Caller,
  userId: number,
  password: string,
): Promise<PasswordCheck> {
  const { failures, check } = await claimConfirmation(deps.db, userId, caller.session ?? null);
  if (!check) {
    await spendEquivalentHashWork(password);
    return { failures, checked: false, right: false };
  }
  const row = await deps.db.query.users.findFirst({
    columns: { password: true },
    where: eq(users.id, userId),
  });
  if (!row) {
    await spendEquivalentHashWork(password);
    return { failures, checked: true, right: false };
  }
  return { failures, checked: true, right: await verifyPassword(password, row.password) };
}

/** The refusal of a password that was wrong, or not checked. */
export function refusalOfPassword(check: PasswordCheck, failure: RefusalOf): RefusalOf {
  return check.checked ? failure : { ...failure, action: "confirmation-not-checked" };
}

/** A confirmed session: its new token (for the cookie) and the caller as the rest of the request is. */
export interface Confirmed {
  token: string;
  caller: Caller;
}

/**
 * The success of a confirmation (a password and code, or a passkey): the session gets a new token (ASVS
 * 7.2.4; the old one stops working at once for everything privileged) and counts as authenticated now, in
 * one batch with the audit entry, the carrying of the interrupted action it confirms (`carry`, its
 * reference; the session's other waiting actions stay with the old token) and the end of the count of
 * wrong passwords, only if the session was renewed; then KV follows. A session ended (or renewed by
 * another confirmation) meanwhile confirms nothing and clears nothing, and is answered as the failure
 * `refused` with the claim's count, as if the password had been wrong.
 */
export async function confirmedSession(
  deps: Deps,
  caller: Caller,
  me: SignedInUser,
  carry: unknown,
  refused: RefusalOf & { failures: number },
): Promise<Outcome<Confirmed>> {
  if (!caller.session) return unauthenticated;
  const renewed = renewSessionToken(deps.db, caller.session);
  const carried = carryInterruptedActionStatement(deps.db, caller.session, carry, renewed.session.tokenHash);
  const cleared = clearConfirmFailuresStatement(deps.db, caller.session, renewed.session.tokenHash);
  const moved = await withEventChain(deps.db, async (chain) => {
    const entry = chain.append(
      caller,
      auditEntry(me, "reauthenticated", "success"),
      // Only when the token moved: a session ended or renewed meanwhile confirmed nothing.
      { ifChanged: true },
    );
    const [rows] = carried
      ? await deps.db.batch([renewed.statement, entry, carried, cleared])
      : await deps.db.batch([renewed.statement, entry, cleared]);
    return rows;
  });
  // Ended, or given a new token by another confirmation, in the meantime: answered as a failure.
  if (moved.length === 0) return refuseConfirmation(deps, caller, me, refused.failures, refused);
  await renewed.store(deps.env);
  return done({ token: renewed.token, caller: { ...caller, session: renewed.session } });
}

/**
 * Confirms the signed-in caller with their password, and a code when the account has a second factor; the
 * session then counts as authenticated now, under a new token. A wrong password or code is the same
 * failure, recorded; each password is claimed per account before it is checked (password-limits.server.ts),
 * the tenth wrong one since the last right one ends the session, and past ten only a session's first is
 * checked at all. Every failure, and a right password whose session ended meanwhile, gets the answer a
 * wrong password with the same count gets. `ref`, when given, is the reference of the interrupted action
 * this confirmation is for: it goes on under the new token.
 */
export const confirmItsYou = guarded(
  { rateLimit: "account", door: "signed-in", schema: reauthenticationSchema },
  async (deps, caller, { me, input }): Promise<Outcome<Confirmed>> => {
    const { password, code, ref } = input;
    if (me.hasSecondFactor && !code) {
      return invalid({ code: "Enter the code from your authenticator app or a recovery code" });
    }
    const check = await claimAndCheckPassword(deps, caller, me.id, password);
    // Its own entry: a wrong password here is not a wrong code; it counts with the account's wrong
    // confirmations (after ten, the session ends), never against a code budget.
    const refused = { action: "reauthenticated-password", message: WRONG_CONFIRMATION } as const;
    if (!check.right) {
      return refuseConfirmation(deps, caller, me, check.failures, refusalOfPassword(check, refused));
    }
    if (me.hasSecondFactor && code) {
      const checked = await checkSecondFactorCode(deps, caller, me, code, "reauthenticated");
      if (!checked.ok) {
        return refuseConfirmation(deps, caller, me, check.failures, {
          action: "reauthenticated",
          message: WRONG_CONFIRMATION,
          logged: true,
        });
      }
    }
    return confirmedSession(deps, caller, me, ref, { ...refused, failures: check.failures });
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
  /** The intents the asking page takes (page-door.server.ts): a reference to any other names nothing. */
  intents: readonly string[],
): Promise<Resumption> {
  if (!caller.session) return { kind: "refused", outcome: unauthenticated, action: null };
  const action = await findInterruptedAction(deps.db, caller.session, posted.ref, intents);
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
    ? await spendInterruptedAction(deps.db, current.session, posted.ref, intents)
    : null;
  return spent ? { kind: "resumed", action: spent, caller: current, token } : { kind: "nothing", token };
}
