import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, ne } from "drizzle-orm";
import type { ListedSession } from "~/lib/account-activity";
import { sessions } from "../../../db/schema";
import type { Database } from "../db.server";
import type { Caller } from "../deps";
import type { SessionInfo } from "../session-user";
import { sessionKey, userIndexPrefix } from "./session-keys";
import {
  isSessionRecord,
  limitsOf,
  nowSeconds,
  type SessionRecord,
  tokenHash,
} from "./session-records.server";
import { forgetRecent } from "./session-views.server";

// docs/standards.md, Security numbers: 32 random bytes; KV keeps only sha256(token); 10 days idle, 30 days absolute,
// renewed at most once an hour. Each session also has an index key under its user, so everything that
// ends a person's standing (deactivation, a password reset) can find and end all their sessions.
// D1 keeps a row per session (db/schema/sessions.ts `sessions`): privileged requests find it there, so
// ending a session (deleting its row) takes effect at once for them; KV, eventually consistent, follows
// for page views within about a minute. The record KV keeps is session-records.server.ts's; reading it for
// a request, session-views.server.ts's.

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * A new session: its token (for the cookie), its row in D1 (a statement, to run in the same batch as the
 * sign-in's account event) and `store`, which writes it to KV once that batch has run.
 */
export function newSession(
  db: Database,
  person: Omit<SessionInfo, "sessionId">,
  caller: Caller,
): { token: string; statement: ReturnType<typeof insertSessionRow>; store: (env: Env) => Promise<void> } {
  const token = generateSessionToken();
  const hash = tokenHash(token);
  const sessionId = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
  const now = nowSeconds();
  const record: SessionRecord = { ...person, sessionId, createdAt: now, lastVerifiedAt: now };
  return {
    token,
    // The row's start is the record's own second, so "last seen" (the record's) never precedes it.
    statement: insertSessionRow(
      db,
      { id: sessionId, tokenHash: hash, userId: person.userId, createdAt: new Date(now * 1000) },
      caller,
    ),
    store: async (env) => {
      const limits = limitsOf(person);
      await Promise.all([
        env.SESSIONS.put(sessionKey(hash), JSON.stringify(record), { expirationTtl: limits.idle }),
        env.SESSIONS.put(`${userIndexPrefix(person.userId)}${hash}`, "", { expirationTtl: limits.absolute }),
      ]);
    },
  };
}

function insertSessionRow(
  db: Database,
  row: { id: string; tokenHash: string; userId: number; createdAt: Date },
  caller: Caller,
) {
  return db.insert(sessions).values({
    ...row,
    userAgent: caller.userAgent,
    country: caller.country,
    authenticatedAt: new Date(),
  });
}

/**
 * A new token for a live session ("Confirm it's you", ASVS 7.2.4): the same session (its id, start, limits
 * and anything bound to it) under a new token. `statement` moves the D1 row to the new token's hash and marks
 * the session as just authenticated, only while the row still has the old hash (run it in the batch of the
 * confirmation's audit entry; it returns the row it moved). `store` then moves the KV record and its index
 * key, and forgets the old token.
 */
export function renewSessionToken(db: Database, session: SessionInfo) {
  const token = generateSessionToken();
  const hash = tokenHash(token);
  const statement = db
    .update(sessions)
    .set({ tokenHash: hash, authenticatedAt: new Date() })
    .where(
      and(
        eq(sessions.id, session.sessionId),
        eq(sessions.userId, session.userId),
        session.tokenHash ? eq(sessions.tokenHash, session.tokenHash) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  async function store(env: Env): Promise<void> {
    const old = session.tokenHash;
    const previous = old ? await env.SESSIONS.get(sessionKey(old), "json").catch(() => null) : null;
    const now = nowSeconds();
    const record: SessionRecord = isSessionRecord(previous)
      ? { ...previous, lastVerifiedAt: now }
      : {
          sessionId: session.sessionId,
          userId: session.userId,
          firstName: session.firstName,
          isAdmin: session.isAdmin,
          createdAt: now,
          lastVerifiedAt: now,
        };
    const limits = limitsOf(record);
    const left = limits.absolute - (now - record.createdAt);
    await Promise.all([
      env.SESSIONS.put(sessionKey(hash), JSON.stringify(record), {
        expirationTtl: Math.max(Math.min(limits.idle, left), 60),
      }),
      env.SESSIONS.put(`${userIndexPrefix(session.userId)}${hash}`, "", {
        expirationTtl: Math.max(left, 60),
      }),
    ]);
    if (old) await forgetInKv(env, session.userId, old);
  }
  return { token, session: { ...session, tokenHash: hash }, statement, store };
}

/** The same session as a request that presents `token` knows it (after a new token in this request). */
export function sessionUnderToken(session: SessionInfo, token: string): SessionInfo {
  return { ...session, tokenHash: tokenHash(token) };
}

/** The session a token names, as KV holds it (to know whose it is before ending it). */
export async function readSession(env: Env, token: string): Promise<SessionInfo | null> {
  const record = await env.SESSIONS.get(sessionKey(tokenHash(token)), "json").catch(() => null);
  return isSessionRecord(record) ? record : null;
}

/** Removes a session's KV keys: its record and its index entry under its user. */
async function forgetInKv(env: Env, userId: number, hash: string): Promise<void> {
  forgetRecent(hash);
  await Promise.all([
    env.SESSIONS.delete(sessionKey(hash)),
    env.SESSIONS.delete(`${userIndexPrefix(userId)}${hash}`),
  ]);
}

/**
 * The statement that ends a session in D1 (for a batch with its account event), only while it still has the
 * token the request presented: a copy of a token the session has since replaced ends nothing.
 */
export function deleteSessionRowStatement(db: Database, session: SessionInfo, token: string) {
  return db
    .delete(sessions)
    .where(
      and(
        eq(sessions.id, session.sessionId),
        eq(sessions.userId, session.userId),
        eq(sessions.tokenHash, tokenHash(token)),
      ),
    );
}

/** Forgets a session's token in KV, once its D1 row is gone. */
export async function forgetSessionToken(env: Env, token: string, userId: number): Promise<void> {
  await forgetInKv(env, userId, tokenHash(token));
}

/** The statement that ends one of a user's sessions by its opaque id (none when it is not theirs). */
export function deleteSessionByIdStatement(db: Database, userId: number, sessionId: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
}

/** The statement that ends every session of a user but one (sign out everywhere else). */
export function deleteOtherSessionsStatement(db: Database, userId: number, keepSessionId: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ tokenHash: sessions.tokenHash });
}

/** Forgets in KV the sessions whose D1 rows a statement above just deleted. */
export async function forgetEndedSessions(env: Env, userId: number, ended: readonly { tokenHash: string }[]) {
  await Promise.all(ended.map(({ tokenHash: hash }) => forgetInKv(env, userId, hash)));
}

/** The statement that ends every session of a user in D1 (for a batch with the change that causes it). */
export function deleteUserSessionRowsStatement(db: Database, userId: number) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user at once (deactivation, password reset, rejection): D1 first, then KV. */
export async function endUserSessions(env: Env, db: Database, userId: number): Promise<void> {
  await deleteUserSessionRowsStatement(db, userId);
  await forgetUserSessionsInKv(env, userId);
}

/** Removes every KV key of a user's sessions (their D1 rows are already gone). */
export async function forgetUserSessionsInKv(env: Env, userId: number): Promise<void> {
  const prefix = userIndexPrefix(userId);
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ prefix, cursor });
    await Promise.all(
      page.keys.flatMap(({ name }) => {
        forgetRecent(name.slice(prefix.length));
        return [env.SESSIONS.delete(sessionKey(name.slice(prefix.length))), env.SESSIONS.delete(name)];
      }),
    );
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Writes a new first name into each of a user's session records (the header greets people by it). */
export async function renameInSessions(env: Env, userId: number, firstName: string): Promise<void> {
  const prefix = userIndexPrefix(userId);
  const page = await env.SESSIONS.list({ prefix });
  await Promise.all(
    page.keys.map(async ({ name }) => {
      const key = sessionKey(name.slice(prefix.length));
      forgetRecent(name.slice(prefix.length));
      const { value, metadata } = await env.SESSIONS.getWithMetadata(key, "json");
      if (!isSessionRecord(value)) return;
      const now = nowSeconds();
      const limits = limitsOf(value);
      const ttl = Math.min(
        limits.idle - (now - value.lastVerifiedAt),
        limits.absolute - (now - value.createdAt),
      );
      if (ttl < 60) return;
      await env.SESSIONS.put(key, JSON.stringify({ ...value, firstName }), { expirationTtl: ttl, metadata });
    }),
  );
}

/** A user's active sessions, newest first, by opaque id; last seen from their KV records. */
export async function listUserSessions(
  db: Database,
  env: Env,
  userId: number,
  currentSessionId: string,
): Promise<ListedSession[]> {
  const rows = await db.query.sessions.findMany({
    where: eq(sessions.userId, userId),
    orderBy: (table, { desc }) => [desc(table.createdAt)],
  });
  const records = await Promise.all(
    rows.map((row) => env.SESSIONS.get(sessionKey(row.tokenHash), "json").catch(() => null)),
  );
  return rows.flatMap((row, i) => {
    const record = records[i];
    // A row whose KV record expired is a session that ended by itself; it is not listed.
    if (!isSessionRecord(record)) return [];
    const current = row.id === currentSessionId;
    const seen = current ? nowSeconds() : record.lastVerifiedAt;
    const lastSeen = Math.max(seen * 1000, row.createdAt.getTime());
    return [
      {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: new Date(lastSeen).toISOString(),
        userAgent: row.userAgent,
        country: row.country,
        current,
      },
    ];
  });
}

export type { ListedSession };
