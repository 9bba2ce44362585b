import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { forgotPasswordSchema, resetPasswordSchema } from "~/lib/schemas";
import { users } from "../../../db/schema";
import { withEventChain } from "../audit/account-events.server";
import { findTokenUser, spendTokenStatement, tokenUserIdSubquery } from "../identity/account-tokens.server";
import { voidCredentialLinksStatements } from "../identity/credential-links.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { hashPassword } from "../identity/passwords.server";
import { endUserSessions } from "../identity/sessions.server";
import { revokeSignInTicketsStatement } from "../identity/sign-in-tickets.server";
import { type MailEventMessage, publishMailEvents } from "../mail-outbox.server";
import { done, invalid, type Outcome } from "../outcome";
import { passkeyRemovalAtReset } from "../second-factors/passkeys-at-reset.server";

// "Forgot password?": the emailed link, and the new password set with it. Both doors (the page forms and the
// JSON API) call these operations.

/**
 * Asks for a reset link. The answer is the same for every address (no enumeration): the event is recorded
 * only for an account that can use it, and the mail goes out after the answer.
 */
export const requestPasswordReset = guarded(
  { rateLimit: "forgot-password", door: "anyone", schema: forgotPasswordSchema },
  async (deps, _caller, { input }): Promise<Outcome> => {
    const { email } = input;
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
      deps.waitUntil(publishMailEvents(deps.env, [{ id, type: "password-reset-requested", subjectId }]));
    }
    return done(null);
  },
);

/**
 * Sets a new password from a reset link; every session of that user ends at once, and every other reset link
 * and pending address change of the account is voided in the same batch. Unless `keepPasskeys`,
 * the account's passkeys go in the same batch (a passkey planted from a stolen session must not survive
 * the reset), emailed and logged; passkeys that are the account's only second factor stay (a mailbox alone
 * takes no factor away).
 */
export const resetPassword = guarded(
  linkGuards("reset-password", resetPasswordSchema),
  async (deps, caller, { input }): Promise<Outcome<{ passkeysRemoved: boolean }>> => {
    const { token, password, keepPasskeys } = input;
    const tokenUser = await findTokenUser(deps.db, token, "reset-password");
    if (tokenUser === null) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    const removal = keepPasskeys ? null : await passkeyRemovalAtReset(deps, tokenUser);
    if (removal?.kind === "refused") return invalid({ keepPasskeys: removal.message }, removal.message);
    const passwordHash = await hashPassword(password);
    const write = (removing: (() => BatchItem<"sqlite">[]) | null) =>
      deps.db.batch([
        deps.db
          .update(users)
          .set({ password: passwordHash, updatedAt: new Date(), passwordChangedAt: new Date() })
          .where(inArray(users.id, tokenUserIdSubquery(deps.db, token, "reset-password"))),
        spendTokenStatement(deps.db, token, "reset-password"),
        // Right after the spend: they run only if it changed its row.
        ...(removing ? removing() : []),
        revokeSignInTicketsStatement(deps.db, tokenUser),
        // Every other reset link and every pending address change ends with the old password, if it changed.
        ...voidCredentialLinksStatements(
          deps.db,
          tokenUser,
          sql`EXISTS (SELECT 1 FROM users AS reset WHERE reset.id = ${tokenUser} AND reset.password = ${passwordHash})`,
        ),
      ]);
    const results =
      removal?.kind === "remove"
        ? await withEventChain(deps.db, (chain) => write(() => removal.statements(chain, caller)))
        : await write(null);
    const spent = results[1] as { userId: number }[];
    const userId = spent[0]?.userId;
    if (userId === undefined) return invalid({ token: LINK_INVALID_MESSAGE }, LINK_INVALID_MESSAGE);
    const mail = removal?.kind === "remove" ? (results[2] as MailEventMessage[]) : [];
    // Published after the answer: mail never slows or fails the request that caused it.
    if (mail.length > 0) deps.waitUntil(publishMailEvents(deps.env, mail));
    await endUserSessions(deps.env, deps.db, userId);
    return done({ passkeysRemoved: mail.length > 0 });
  },
);
