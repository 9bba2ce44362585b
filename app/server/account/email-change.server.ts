import { and, count, eq, gt, isNull, min, ne, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import { EMAIL_CHANGE_AFTER_RESET, LINK_INVALID_MESSAGE } from "~/lib/account-messages";
import { confirmEmailSchema, emailChangeSchema } from "~/lib/schemas";
import { accountTokens, emailChanges, users } from "../../../db/schema";
import { auditEntry, withEventChain } from "../audit/account-events.server";
import { HOUR_LINK_SECONDS, hashToken } from "../identity/account-tokens.server";
import { guarded, linkGuards } from "../identity/guarded.server";
import { insertMailEventIfChanged, type MailEventMessage, publishMailEvents } from "../mail-outbox.server";
import type { Deps } from "../operation.server";
import { done, type Failure, invalid, type Outcome } from "../outcome";
import { holderGuard, WRONG_PASSWORD } from "./holder-confirmation.server";

// A change of address. The request stores the change and queues its mail: a link to the
// new address (or, when another account already has it, an email saying so, with the same answer here),
// and a notice to the old one. The address changes only when the link is used; then the old address is
// told, and every outstanding link of the account stops working.

const ADDRESS_TAKEN = "That address now belongs to another account, so your address was not changed.";

/** At most this many changes of address asked for per account in a day (decision 122). */
export const EMAIL_CHANGES_PER_DAY = 5;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The daily limit of address changes, read before anything is confirmed: a refusal when the account asked
 * for EMAIL_CHANGES_PER_DAY in the last day, retried once the oldest of them is a day old.
 */
async function dailyLimitRefusal(deps: Deps, userId: number): Promise<Failure | null> {
  const [row] = await deps.db
    .select({ n: count(), oldest: min(emailChanges.createdAt) })
    .from(emailChanges)
    .where(
      and(eq(emailChanges.userId, userId), gt(emailChanges.createdAt, sql`unixepoch() - ${DAY_SECONDS}`)),
    );
  if (!row || row.n < EMAIL_CHANGES_PER_DAY) return null;
  const oldest = row.oldest ? row.oldest.getTime() : Date.now();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + DAY_SECONDS * 1000 - Date.now()) / 1000));
  return { kind: "rate-limited", retryAfterSeconds };
}

/**
 * Asks for a change of address. When the form's code confirmed it's you, the session has a new token
 * (returned for the cookie; null otherwise). At most EMAIL_CHANGES_PER_DAY a day per account. The change is
 * stored only while the password it was confirmed with is still the account's (a password changed at the
 * same moment voids the changes asked for before it, and must not miss this one) and the daily limit holds.
 */
export const requestEmailChange = guarded(
  {
    rateLimit: "account",
    door: "signed-in",
    schema: emailChangeSchema,
    holder: holderGuard<z.output<typeof emailChangeSchema>>({
      password: (data) => data.password,
      action: "email-change-requested",
      // Refused before the password and code are checked, so a refusal confirms nothing (no new token).
      refuse: async (deps, me, data) => {
        const row = await deps.db.query.users.findFirst({
          columns: { secondFactorsResetAt: true },
          where: eq(users.id, me.id),
        });
        // After a reset of second factors the enrolment link goes to the account's address: a password
        // alone must not be able to move that address first and have the link sent to itself.
        if (row?.secondFactorsResetAt) return invalid({ email: EMAIL_CHANGE_AFTER_RESET });
        if (data.email === me.email) return invalid({ email: "That is already your address." });
        return dailyLimitRefusal(deps, me.id);
      },
    }),
  },
  async (deps, caller, { input: data, holder }): Promise<Outcome<{ token: string | null }>> => {
    const { user, token } = holder;
    // Columns in the table's order: id, user, old and new address, token, expiry, used, created.
    const [stored, mail] = await withEventChain(deps.db, (chain) =>
      deps.db.batch([
        deps.db
          .insert(emailChanges)
          .select(
            sql`SELECT NULL, ${user.id}, ${user.email}, ${data.email}, NULL, unixepoch() + ${HOUR_LINK_SECONDS}, NULL, unixepoch()
            WHERE EXISTS (SELECT 1 FROM users AS holder
              WHERE holder.id = ${user.id} AND holder.password = ${user.password} AND holder.email = ${user.email})
            AND (SELECT count(*) FROM email_changes AS asked
              WHERE asked.user_id = ${user.id} AND asked.created_at > unixepoch() - ${DAY_SECONDS}) < ${EMAIL_CHANGES_PER_DAY}`,
          )
          .returning({ id: emailChanges.id }),
        insertMailEventIfChanged(deps.db, "email-change-requested"),
        chain.append(caller, auditEntry(user, "email-change-requested", "success"), { ifChanged: true }),
      ]),
    );
    if (stored.length === 0) {
      // Another request used up the day meanwhile, or the password (or address) changed since it was checked.
      const limited = await dailyLimitRefusal(deps, user.id);
      return limited ?? { kind: "unauthenticated", message: WRONG_PASSWORD };
    }
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done({ token });
  },
);

/**
 * The live change a link names: unused, unexpired, with a token that was sent, and asked for after the
 * account's last password change (a credential change ends every link that hangs off the old one).
 */
function liveChange(tokenHash: string) {
  return and(
    eq(emailChanges.tokenHash, tokenHash),
    isNull(emailChanges.usedAt),
    gt(emailChanges.expiresAt, new Date()),
    sql`NOT EXISTS (SELECT 1 FROM email_changes AS asked JOIN users AS holder ON holder.id = asked.user_id
      WHERE asked.token_hash = ${tokenHash} AND holder.password_changed_at > asked.created_at)`,
  );
}

/**
 * Uses an email-change link. In one batch: the link is spent; the address changes unless another account
 * took it meanwhile; every other link of the account (confirmation, reset, other changes) is voided; the
 * old address is told; the change is recorded as an account event.
 */
export const confirmEmailChange = guarded(
  linkGuards("confirm-email", confirmEmailSchema),
  async (deps, caller, { input }): Promise<Outcome> => {
    const hash = hashToken(input.token);
    const change = await deps.db.query.emailChanges.findFirst({ where: liveChange(hash) });
    if (!change) return invalid({}, LINK_INVALID_MESSAGE);
    // A change asked for before a reset of second factors waits until a factor is set up again.
    const owner = await deps.db.query.users.findFirst({
      columns: { secondFactorsResetAt: true },
      where: eq(users.id, change.userId),
    });
    if (owner?.secondFactorsResetAt) return invalid({}, EMAIL_CHANGE_AFTER_RESET);
    const taken = await deps.db.query.users.findFirst({
      columns: { id: true },
      where: eq(users.email, change.newEmail),
    });
    if (taken) return invalid({}, ADDRESS_TAKEN);
    const now = new Date();
    let results: [{ id: number }[], { id: number }[], MailEventMessage[], ...unknown[]];
    try {
      results = await withEventChain(deps.db, (chain) =>
        deps.db.batch([
          deps.db
            .update(emailChanges)
            .set({ usedAt: now })
            .where(and(eq(emailChanges.id, change.id), liveChange(hash)))
            .returning({ id: emailChanges.id }),
          // Only when the link was spent just now (changes() of the statement before).
          deps.db
            .update(users)
            .set({ email: change.newEmail, emailConfirmedAt: now, updatedAt: now })
            .where(and(eq(users.id, change.userId), sql`changes() = 1`))
            .returning({ id: users.id }),
          insertMailEventIfChanged(deps.db, "email-changed", change.id),
          deps.db
            .update(accountTokens)
            .set({ usedAt: now })
            .where(and(eq(accountTokens.userId, change.userId), isNull(accountTokens.usedAt))),
          deps.db
            .update(emailChanges)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailChanges.userId, change.userId),
                ne(emailChanges.id, change.id),
                isNull(emailChanges.usedAt),
              ),
            ),
          chain.append(
            caller,
            auditEntry({ id: change.userId, email: change.oldEmail }, "email-changed", "success"),
          ),
        ]),
      );
    } catch (error) {
      // The address was taken between the check and the batch: the unique index refused it, and D1 rolled
      // the whole batch back (the link stays unspent, nothing was recorded).
      if (
        /UNIQUE constraint failed: users\.email/i.test(`${error} ${(error as { cause?: unknown }).cause}`)
      ) {
        return invalid({}, ADDRESS_TAKEN);
      }
      throw error;
    }
    const [spent, , mail] = results;
    if (spent.length === 0) return invalid({}, LINK_INVALID_MESSAGE);
    deps.waitUntil(publishMailEvents(deps.env, mail));
    return done(null);
  },
);
