import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import type { LoginInput, RegistrationInput } from "~/lib/schemas";
import { passkeys, sessions, totpCredentials, UNDECIDED_INDEX, users } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller } from "../deps";
import { emit } from "../events.server";
import { afterCursor, type Cursor, cappedCount, type Keyset, keysetOrder } from "../keyset.server";
import type { SessionInfo, SessionUser, SignedInUser } from "../session-user";
import { claimPasswordCheck, settleRightPassword } from "./password-limits.server";
import { spendEquivalentHashWork, verifyPassword } from "./passwords.server";
import { ADMIN_SESSION_LIMITS } from "./session-records.server";

/** The insert of a pending account (isApproved false, isActive true); on a taken email it inserts nothing. */
export function insertPendingUserStatement(db: Database, input: RegistrationInput, passwordHash: string) {
  return db
    .insert(users)
    .values({
      email: input.email,
      password: passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      phone: input.phone,
      userTypeId: input.userTypeId,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
}

function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    phone: row.phone,
    userTypeId: row.userTypeId,
    isAdmin: row.userTypeId === ADMIN_USER_TYPE_ID,
  };
}

/**
 * The user behind a session, if the session has not been ended, still has the request's token, and the
 * account is still approved and active: read from D1 every time, so a sign-out elsewhere, a deactivation or
 * a new token counts at once.
 */
export async function findSignedInUser(db: Database, session: SessionInfo): Promise<SignedInUser | null> {
  const [row] = await db
    .select({
      user: users,
      sessionCreatedAt: sessions.createdAt,
      authenticatedAt: sessions.authenticatedAt,
      hasSecondFactor: hasSecondFactorSql(users.id),
    })
    .from(users)
    .innerJoin(
      sessions,
      and(
        eq(sessions.userId, users.id),
        eq(sessions.id, session.sessionId),
        // The token this request came with, when known: a token "Confirm it's you" replaced is refused here.
        session.tokenHash ? eq(sessions.tokenHash, session.tokenHash) : undefined,
      ),
    )
    .where(and(eq(users.id, session.userId), eq(users.isApproved, true), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const user = toSessionUser(row.user);
  const age = Date.now() / 1000 - row.sessionCreatedAt.getTime() / 1000;
  // An administrator's session ends after 12 hours, whatever KV still holds.
  if (user.isAdmin && age >= ADMIN_SESSION_LIMITS.absolute) return null;
  return {
    ...user,
    sessionId: session.sessionId,
    hasSecondFactor: row.hasSecondFactor,
    authenticatedAt: row.authenticatedAt ? Math.floor(row.authenticatedAt.getTime() / 1000) : null,
  };
}

/** An approved, active account by id, as a session would know it (the second step of a sign-in). */
export async function findActiveUser(db: Database, id: number): Promise<SessionUser | null> {
  const row = await db.query.users.findFirst({
    where: and(eq(users.id, id), eq(users.isApproved, true), eq(users.isActive, true)),
  });
  return row ? toSessionUser(row) : null;
}

/**
 * Checks a login. Unknown email, wrong password, pending or inactive account and a client held for the
 * account (password-limits.server.ts) all come back without a user, after the same hashing work;
 * `accountId` names the account the address belongs to, if any, so the failure can be recorded as one of its
 * events (never shown to the caller), and `held` says the password was not checked.
 */
export async function authenticate(
  db: Database,
  input: LoginInput,
  caller: Caller,
): Promise<{ user: SessionUser | null; accountId: number | null; held: boolean }> {
  const row = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  if (!row) {
    await spendEquivalentHashWork(input.password);
    return { user: null, accountId: null, held: false };
  }
  // A failed sign-in from the moment it is claimed: a request that dies during the check still counts.
  const claim = await claimPasswordCheck(db, row.id, caller);
  if (claim === null) {
    emit("refusal.held-account", { userId: row.id });
    await spendEquivalentHashWork(input.password);
    return { user: null, accountId: row.id, held: true };
  }
  const failed = { user: null, accountId: row.id, held: false };
  if (!(await verifyPassword(input.password, row.password))) return failed;
  await settleRightPassword(db, row.id, caller);
  if (!row.isApproved || !row.isActive) return failed;
  return { user: toSessionUser(row), accountId: row.id, held: false };
}

/** A person as the dashboard's lists and pages show them: who they are and when they registered. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  company: users.company,
  phone: users.phone,
  userTypeId: users.userTypeId,
  createdAt: users.createdAt,
};

const pendingFields = {
  ...personColumns,
  emailConfirmed: sql<boolean>`${users.emailConfirmedAt} IS NOT NULL`.mapWith(Boolean),
};

const isPending = and(eq(users.isApproved, false), isNull(users.rejectedAt));

/** The pending accounts among those `rows` selects (a condition on users), for the entries of a bulk decision. */
export function pendingAmong(db: Database, rows: SQL) {
  return db.select({ id: users.id }).from(users).where(and(rows, isPending)).getSQL();
}

/** Decides every pending account among those `rows` selects at once; returns the ids it decided. */
export function decideManyPendingStatement(
  db: Database,
  rows: SQL,
  adminId: number,
  decision: "approve" | "reject",
) {
  const now = new Date();
  const change =
    decision === "approve"
      ? { isApproved: true, approvedBy: adminId, approvedAt: now }
      : { rejectedBy: adminId, rejectedAt: now, isActive: false };
  return db
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(and(rows, isPending))
    .returning({ id: users.id });
}

/** Pending accounts up to `upTo` (the newest id on show), oldest first, at most `limit`: "all pending". */
export function pendingUpTo(db: Database, upTo: number, limit: number): SQL {
  return inArray(
    users.id,
    db
      .select({ id: users.id })
      .from(users)
      .where(and(isPending, lte(users.id, upTo)))
      .orderBy(users.id)
      .limit(limit),
  );
}

export type PendingUser = Awaited<ReturnType<typeof listPendingUsers>>[number];

/** Accounts waiting for approval, oldest first, after a cursor (served by users_pending_idx). */
export function listPendingUsers(db: Database, after: SQL | undefined, limit: number) {
  return db
    .select(pendingFields)
    .from(users)
    .where(and(isPending, after))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/** The newest account's id: "all pending" reaches no further than what was on show. */
export async function newestUserId(db: Database): Promise<number | null> {
  const [row] = await db.select({ id: sql<number | null>`max(${users.id})` }).from(users);
  return row?.id ?? null;
}

/** Pending registrations, counted up to COUNT_CAP + 1 (the tab's badge reads "10,000+" past it). */
export function countPendingUsers(db: Database): Promise<number> {
  // The partial index's own condition, as literals: with a bound value SQLite cannot see that it holds.
  return cappedCount(
    db,
    sql`${users} INDEXED BY ${sql.identifier(UNDECIDED_INDEX)}`,
    sql`${users.isApproved} = 0 AND ${users.rejectedAt} IS NULL`,
  );
}

const approvedFields = {
  ...personColumns,
  isActive: users.isActive,
  approvedAt: users.approvedAt,
};

export type ApprovedUser = Awaited<ReturnType<typeof listApprovedUsers>>[number];

/** The Users tab's order: most recently approved first (served by users_approved_idx and the rowid). */
export const approvedKeyset: Keyset = { at: users.approvedAt, id: users.id, direction: "desc" };
export const isApprovedUser = eq(users.isApproved, true);

/**
 * Approved accounts, active or not, in `approvedKeyset`'s order, after `cursor` (an approved account always
 * has its approval time: approveUser and `npm run admin:create` set it).
 */
export function listApprovedUsers(db: Database, cursor: Cursor | null, limit: number) {
  return db
    .select(approvedFields)
    .from(users)
    .where(and(isApprovedUser, afterCursor(approvedKeyset, cursor)))
    .orderBy(...keysetOrder(approvedKeyset))
    .limit(limit);
}

/** Approved accounts, counted up to COUNT_CAP + 1 (the tab's badge reads "10,000+" past it). */
export function countApprovedUsers(db: Database): Promise<number> {
  return cappedCount(db, sql`${users}`, isApprovedUser);
}

/** Where an account stands, for explaining why a state change did not apply. */
export type Standing = "pending" | "rejected" | "active" | "inactive";

export async function accountStanding(db: Database, id: number): Promise<Standing | null> {
  const row = await db.query.users.findFirst({
    columns: { isApproved: true, isActive: true, rejectedAt: true },
    where: eq(users.id, id),
  });
  if (!row) return null;
  if (row.rejectedAt) return "rejected";
  if (!row.isApproved) return "pending";
  return row.isActive ? "active" : "inactive";
}

/**
 * Each admin action as one conditional UPDATE: it changes a row only from the state it applies to. An
 * approval or a rejection decides a pending account.
 */
export function decidePendingStatement(
  db: Database,
  id: number,
  adminId: number,
  decision: "approve" | "reject",
) {
  return decideManyPendingStatement(db, eq(users.id, id), adminId, decision);
}

/**
 * Activates or deactivates an approved account. With `byAdmin`, only while that account is still an approved,
 * active administrator as D1 has it when the statement runs: of two administrators deactivating each other at
 * once, the second finds its actor gone and changes nothing, so the dashboard keeps one.
 */
export function setActiveStatement(db: Database, id: number, active: boolean, byAdmin?: number) {
  return db
    .update(users)
    .set({ isActive: active, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, id),
        eq(users.isApproved, true),
        eq(users.isActive, !active),
        byAdmin === undefined ? undefined : isActiveAdminSql(byAdmin),
      ),
    )
    .returning({ id: users.id });
}

/**
 * SQL that is true when the user (a column or a value) has a confirmed TOTP secret or a passkey. It lives
 * here, below second factors, because a signed-in person's standing includes it (findSignedInUser).
 */
export function hasSecondFactorSql(userId: unknown) {
  return sql<boolean>`(EXISTS (SELECT 1 FROM ${totpCredentials} WHERE ${totpCredentials.userId} = ${userId} AND ${totpCredentials.confirmedAt} IS NOT NULL) OR EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${userId}))`.mapWith(
    Boolean,
  );
}

/** SQL that holds while the account `id` is an approved, active administrator. */
export function isActiveAdminSql(id: number) {
  return sql`EXISTS (SELECT 1 FROM users AS admin WHERE admin.id = ${id} AND ${activeAdminSql("admin")})`;
}

/**
 * SQL that holds unless the account `id` is the only approved, active administrator: what an erasure checks
 * in its own batch, so two administrators deleting themselves at once cannot both go.
 */
export function notLastActiveAdminSql(id: number) {
  return sql`(NOT ${isActiveAdminSql(id)} OR EXISTS (SELECT 1 FROM users AS other WHERE other.id <> ${id} AND ${activeAdminSql("other")}))`;
}

function activeAdminSql(alias: "admin" | "other") {
  const row = sql.raw(alias);
  return sql`${row}.user_type_id = ${ADMIN_USER_TYPE_ID} AND ${row}.is_approved = 1 AND ${row}.is_active = 1`;
}

/** Approved, active administrators: who hears about new messages and accounts. */
export function listAdminRecipients(db: Database) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(eq(users.userTypeId, ADMIN_USER_TYPE_ID), eq(users.isApproved, true), eq(users.isActive, true)),
    );
}

/** The address of the account a posted id names, or null when it names none (a confirmation's wording). */
export async function emailOfAccount(db: Database, rawId: string | null): Promise<string | null> {
  const id = rawId && /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) return null;
  const row = await db.query.users.findFirst({ columns: { email: true }, where: eq(users.id, id) });
  return row?.email ?? null;
}
