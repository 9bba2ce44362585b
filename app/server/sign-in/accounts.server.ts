import { eq, inArray, sql } from "drizzle-orm";
import { LINK_INVALID_MESSAGE, SECURITY_PATH, SIGN_IN_EXPIRED_MESSAGE } from "~/lib/account-messages";
import { confirmEmailSchema, loginSchema, registrationSchema, secondStepSchema } from "~/lib/schemas";
import { mailEvents, users } from "../../../db/schema";
import { auditEntry, recordEvent, withEventChain } from "../audit/account-events.server";
import { spendTokenStatement, tokenUserIdSubquery } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { noticeHeldSignIns } from "../identity/password-limits.server";
import { hashPassword } from "../identity/passwords.server";
import {
  deleteSessionRowStatement,
  forgetSessionToken,
  newSession,
  readSession,
} from "../identity/sessions.server";
import {
  findChallenge,
  isBoundTo,
  issueChallenge,
  newTicketBinding,
  spendChallengeStatement,
} from "../identity/sign-in-tickets.server";
import { authenticate, findActiveUser, insertPendingUserStatement } from "../identity/users.server";
import {
  insertMailEventIfChanged,
  type MailEventMessage,
  mailEventColumns,
  mailEventRow,
  publishMailEvents,
} from "../mail-outbox.server";
import type { Caller, Deps } from "../operation.server";
import { done, invalid, type Outcome, unauthenticated } from "../outcome";
import { checkSecondFactorCode, hasSecondFactorOf } from "../second-factors/second-factors.server";
import type { SessionUser } from "../session-user";

// The account use cases, each one operation behind both doors (the page forms and the JSON API): register,
// sign in and out, confirm an address. A forgotten password is password-reset.server.ts's.

/** Publishes events after the answer: mail never slows or fails the request that caused it. */
function publishLater(deps: Deps, events: MailEventMessage[]) {
  deps.waitUntil(publishMailEvents(deps.env, events));
}

/**
 * Creates a pending account and tells the registrant and the admins. Signs nobody in. An address that
 * already has an account gets the same answer (no enumeration, decision 123): nothing is stored but an email
 * to that address's owner saying someone tried, at most a few a minute per address.
 */
export const register = guarded(
  { rateLimit: "register", honeypot: { answer: null }, door: "anyone", schema: registrationSchema },
  async (deps, _caller, { input }): Promise<Outcome> => {
    const passwordHash = await hashPassword(input.password);
    // Asked for every address, new or not, so both take the same steps.
    const { success: mayTellOwner } = await deps.env.EMAIL_RATE_LIMITER.limit({
      key: `register:${input.email}`,
    });
    const attempt = mailEventRow("registration-attempted", 0);
    const [, created, attempted] = await deps.db.batch([
      insertPendingUserStatement(deps.db, input, passwordHash),
      insertMailEventIfChanged(deps.db, "registration-received"),
      // Only when the insert found the address taken (the statement before inserted no event).
      deps.db
        .insert(mailEvents)
        .select(
          sql`SELECT ${attempt.id}, ${attempt.type}, ${users.id}, unixepoch(), NULL, NULL FROM ${users}
            WHERE ${users.email} = ${input.email} AND changes() = 0 AND ${mayTellOwner ? 1 : 0} = 1`,
        )
        .returning(mailEventColumns),
    ]);
    publishLater(deps, [...created, ...attempted]);
    return done(null);
  },
);

/** The end of a correct password: signed in, or (an account with a second factor) a code still to give. */
export type SignIn =
  | { kind: "signed-in"; user: SessionUser; token: string; secondFactor: boolean }
  /**
   * `ticket` carries the correct password to the form's second step, bound to a cookie of value `binding`;
   * the API asks again with `code`.
   */
  | { kind: "second-factor"; ticket: string | null; binding: string | null };

/** Opens a session with its sign-in entry in one batch, then stores it in KV. */
export async function openSession(
  deps: Deps,
  caller: Caller,
  user: SessionUser,
  action: "sign-in" | "sign-in-code" | "sign-in-recovery-code" | "sign-in-passkey",
): Promise<SignIn> {
  const session = newSession(
    deps.db,
    { userId: user.id, firstName: user.firstName, isAdmin: user.isAdmin },
    caller,
  );
  await withEventChain(deps.db, (chain) =>
    deps.db.batch([session.statement, chain.append(caller, auditEntry(user, action, "success"))]),
  );
  await session.store(deps.env);
  return { kind: "signed-in", user, token: session.token, secondFactor: action !== "sign-in" };
}

/** Finishes a sign-in whose password was right with its second factor's code, or says what is missing. */
async function secondFactorStep(
  deps: Deps,
  caller: Caller,
  user: SessionUser,
  code: string | undefined,
  ticket: { next: string | null } | null,
): Promise<Outcome<SignIn>> {
  if (!(await hasSecondFactorOf(deps.db, user.id)))
    return done(await openSession(deps, caller, user, "sign-in"));
  if (code === undefined) {
    if (!ticket) return done({ kind: "second-factor", ticket: null, binding: null });
    const binding = newTicketBinding();
    const value = await issueChallenge(deps.db, "second-factor", {
      userId: user.id,
      next: ticket.next,
      binding: binding.digest,
    });
    return done({ kind: "second-factor", ticket: value, binding: binding.value });
  }
  const check = await checkSecondFactorCode(deps, caller, user, code, "sign-in-code");
  if (!check.ok) return unauthenticated;
  const action = check.method === "totp" ? "sign-in-code" : "sign-in-recovery-code";
  return done(await openSession(deps, caller, user, action));
}

/**
 * Checks the credentials and opens a session; every kind of failure is the same "unauthenticated", wrong
 * codes included. For an account with a second factor, a correct password without `code` opens nothing:
 * the form gets a ticket for its second step (`ticket`), the API is told a code is required. A failure on a
 * known account is counted per account and client (password-limits.server.ts; a held client is answered the
 * same) and recorded as an event of that account.
 */
export const logIn = guarded(
  { rateLimit: "login", door: "anyone", schema: loginSchema },
  async (
    deps,
    caller,
    { input },
    options: { ticket?: { next: string | null } } = {},
  ): Promise<Outcome<SignIn>> => {
    const { user, accountId, held } = await authenticate(deps.db, input, caller);
    if (!user) {
      if (accountId !== null) {
        // The owner hears of a held client whatever happens to the audit entry, which comes after.
        await noticeHeldSignIns(deps, accountId, caller);
        await recordEvent(
          deps.db,
          caller,
          auditEntry({ id: accountId, email: input.email }, held ? "sign-in-held" : "sign-in", "failure"),
        );
      }
      return unauthenticated;
    }
    return secondFactorStep(deps, caller, user, input.code, options.ticket ?? null);
  },
);

/**
 * The form's second step: the ticket a correct password earned (5 minutes), the value of the cookie it is
 * bound to (`binding`, null when the request has none) and a code. A wrong code leaves the ticket for
 * another try, under the limits on wrong codes; the right one spends it before the session opens. A ticket
 * from another browser (without its cookie) is refused like a wrong code, without trying the code.
 */
export const completeSignIn = guarded(
  { rateLimit: "login", door: "anyone", schema: secondStepSchema },
  async (
    deps,
    caller,
    { input },
    binding: string | null,
  ): Promise<Outcome<SignIn & { next: string | null }>> => {
    const { ticket, code } = input;
    const challenge = await findChallenge(deps.db, "second-factor", ticket);
    const user = challenge?.userId ? await findActiveUser(deps.db, challenge.userId) : null;
    if (!challenge || !user) return { kind: "unauthenticated", message: SIGN_IN_EXPIRED_MESSAGE };
    if (!isBoundTo(challenge, binding)) {
      await recordEvent(deps.db, caller, auditEntry(user, "sign-in", "failure"));
      return unauthenticated;
    }
    const check = await checkSecondFactorCode(deps, caller, user, code, "sign-in-code");
    if (!check.ok) return unauthenticated;
    const action = check.method === "totp" ? "sign-in-code" : "sign-in-recovery-code";
    const spent = await spendChallengeStatement(deps.db, "second-factor", ticket);
    if (spent.length === 0) return { kind: "unauthenticated", message: SIGN_IN_EXPIRED_MESSAGE };
    const signIn = await openSession(deps, caller, user, action);
    return done({ ...signIn, next: challenge.next });
  },
);

/**
 * Ends the session server-side (D1 at once, then KV); the door clears the cookie whatever happens. Only the
 * session's current token ends it: a stale copy of a token it has replaced (KV may still hold its record for
 * a while) ends nothing and is only forgotten.
 */
export async function logOut(deps: Deps, token: string | null, caller: Caller): Promise<Outcome> {
  const session = token ? await readSession(deps.env, token) : null;
  if (token && session) {
    const account = await deps.db.query.users.findFirst({
      columns: { email: true },
      where: eq(users.id, session.userId),
    });
    await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deleteSessionRowStatement(deps.db, session, token),
        chain.append(
          caller,
          auditEntry({ id: session.userId, email: account?.email ?? null }, "sign-out", "success"),
          { ifChanged: true },
        ),
      ]),
    );
    await forgetSessionToken(deps.env, token, session.userId);
  }
  return done(null);
}

/** Confirms the address a confirmation link was sent to. */
export const confirmEmail = guarded(
  linkGuards("confirm-email", confirmEmailSchema),
  async (deps, _caller, { input }): Promise<Outcome> => {
    const { token } = input;
    const [, spent] = await deps.db.batch([
      deps.db
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, unixepoch())` })
        .where(inArray(users.id, tokenUserIdSubquery(deps.db, token, "confirm-email"))),
      spendTokenStatement(deps.db, token, "confirm-email"),
    ]);
    if (spent.length === 0) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    return done(null);
  },
);

/** The user as the JSON API shows it (spec section 7). */
export function publicUser(user: SessionUser) {
  const { id, email, firstName, lastName, company, phone, userTypeId } = user;
  return { id, email, firstName, lastName, company, phone, userTypeId };
}

/** Where a person lands after signing in: an administrator without a second factor on its enrolment. */
export function landingPathFor(user: { isAdmin: boolean; hasSecondFactor?: boolean }): string {
  if (user.isAdmin) return user.hasSecondFactor === false ? SECURITY_PATH : "/admin";
  return "/";
}
