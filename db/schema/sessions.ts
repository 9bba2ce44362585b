import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { users } from "./people";

// Signed-in sessions, the actions they put off until "Confirm it's you", and the challenges of a sign-in.

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
