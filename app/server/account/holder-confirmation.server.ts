import { eq } from "drizzle-orm";
import type { ActionOnAnAccount } from "~/lib/audit-actions";
import { type UserRow, users } from "../../../db/schema";
import type { Caller, Deps } from "../deps";
import { isRecentlyAuthenticated } from "../identity/caller-checks.server";
import type { HolderGuard } from "../identity/guarded.server";
import {
  clearConfirmFailuresIfSignedIn,
  clearConfirmFailuresStatement,
} from "../identity/password-limits.server";
import { renewSessionToken } from "../identity/sessions.server";
import { done, type Failure, invalid, type Outcome } from "../outcome";
import { checkSecondFactorCode } from "../second-factors/second-factors.server";
import type { SignedInUser } from "../session-user";
import {
  claimAndCheckPassword,
  refusalOfPassword,
  refuseConfirmation,
  WRONG_CONFIRMATION,
} from "../sign-in/confirm-its-you.server";

// The gate in front of every change only the account's holder may make (a new password, a new address, the
// account's deletion): the current password again, and a code when the sign-in is not recent.

/** The wrong current password: the same answer whatever else is wrong. */
export const WRONG_PASSWORD = "The current password is not right.";

/** The field error of a change that needs a code too (a second factor, and no sign-in in the last 10 minutes). */
export const CODE_NEEDED =
  "Confirm it's you: you signed in more than 10 minutes ago, so also give the code from your authenticator app or a recovery code";

/** What a change only the account's holder may make asks before it is made (a guard of `guarded`). */
export interface HolderCheck<T> {
  /** The current password, as the form gives it. */
  password: (data: T) => string;
  /** The account's event of the change, recorded as failed on a wrong password. */
  action: ActionOnAnAccount;
  /** A refusal of the change that needs no confirmation (e.g. the last administrator's deletion). */
  refuse?: (deps: Deps, me: SignedInUser, data: T) => Promise<Failure | null>;
}

/** The holder, confirmed: the account's row, and the session's new token when a code renewed it. */
export interface ConfirmedHolder {
  user: UserRow;
  token: string | null;
}

/** The guard of a change only the account's holder may make (`holder` in `guarded`'s guards). */
export function holderGuard<T>(change: HolderCheck<T>): HolderGuard<T, ConfirmedHolder> {
  return { confirm: (deps, caller, me, data, input) => confirmHolder(deps, caller, me, data, input, change) };
}

/**
 * The last steps of every change only the account's holder may make, once `guarded` has checked the rate
 * limit, the session and the input: what the change itself refuses before anything is confirmed (`refuse`),
 * then the current password again. Each password is claimed for the account before it is checked (after
 * ten wrong ones since the last right one the session is ended, and past ten only a session's first is
 * checked: password-limits.server.ts); a wrong one is recorded as the action's failed event and answered
 * with WRONG_PASSWORD (401 over the API), and so is a right one whose session ended meanwhile. When the
 * session is not recent and the account has a second factor, the form's code confirms it's you: as on
 * /confirm-its-you, the session then goes on under a new token (returned, for the cookie; ASVS 7.2.4), so a
 * token copied before cannot use the confirmation.
 */
async function confirmHolder<T>(
  deps: Deps,
  caller: Caller,
  me: SignedInUser,
  data: T,
  input: unknown,
  change: HolderCheck<T>,
): Promise<Outcome<ConfirmedHolder>> {
  const refusal = change.refuse ? await change.refuse(deps, me, data) : null;
  if (refusal) return refusal;
  // Confirm it's you: with a second factor and a sign-in older than 10 minutes, the password is not enough.
  const needsCode = me.hasSecondFactor && !isRecentlyAuthenticated(me);
  const code =
    typeof (input as { code?: unknown })?.code === "string" ? (input as { code: string }).code : "";
  // Asked before the password is claimed, so the answer never depends on whether it was right.
  if (needsCode && code.trim() === "") return invalid({ code: CODE_NEEDED });
  // Claimed before the check (and past the limit not checked at all): a request that dies after it still
  // counts, and requests sent at once check no more passwords than the limit.
  const check = await claimAndCheckPassword(deps, caller, me.id, change.password(data));
  const refused = { action: change.action, message: WRONG_PASSWORD };
  const user = check.right ? await deps.db.query.users.findFirst({ where: eq(users.id, me.id) }) : null;
  if (!user || !caller.session) {
    return refuseConfirmation(deps, caller, me, check.failures, refusalOfPassword(check, refused));
  }
  if (needsCode) {
    const checked = await checkSecondFactorCode(deps, caller, me, code, "reauthenticated");
    if (!checked.ok) {
      return refuseConfirmation(deps, caller, me, check.failures, {
        action: "reauthenticated",
        message: WRONG_CONFIRMATION,
        logged: true,
      });
    }
    // Recent only under a new token: never the token the request came with. The count of wrong passwords
    // starts again in the same batch, only if the session still exists; if not, the password is answered
    // like a wrong one.
    const renewed = renewSessionToken(deps.db, caller.session);
    const [moved] = await deps.db.batch([
      renewed.statement,
      clearConfirmFailuresStatement(deps.db, caller.session, renewed.session.tokenHash),
    ]);
    if (moved.length === 0) return refuseConfirmation(deps, caller, me, check.failures, refused);
    await renewed.store(deps.env);
    return done({ user, token: renewed.token });
  }
  if (!(await clearConfirmFailuresIfSignedIn(deps.db, caller.session))) {
    return refuseConfirmation(deps, caller, me, check.failures, refused);
  }
  return done({ user, token: null });
}
