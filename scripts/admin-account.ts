import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { voidCredentialLinksSql } from "../app/server/identity/credential-links.ts";
import { hashPassword } from "../app/server/identity/passwords.server.ts";
import {
  normalisedRecoveryCode,
  recoveryCodeHash,
  recoveryCodeKey,
} from "../app/server/second-factors/recovery-codes.ts";
import { encryptTotpSecret } from "../app/server/second-factors/totp-secrets.ts";
import {
  DEMO_ADMIN_RECOVERY_CODES,
  DEMO_ADMIN_TOTP_SECRET,
  LOCAL_RECOVERY_CODE_KEY,
  LOCAL_TOTP_ENCRYPTION_KEY,
} from "./local-secrets.ts";

export const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

export interface AdminAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * SQL that creates an approved, active admin (user type 1) or promotes an existing account,
 * hashing the password with the site's own parameters. With `onlyIfMissing` an existing row is left alone.
 */
export async function upsertAdminSql(account: AdminAccount, options: { onlyIfMissing?: boolean } = {}) {
  const hash = await hashPassword(account.password);
  const values = [account.email.trim().toLowerCase(), hash, account.firstName, account.lastName].map(
    sqlString,
  );
  const insert = `INSERT INTO users (email, password, first_name, last_name, user_type_id, is_approved, is_active, approved_at)
VALUES (${values.join(", ")}, 1, 1, 1, unixepoch())`;
  if (options.onlyIfMissing) return `${insert} ON CONFLICT(email) DO NOTHING;`;
  // A new password also ends any sign-in waiting for its second step (its ticket was earned by the old one),
  // and every live reset link and pending address change of the account.
  const accountId = `(SELECT id FROM users WHERE email = ${values[0]})`;
  return [
    `${insert}
ON CONFLICT(email) DO UPDATE SET password = excluded.password, user_type_id = 1, is_approved = 1, is_active = 1,
  approved_at = COALESCE(users.approved_at, unixepoch()), updated_at = unixepoch(), password_changed_at = unixepoch()`,
    `DELETE FROM auth_challenges WHERE purpose = 'second-factor' AND user_id = ${accountId}`,
    ...voidCredentialLinksSql(accountId),
  ]
    .join(";\n")
    .concat(";");
}

/** The local demo admin (README.md). Local state only: never in a migration, never remote. */
export const DEMO_ADMIN: AdminAccount = {
  email: "admin@facets.local",
  password: "facets-demo-admin",
  firstName: "Demo",
  lastName: "Admin",
};

/** The demo admin's recovery codes of the first format (50 bits, sha256), which the seed now replaces. */
const FIRST_DEMO_RECOVERY_CODES = "abcdefghij".split("").map((letter) => `demo${letter}local`);

/**
 * SQL that gives the demo admin its fixed authenticator-app secret and recovery codes (scripts/local-secrets.ts),
 * each only if the account has none yet: local state only, like the account itself. A state folder that
 * still holds the first demo codes gets the current ones instead.
 */
export async function demoSecondFactorSql(email: string): Promise<string> {
  const ciphertext = await encryptTotpSecret(
    LOCAL_TOTP_ENCRYPTION_KEY,
    decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET),
  );
  const user = `(SELECT id FROM users WHERE email = ${sqlString(email)})`;
  const key = recoveryCodeKey(LOCAL_RECOVERY_CODE_KEY) ?? new Uint8Array();
  const hashes = DEMO_ADMIN_RECOVERY_CODES.map((code) =>
    recoveryCodeHash(key, normalisedRecoveryCode(code) ?? code),
  );
  const firstHashes = FIRST_DEMO_RECOVERY_CODES.map((code) => recoveryCodeHash(key, code));
  return `INSERT INTO totp_credentials (user_id, secret_ciphertext, confirmed_at)
SELECT id, ${sqlString(ciphertext)}, unixepoch() FROM users WHERE email = ${sqlString(email)}
ON CONFLICT(user_id) DO NOTHING;
DELETE FROM recovery_codes WHERE user_id = ${user}
AND code_hash IN (SELECT value FROM json_each(${sqlString(JSON.stringify(firstHashes))}));
INSERT INTO recovery_codes (user_id, code_hash)
SELECT ${user}, value FROM json_each(${sqlString(JSON.stringify(hashes))})
WHERE NOT EXISTS (SELECT 1 FROM recovery_codes WHERE user_id = ${user});`;
}
