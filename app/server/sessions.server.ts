import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { SessionInfo } from "./session-user";

// GUIDE.md section 5: 32 random bytes; KV keeps only sha256(token); 10 days idle, 30 days absolute,
// renewed at most once an hour. Each session also has an index key under its user, so everything that
// ends a person's standing (deactivation, a password reset) can find and end all their sessions.
const IDLE_SECONDS = 10 * 24 * 60 * 60;
const ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
const RENEW_AFTER_SECONDS = 60 * 60;

interface SessionRecord extends SessionInfo {
  createdAt: number;
  lastVerifiedAt: number;
}

export interface ValidSession {
  session: SessionInfo;
  /** Set when the session was renewed and its cookie should be sent again. */
  renewed: boolean;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function tokenHash(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export const sessionKey = (hash: string) => `session:${hash}`;
export const userIndexPrefix = (userId: number) => `user-session:${userId}:`;

function isSessionRecord(value: unknown): value is SessionRecord {
  const record = value as Partial<SessionRecord> | null;
  return (
    typeof record?.userId === "number" &&
    typeof record.firstName === "string" &&
    typeof record.isAdmin === "boolean" &&
    typeof record.createdAt === "number" &&
    typeof record.lastVerifiedAt === "number"
  );
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export async function createSession(env: Env, info: SessionInfo): Promise<string> {
  const token = generateSessionToken();
  const hash = tokenHash(token);
  const now = nowSeconds();
  const record: SessionRecord = { ...info, createdAt: now, lastVerifiedAt: now };
  await Promise.all([
    env.SESSIONS.put(sessionKey(hash), JSON.stringify(record), { expirationTtl: IDLE_SECONDS }),
    env.SESSIONS.put(`${userIndexPrefix(info.userId)}${hash}`, "", { expirationTtl: ABSOLUTE_SECONDS }),
  ]);
  return token;
}

/** One KV read; a write only when the session is renewed (at most hourly). */
export async function validateSession(env: Env, token: string): Promise<ValidSession | null> {
  const key = sessionKey(tokenHash(token));
  const record = await env.SESSIONS.get(key, "json").catch(() => null);
  if (!isSessionRecord(record)) return null;
  const now = nowSeconds();
  if (now - record.createdAt >= ABSOLUTE_SECONDS || now - record.lastVerifiedAt >= IDLE_SECONDS) {
    await env.SESSIONS.delete(key);
    return null;
  }
  const { userId, firstName, isAdmin } = record;
  const session = { userId, firstName, isAdmin };
  if (now - record.lastVerifiedAt < RENEW_AFTER_SECONDS) return { session, renewed: false };
  const ttl = Math.min(IDLE_SECONDS, ABSOLUTE_SECONDS - (now - record.createdAt));
  await env.SESSIONS.put(key, JSON.stringify({ ...record, lastVerifiedAt: now }), {
    expirationTtl: Math.max(ttl, 60),
  });
  return { session, renewed: true };
}

export async function deleteSession(env: Env, token: string): Promise<void> {
  const hash = tokenHash(token);
  const record = await env.SESSIONS.get(sessionKey(hash), "json").catch(() => null);
  await env.SESSIONS.delete(sessionKey(hash));
  if (isSessionRecord(record)) await env.SESSIONS.delete(`${userIndexPrefix(record.userId)}${hash}`);
}

/** Ends every session of a user at once (deactivation, password reset, rejection). */
export async function endUserSessions(env: Env, userId: number): Promise<void> {
  const prefix = userIndexPrefix(userId);
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ prefix, cursor });
    await Promise.all(
      page.keys.flatMap(({ name }) => [
        env.SESSIONS.delete(sessionKey(name.slice(prefix.length))),
        env.SESSIONS.delete(name),
      ]),
    );
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

export const SESSION_MAX_AGE = IDLE_SECONDS;
