// What a credential change ends besides the sessions: every live password-reset link and every pending
// change of address of the account (docs/decisions/120-a-credential-change-ends-every-link.md). Plain SQL
// with no imports, so the console scripts (scripts/admin-account.ts, scripts/reset-2fa.ts) run the same
// statements as the Worker's batches (credential-links.server.ts).

/**
 * The statements that void the links hanging off an account's credentials; `userId` is an SQL expression
 * (a number, or a subquery that finds the account). Run them in the credential change's own batch.
 */
export function voidCredentialLinksSql(userId: string): string[] {
  return [
    `UPDATE account_tokens SET used_at = unixepoch() WHERE user_id = ${userId} AND purpose = 'reset-password' AND used_at IS NULL`,
    `UPDATE email_changes SET used_at = unixepoch() WHERE user_id = ${userId} AND used_at IS NULL`,
  ];
}
