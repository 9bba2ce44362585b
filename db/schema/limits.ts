import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { users } from "./people";

// The tables the limits on wrong passwords and codes count in, each written before the answer
// (docs/decisions/130-limits-count-in-tables-of-their-own.md).

/**
 * Not a spec entity: failed sign-ins per account and client (identity/password-limits.server.ts). A
 * password is claimed here (a plain INSERT that checks the holds in the same statement) before it is
 * checked, and the row is deleted when it was right, so a request that fails after the check still counts;
 * a failed passkey check is a row of its own. Only rows after the password's last change count.
 */
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client (client-address.ts `clientOf`: an IPv4 address or an IPv6 /64); null for no known address. */
    client: text("client"),
    factor: text("factor", { enum: ["password", "passkey"] }).notNull(),
    at: integer("at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("sign_in_failures_user_idx").on(table.userId, table.client, table.at)],
);

/**
 * Not a spec entity: wrong passwords (and failed passkey checks) at "Confirm it's you" and the account
 * forms, per account, since the last right one (identity/password-limits.server.ts). One row per account,
 * raised by an UPSERT before the password is checked.
 */
export const confirmFailures = sqliteTable("confirm_failures", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull().default(0),
  lastFailedAt: integer("last_failed_at", { mode: "timestamp" }).notNull().default(now),
});

/**
 * Every second-factor code tried, and every second-factor success, per account and client: the counter
 * the limits on wrong codes read (second-factors/code-lockout.server.ts). A code is claimed here before it
 * is tried, by one INSERT that checks the limits in the same statement; it counts as wrong unless it is
 * settled as right (`succeeded`), so a request that fails after trying a code counts it. A passkey's
 * success is a settled row of kind `passkey`. `notices` marks the warning emails a wrong code set off
 * (code-lockout.server.ts NOTICE). Rows older than two days are deleted with the account's next claim.
 */
export const codeAttempts = sqliteTable(
  "code_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["totp", "recovery-code", "passkey"] }).notNull(),
    /** The client the code came from (client-address.ts `clientOf`); null for no known address. */
    client: text("client"),
    startedAt: integer("started_at", { mode: "timestamp" }).notNull().default(now),
    succeeded: integer("succeeded", { mode: "boolean" }).notNull().default(false),
    notices: integer("notices").notNull().default(0),
  },
  (table) => [
    index("code_attempts_user_idx").on(table.userId, table.kind),
    index("code_attempts_client_idx").on(table.userId, table.client),
  ],
);
