import { eq } from "drizzle-orm";
import { fieldErrorsOf, reauthenticationSchema } from "~/lib/schemas";
import { users } from "../../db/schema";
import { recordEvent, withEventChain } from "./account-events.server";
import type { Database } from "./db.server";
import { type Caller, type Deps, rateLimit } from "./operation.server";
import { confirmItsYouFirst, done, invalid, type Outcome, unauthenticated } from "./outcome";
import { verifyPassword } from "./passwords.server";
import { checkSecondFactorCode, markAuthenticatedStatement } from "./second-factors.server";
import type { SignedInUser } from "./session-user";
import { findSignedInUser } from "./users.server";

// "Confirm it's you": the actions that change how an account is protected, delete it, or use admin power
// over another person need an authentication within the last 10 minutes in this session (a sign-in, or this
// confirmation: the password with a code when the account has a second factor, or a passkey).

export const RECENT_AUTHENTICATION_SECONDS = 10 * 60;

export const WRONG_CONFIRMATION = "That password or code is not right.";

export function isRecentlyAuthenticated(user: SignedInUser, now = Date.now() / 1000): boolean {
  return user.authenticatedAt !== null && now - user.authenticatedAt <= RECENT_AUTHENTICATION_SECONDS;
}

/** The signed-in caller if they authenticated within the last 10 minutes, or why not. */
export async function requireRecentAuthentication(
  db: Database,
  caller: Caller,
): Promise<Outcome<SignedInUser>> {
  if (!caller.session) return unauthenticated;
  const user = await findSignedInUser(db, caller.session);
  if (!user) return unauthenticated;
  return isRecentlyAuthenticated(user) ? done(user) : confirmItsYouFirst;
}

/**
 * Confirms the signed-in caller with their password, and a code when the account has a second factor; the
 * session then counts as authenticated now. A wrong password or code is the same failure, recorded.
 */
export async function confirmItsYou(deps: Deps, caller: Caller, input: unknown): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "account", caller);
  if (limited) return limited;
  if (!caller.session) return unauthenticated;
  const me = await findSignedInUser(deps.db, caller.session);
  if (!me) return unauthenticated;
  const parsed = reauthenticationSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { password, code } = parsed.data;
  if (me.hasSecondFactor && !code) {
    return invalid({ code: "Enter the code from your authenticator app or a recovery code" });
  }
  const row = await deps.db.query.users.findFirst({
    columns: { password: true },
    where: eq(users.id, me.id),
  });
  const entry = {
    actorId: me.id,
    actorEmail: me.email,
    subjectId: me.id,
    action: "reauthenticated",
  } as const;
  if (!row || !(await verifyPassword(password, row.password))) {
    // Its own entry: a wrong password here is not a wrong code, and does not count towards their limits.
    await recordEvent(deps.db, caller, { ...entry, action: "reauthenticated-password", outcome: "failure" });
    return { kind: "unauthenticated", message: WRONG_CONFIRMATION };
  }
  if (me.hasSecondFactor && code) {
    const check = await checkSecondFactorCode(deps, caller, me, code, "reauthenticated");
    if (!check.ok) return { kind: "unauthenticated", message: WRONG_CONFIRMATION };
  }
  await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      markAuthenticatedStatement(deps.db, me.sessionId),
      chain.append(caller, { ...entry, outcome: "success" }),
    ]),
  );
  return done(null);
}

/** What a page action does with a posted form: the form to go on with, or the confirmation's failure. */
export type Resumed =
  | { kind: "go-on"; intent: string | undefined; form: Record<string, string> }
  | { kind: "refused"; outcome: Exclude<Outcome, { kind: "done" }>; resume: string | undefined };

/**
 * A page action's first step: a "Confirm it's you" form (intent `confirm-its-you`) is checked, and then
 * the action it interrupted (`resume`) goes on with the same fields; any other form goes on as it is.
 */
export async function resumeAfterConfirmation(
  deps: Deps,
  caller: Caller,
  posted: Record<string, string>,
): Promise<Resumed> {
  const { intent, resume, password, code, ...form } = posted;
  if (intent !== "confirm-its-you") return { kind: "go-on", intent, form: posted };
  const confirmed = await confirmItsYou(deps, caller, { password, code });
  if (confirmed.kind !== "done") return { kind: "refused", outcome: confirmed, resume };
  return { kind: "go-on", intent: resume, form };
}
