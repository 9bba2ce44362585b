import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { accountTokens, emailChanges } from "../../../db/schema";
import type { Database } from "../db.server";

// A credential change (a password changed or reset, an administrator's reset of second factors, the console's
// admin:create and admin:reset-2fa) ends every link that hangs off the old credential, in its own batch: the
// live password-reset links and the pending changes of address of the account. The console scripts run the
// same statements as plain SQL (credential-links.ts). An address-change link is also refused when its request
// is older than the account's last password change (email-change.server.ts), whatever path changed it.

/**
 * The statements that void the account's live reset links and pending address changes, for the batch of the
 * credential change. `when` (SQL) makes them conditional on the change having happened in that batch.
 */
export function voidCredentialLinksStatements(db: Database, userId: number, when: SQL = sql`1`) {
  const now = new Date();
  return [
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, "reset-password"),
          isNull(accountTokens.usedAt),
          when,
        ),
      ),
    db
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), when)),
  ] as const;
}
