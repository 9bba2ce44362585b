import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { users } from "./people";

// A person's second factors, and the emailed links that remove one.

/**
 * An authenticator app's secret: 160 bits, encrypted with AES-GCM under the TOTP_ENCRYPTION_KEY secret
 * (totp-secrets.server.ts). Enrolment writes it unconfirmed; the first valid code confirms it. Each code
 * works once: `lastUsedStep` is the last 30-second step a code was accepted for.
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCiphertext: text("secret_ciphertext").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp" }),
  lastUsedStep: integer("last_used_step"),
  createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
});

/** Ten single-use recovery codes per person with a second factor, kept as sha256 of the code. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId, table.codeHash)],
);

/** A person's passkeys (WebAuthn credentials, user verification required), each with a name they chose. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The credential's public key, base64url, in the form webauthn.server.ts verifies with. */
    publicKey: text("public_key").notNull(),
    algorithm: integer("algorithm").notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" }),
    /**
     * The authenticator's signature counter at its last accepted use (0: it keeps none, as synced passkeys
     * do). A use that does not raise a non-zero counter is refused and logged: the key may have been copied.
     */
    signCount: integer("sign_count").notNull().default(0),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/**
 * The link in the email that says a second factor was added ("passkey added", "authenticator app turned
 * on") that removes that factor (with the recovery codes it brought) and ends every session once the
 * account's password is given, so that its owner can always take away a factor they did not add
 * (docs/decisions/121 and 141). Written in the factor's own batch; only sha256 of the token, set as the
 * email goes out; single use, a day, five wrong passwords.
 */
export const factorRemovals = sqliteTable(
  "factor_removals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    factor: text("factor", { enum: ["passkey", "totp"] }).notNull(),
    /** The passkey it removes (factor `passkey`): the link goes with it. */
    passkeyId: text("passkey_id").references(() => passkeys.id, { onDelete: "cascade" }),
    /**
     * The authenticator app it removes (factor `totp`), by the moment it was turned on: an app turned on
     * again later is another app, which the link does not remove.
     */
    totpConfirmedAt: integer("totp_confirmed_at", { mode: "timestamp" }),
    /** The mail event ("passkey-added", "totp-enabled") that carries the link. */
    mailEventId: text("mail_event_id").notNull().unique(),
    tokenHash: text("token_hash").unique(),
    /** The factor was the account's first and brought its recovery codes: they go with it. */
    withRecoveryCodes: integer("with_recovery_codes", { mode: "boolean" }).notNull().default(false),
    /** Raised before each password is checked (a right one takes its count back): five end the link. */
    wrongPasswords: integer("wrong_passwords").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("factor_removals_user_idx").on(table.userId)],
);
