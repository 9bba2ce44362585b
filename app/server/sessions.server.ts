import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// GUIDE.md section 5: 32 random bytes; KV keeps only sha256(token); 10 days idle, 30 days absolute,
// renewed at most once an hour.
const IDLE_SECONDS = 10 * 24 * 60 * 60;
const ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
const RENEW_AFTER_SECONDS = 60 * 60;

interface SessionRecord {
  userId: number;
  createdAt: number;
  lastVerifiedAt: number;
}

export interface ValidSession {
  userId: number;
  /** Set when the session was renewed and its cookie should be sent again. */
  renewed: boolean;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function kvKey(token: string): string {
  return `session:${encodeHexLowerCase(sha256(new TextEncoder().encode(token)))}`;
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export async function createSession(env: Env, userId: number): Promise<string> {
  const token = generateSessionToken();
  const now = nowSeconds();
  const record: SessionRecord = { userId, createdAt: now, lastVerifiedAt: now };
  await env.SESSIONS.put(kvKey(token), JSON.stringify(record), { expirationTtl: IDLE_SECONDS });
  return token;
}

export async function validateSession(env: Env, token: string): Promise<ValidSession | null> {
  const key = kvKey(token);
  const record = await env.SESSIONS.get<SessionRecord>(key, "json");
  if (!record) return null;
  const now = nowSeconds();
  if (now - record.createdAt >= ABSOLUTE_SECONDS || now - record.lastVerifiedAt >= IDLE_SECONDS) {
    await env.SESSIONS.delete(key);
    return null;
  }
  if (now - record.lastVerifiedAt < RENEW_AFTER_SECONDS) return { userId: record.userId, renewed: false };
  const ttl = Math.min(IDLE_SECONDS, ABSOLUTE_SECONDS - (now - record.createdAt));
  await env.SESSIONS.put(key, JSON.stringify({ ...record, lastVerifiedAt: now }), {
    expirationTtl: Math.max(ttl, 60),
  });
  return { userId: record.userId, renewed: true };
}

export async function deleteSession(env: Env, token: string): Promise<void> {
  await env.SESSIONS.delete(kvKey(token));
}

export const SESSION_MAX_AGE = IDLE_SECONDS;
