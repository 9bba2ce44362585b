import { eq, inArray, sql } from "drizzle-orm";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import {
  confirmEmailSchema,
  fieldErrorsOf,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
} from "~/lib/schemas";
import { loginFailures, users } from "../../db/schema";
import { recordEvent, withEventChain } from "./account-events.server";
import { findTokenUser, spendTokenStatement, tokenUserIdSubquery } from "./account-tokens.server";
import { insertMailEventIfChanged, type MailEventMessage, publishMailEvents } from "./mail-outbox.server";
import { type Caller, type Deps, rateLimit, trippedHoneypot } from "./operation.server";
import { conflict, done, invalid, type Outcome, unauthenticated } from "./outcome";
import { hashPassword } from "./passwords.server";
import type { SessionUser } from "./session-user";
import {
  deleteSessionRowStatement,
  endUserSessions,
  forgetSessionToken,
  newSession,
  readSession,
} from "./sessions.server";
import { authenticate, insertPendingUserStatement } from "./users.server";

// The account use cases, each one operation behind both doors (the page forms and the JSON API).

/** Publishes events after the answer: mail never slows or fails the request that caused it. */
function publishLater(deps: Deps, events: MailEventMessage[]) {
  deps.waitUntil(publishMailEvents(deps.env, events));
}

/** Creates a pending account and tells the registrant and the admins. Signs nobody in. */
export async function register(deps: Deps, input: unknown, caller: Caller): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "register", caller);
  if (limited) return limited;
  if (trippedHoneypot(input)) return done(null);
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const passwordHash = await hashPassword(parsed.data.password);
  const [inserted, events] = await deps.db.batch([
    insertPendingUserStatement(deps.db, parsed.data, passwordHash),
    insertMailEventIfChanged(deps.db, "registration-received"),
  ]);
  if (inserted.length === 0) return conflict("An account with this email already exists.");
  publishLater(deps, events);
  return done(null);
}

/**
 * Checks the credentials and opens a session; every kind of failure is the same "unauthenticated". The
 * session's row and the sign-in's account event are written in one batch; a failure on a known account is
 * recorded as an event of that account.
 */
export async function logIn(
  deps: Deps,
  input: unknown,
  caller: Caller,
): Promise<Outcome<{ user: SessionUser; token: string }>> {
  const limited = await rateLimit(deps.env, "login", caller);
  if (limited) return limited;
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { user, accountId } = await authenticate(deps.db, parsed.data);
  if (!user) {
    if (accountId !== null) {
      await recordEvent(deps.db, caller, {
        actorId: accountId,
        actorEmail: parsed.data.email,
        subjectId: accountId,
        action: "sign-in",
        outcome: "failure",
      });
    }
    return unauthenticated;
  }
  const session = newSession(
    deps.db,
    { userId: user.id, firstName: user.firstName, isAdmin: user.isAdmin },
    caller,
  );
  await withEventChain(deps.db, (chain) =>
    deps.db.batch([
      session.statement,
      chain.append(caller, {
        actorId: user.id,
        actorEmail: user.email,
        subjectId: user.id,
        action: "sign-in",
        outcome: "success",
      }),
    ]),
  );
  await session.store(deps.env);
  return done({ user, token: session.token });
}

/** Ends the session server-side (D1 at once, then KV); the door clears the cookie whatever happens. */
export async function logOut(deps: Deps, token: string | null, caller: Caller): Promise<Outcome> {
  const session = token ? await readSession(deps.env, token) : null;
  if (token && session) {
    const account = await deps.db.query.users.findFirst({
      columns: { email: true },
      where: eq(users.id, session.userId),
    });
    await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deleteSessionRowStatement(deps.db, session),
        chain.append(caller, {
          actorId: session.userId,
          actorEmail: account?.email ?? null,
          subjectId: session.userId,
          action: "sign-out",
          outcome: "success",
        }),
      ]),
    );
    await forgetSessionToken(deps.env, token, session.userId);
  }
  return done(null);
}

/** Confirms the address a confirmation link was sent to. */
export async function confirmEmail(deps: Deps, input: unknown, caller: Caller): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "confirm-email", caller);
  if (limited) return limited;
  const parsed = confirmEmailSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), LINK_INVALID_MESSAGE);
  const { token } = parsed.data;
  const [, spent] = await deps.db.batch([
    deps.db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, unixepoch())` })
      .where(inArray(users.id, tokenUserIdSubquery(deps.db, token, "confirm-email"))),
    spendTokenStatement(deps.db, token, "confirm-email"),
  ]);
  if (spent.length === 0) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
  return done(null);
}

/**
 * Asks for a reset link. The answer is the same for every address (no enumeration): the event is recorded
 * only for an account that can use it, and the mail goes out after the answer.
 */
export async function requestPasswordReset(deps: Deps, input: unknown, caller: Caller): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "forgot-password", caller);
  if (limited) return limited;
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { email } = parsed.data;
  // Per address too, so nobody floods one inbox from many client addresses; still the same answer.
  const { success } = await deps.env.EMAIL_RATE_LIMITER.limit({ key: `forgot-password:${email}` });
  if (!success) return done(null);
  const id = crypto.randomUUID();
  const rows = await deps.db.all<{ subject_id: number }>(
    sql`INSERT INTO mail_events (id, type, subject_id)
        SELECT ${id}, 'password-reset-requested', ${users.id} FROM ${users}
        WHERE ${users.email} = ${email} AND ${users.isActive} = 1 AND ${users.rejectedAt} IS NULL
        RETURNING subject_id`,
  );
  const subjectId = rows[0]?.subject_id;
  if (subjectId !== undefined) {
    publishLater(deps, [{ id, type: "password-reset-requested", subjectId }]);
  }
  return done(null);
}

/** Sets a new password from a reset link; every session of that user ends at once. */
export async function resetPassword(deps: Deps, input: unknown, caller: Caller): Promise<Outcome> {
  const limited = await rateLimit(deps.env, "reset-password", caller);
  if (limited) return limited;
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), LINK_INVALID_MESSAGE);
  const { token, password } = parsed.data;
  const tokenUser = await findTokenUser(deps.db, token, "reset-password");
  if (tokenUser === null) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
  const passwordHash = await hashPassword(password);
  const [, spent] = await deps.db.batch([
    deps.db
      .update(users)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(inArray(users.id, tokenUserIdSubquery(deps.db, token, "reset-password"))),
    spendTokenStatement(deps.db, token, "reset-password"),
    deps.db.delete(loginFailures).where(eq(loginFailures.userId, tokenUser)),
  ]);
  const userId = spent[0]?.userId;
  if (userId === undefined) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
  await endUserSessions(deps.env, deps.db, userId);
  return done(null);
}

/** The user as the JSON API shows it (spec section 7). */
export function publicUser(user: SessionUser) {
  const { id, email, firstName, lastName, company, phone, userTypeId } = user;
  return { id, email, firstName, lastName, company, phone, userTypeId };
}

export function landingPathFor(user: { isAdmin: boolean }): string {
  return user.isAdmin ? "/admin" : "/";
}
