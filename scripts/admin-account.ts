import { hashPassword } from "../app/server/passwords.server.ts";

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
  return `${insert}
ON CONFLICT(email) DO UPDATE SET password = excluded.password, user_type_id = 1, is_approved = 1, is_active = 1,
  approved_at = COALESCE(users.approved_at, unixepoch()), updated_at = unixepoch();`;
}

/** The local demo admin (README.md). Local state only: never in a migration, never remote. */
export const DEMO_ADMIN: AdminAccount = {
  email: "admin@facets.local",
  password: "facets-demo-admin",
  firstName: "Demo",
  lastName: "Admin",
};
