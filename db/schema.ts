import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The three tables of the spec (section 3), column for column. Text lengths are enforced
// by CHECK constraints because SQLite ignores declared lengths.

const now = sql`(unixepoch())`;

export const userTypes = sqliteTable(
  "user_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 50 }).notNull().unique(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [check("user_types_name_length", sql`length(${table.name}) <= 50`)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored lower-cased, so uniqueness is case-insensitive.
    email: text("email", { length: 255 }).notNull().unique(),
    password: text("password").notNull(),
    firstName: text("first_name", { length: 100 }).notNull(),
    lastName: text("last_name", { length: 100 }).notNull(),
    company: text("company", { length: 200 }),
    phone: text("phone", { length: 20 }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    approvedBy: integer("approved_by").references((): AnySQLiteColumn => users.id),
    approvedAt: integer("approved_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp" }).notNull().default(now),
    // Beyond the spec's columns: the account lifecycle.
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp" }),
    rejectedBy: integer("rejected_by").references((): AnySQLiteColumn => users.id),
    rejectedAt: integer("rejected_at", { mode: "timestamp" }),
    /**
     * When the password was last changed (a change, a reset, `npm run admin:create`); null if not since this
     * column came. Wrong second-factor codes from before it no longer count (second-factors.server.ts).
     */
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp" }),
    /**
     * When an administrator (or `npm run admin:reset-2fa`) last reset this account's second factors, until
     * it sets a new one up: meanwhile enrolment needs the emailed link, not the password alone.
     */
    secondFactorsResetAt: integer("second_factors_reset_at", { mode: "timestamp" }),
  },
  (table) => [
    index("users_pending_idx").on(table.isApproved, table.createdAt),
    index("users_approved_idx").on(table.isApproved, table.approvedAt),
    check("users_email_length", sql`length(${table.email}) <= 255`),
    check("users_first_name_length", sql`length(${table.firstName}) <= 100`),
    check("users_last_name_length", sql`length(${table.lastName}) <= 100`),
    check("users_company_length", sql`${table.company} IS NULL OR length(${table.company}) <= 200`),
    check("users_phone_length", sql`${table.phone} IS NULL OR length(${table.phone}) <= 20`),
  ],
);

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name", { length: 100 }).notNull(),
    lastName: text("last_name", { length: 100 }).notNull(),
    email: text("email", { length: 255 }).notNull(),
    company: text("company", { length: 200 }),
    phone: text("phone", { length: 20 }),
    userTypeId: integer("user_type_id").references(() => userTypes.id),
    message: text("message").notNull(),
    isProcessed: integer("is_processed", { mode: "boolean" }).notNull().default(false),
    processedBy: integer("processed_by").references(() => users.id),
    processedAt: integer("processed_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [
    index("contact_submissions_unprocessed_idx").on(table.isProcessed, table.createdAt),
    index("contact_submissions_processed_idx").on(table.isProcessed, table.processedAt),
    check("contact_first_name_length", sql`length(${table.firstName}) <= 100`),
    check("contact_last_name_length", sql`length(${table.lastName}) <= 100`),
    check("contact_email_length", sql`length(${table.email}) <= 255`),
    check("contact_company_length", sql`${table.company} IS NULL OR length(${table.company}) <= 200`),
    check("contact_phone_length", sql`${table.phone} IS NULL OR length(${table.phone}) <= 20`),
  ],
);

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
 * Single-use links sent by email (address confirmation, password reset): only sha256(token) is kept,
 * with its purpose, its expiry and when it was used.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["confirm-email", "reset-password", "enrol-second-factor"],
    }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("account_tokens_user_idx").on(table.userId, table.purpose, table.createdAt)],
);

/**
 * The outbox of mail: one row per stored fact that people must hear about, written in the same batch as
 * the fact itself, then put on the queue. A row not yet enqueued is sent again by the scheduled sweep.
 */
export const mailEvents = sqliteTable(
  "mail_events",
  {
    id: text("id").primaryKey(),
    type: text("type", {
      enum: [
        "contact-received",
        "registration-received",
        // Someone registered again with the address of an existing account: its owner is told (subject: the user).
        "registration-attempted",
        "account-approved",
        "password-reset-requested",
        "password-changed",
        "email-change-requested",
        "email-changed",
        "account-deleted",
        "privacy-request",
        "data-erased",
        "recovery-code-used",
        "second-factors-reset",
        "second-factor-wrong-code",
        "second-factor-locked-client",
        "second-factor-locked-account",
        // Wrong passwords held a client (or the account's ceiling was reached) at sign-in.
        "password-held",
        // A second factor added or removed by its owner (the subject is the user).
        "totp-enabled",
        "totp-removed",
        "passkey-added",
        "passkey-removed",
        "passkeys-removed-at-reset",
        "recovery-codes-generated",
        "second-factor-enrolment-link",
      ],
    }).notNull(),
    /**
     * The row the event is about, by type: a contact submission's, a user's, an email change's or a privacy
     * request's id.
     */
    subjectId: integer("subject_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    enqueuedAt: integer("enqueued_at", { mode: "timestamp" }),
    /**
     * Only for mail to a person whose rows are gone (a deletion or an erasure confirmed): the address to
     * tell. The consumer blanks it once the email is handed to Email Service.
     */
    recipient: text("recipient"),
  },
  (table) => [index("mail_events_pending_idx").on(table.enqueuedAt, table.createdAt)],
);

/** Idempotency of delivery: one row per (event, recipient) email handed to Email Service. */
export const emailDeliveries = sqliteTable("email_deliveries", {
  key: text("key").primaryKey(),
  sentAt: integer("sent_at", { mode: "timestamp" }).notNull().default(now),
});

/**
 * Every signed-in session, by an opaque id (never its token or the token's hash outside this table).
 * KV holds the same session for page views (one read, no D1); a privileged request also finds its row
 * here, so a session that is ended (deleted here) is refused at once wherever KV has not caught up yet.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
    userAgent: text("user_agent"),
    country: text("country"),
    /**
     * When the holder last proved who they are in this session (signing in, or "Confirm it's you"): the
     * actions that need a recent authentication (10 minutes) read it. Null on sessions made before it.
     */
    authenticatedAt: integer("authenticated_at", { mode: "timestamp" }),
    /**
     * When this session opened the emailed enrolment link of an account whose second factors were reset:
     * only such a session may set up a new factor while `users.second_factors_reset_at` is set.
     */
    enrolmentAllowedAt: integer("enrolment_allowed_at", { mode: "timestamp" }),
    /**
     * Passwords (and passkeys) this session has sent to "Confirm it's you" and the account forms. Past the
     * account's limit of wrong ones, only a session's first is checked (identity/password-limits.server.ts).
     */
    confirmClaims: integer("confirm_claims").notNull().default(0),
  },
  (table) => [index("sessions_user_idx").on(table.userId, table.createdAt)],
);

/**
 * "Confirm it's you": an action refused for want of a recent sign-in, kept here for the one session (and
 * token) that asked, so that only what the server stored can go on after the confirmation, never what a URL
 * or a form says. The page's address carries an opaque reference; only its sha256 is the id. Single use
 * (spent by deletion), 10 minutes, and gone with its session.
 */
export const interruptedActions = sqliteTable(
  "interrupted_actions",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /**
     * The sha256 of the session token that stored it: a session's token changes at each "Confirm it's you",
     * and only the confirmation that names this action carries it to the new token.
     */
    tokenHash: text("token_hash").notNull(),
    /** What was interrupted, e.g. `reset-second-factors` (interrupted-actions.server.ts lists them). */
    intent: text("intent").notNull(),
    /** What it acts on, when anything: an account's id, a passkey's id. */
    target: text("target"),
    /** The page to go back to once it has run: a path of ours. */
    next: text("next").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [
    index("interrupted_actions_session_idx").on(table.sessionId),
    index("interrupted_actions_expires_idx").on(table.expiresAt),
  ],
);

/**
 * What was done to and by accounts: sign-ins (succeeded or failed), sign-outs, changes. Written in the same
 * D1 batch as the change it records; the admin audit log grows out of it. Never holds a password, token,
 * code or secret. No foreign keys: an entry outlives the sessions it names.
 */
export const accountEvents = sqliteTable(
  "account_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp" }).notNull().default(now),
    actorId: integer("actor_id"),
    subjectId: integer("subject_id"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["success", "failure"] }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    country: text("country"),
    requestId: text("request_id"),
    /** sha256 of the actor's address at the time (audit_emails turns it back into the address). */
    actorEmailSha256: text("actor_email_sha256"),
    /** The hash of the entry before this one (64 zeros for the first): the chain (audit-chain.ts). */
    prevHash: text("prev_hash"),
    /**
     * HMAC-SHA256 of this entry's fields, prevHash and keyId under the AUDIT_LOG_KEY secret (plain sha256
     * on entries made before the key); null only on entries made before the chain.
     */
    hash: text("hash"),
    /** The id of the key `hash` is under (audit-chain.ts `auditKeyOf`); null on the plain sha256 entries. */
    keyId: text("key_id"),
  },
  (table) => [
    index("account_events_subject_idx").on(table.subjectId, table.at),
    index("account_events_actor_idx").on(table.actorId, table.at),
    index("account_events_at_idx").on(table.at),
  ],
);

/**
 * The addresses behind the audit log's actor digests, so the log can show who acted while keeping no
 * address in its entries: erasing a person deletes their row here and leaves the chained entries intact.
 */
export const auditEmails = sqliteTable("audit_emails", {
  sha256: text("sha256").primaryKey(),
  email: text("email").notNull(),
});

/**
 * A change of address asked for in /account: the link goes to the new address (only sha256 of its token is
 * kept, set when the email is sent); the old address is told of the request and of the change.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("email_changes_user_idx").on(table.userId)],
);

/**
 * A request from /privacy/request for what we hold about an address: the link (sha256 of its token, set when
 * the email is sent) lets its holder download that data or erase it for an hour.
 */
export const privacyRequests = sqliteTable(
  "privacy_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(now),
  },
  (table) => [index("privacy_requests_email_idx").on(table.email)],
);

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

/**
 * Single-use challenges of sign-in and enrolment, by sha256 of their value: the ticket between a correct
 * password and its second factor, and each WebAuthn challenge. Never held in memory; spent by deletion.
 */
export const authChallenges = sqliteTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", {
      enum: ["second-factor", "passkey-register", "passkey-sign-in", "passkey-confirm"],
    }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where to go once signed in (the second-factor ticket only): a path of ours. */
    next: text("next"),
    /**
     * The second-factor ticket only: sha256 of the value of the short-lived cookie set with it, so the step
     * is finished only by the browser that gave the password.
     */
    binding: text("binding"),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [index("auth_challenges_expires_idx").on(table.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
