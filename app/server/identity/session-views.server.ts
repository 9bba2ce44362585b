import type { SessionInfo } from "../session-user";
import { sessionKey } from "./session-keys";
import {
  isSessionRecord,
  limitsOf,
  nowSeconds,
  type SessionRecord,
  tokenHash,
} from "./session-records.server";

// Reading the session a request presents: once from KV (renewing it when due), or for a content page's
// header from this isolate's memory of a recent read.

export interface ValidSession {
  session: SessionInfo;
  /** Set when the session was renewed and its cookie should be sent again. */
  renewed: boolean;
}

// Content-page views (member-pages.server.ts) need the session only to pick the page's header form, member
// or admin, which shows nothing personal. Reading it from KV on every view cost a signed-in view a third of
// its throughput (docs/measurements.md), so a session this isolate has read from KV in the last
// VIEW_MEMO_MS is taken from memory for them. Everything else still reads KV on every request. A session
// ended here is forgotten at once; one ended through another isolate shows the signed-in header on content
// pages for at most that long, well inside KV's own minute of propagation.
const VIEW_MEMO_MS = 10_000;
const VIEW_MEMO_SIZE = 1_000;
/** By token (hashing it would cost each view more than the rest of its work), with its hash. */
const recentViews = new Map<string, { hash: string; record: SessionRecord; until: number }>();

function remember(token: string, hash: string, record: SessionRecord) {
  recentViews.delete(token);
  if (recentViews.size >= VIEW_MEMO_SIZE) {
    const oldest = recentViews.keys().next().value;
    if (oldest !== undefined) recentViews.delete(oldest);
  }
  recentViews.set(token, { hash, record, until: Date.now() + VIEW_MEMO_MS });
}

/** Forgets the session with this token hash: it has ended, or its record changed. */
export function forgetRecent(hash: string) {
  for (const [token, memo] of recentViews) if (memo.hash === hash) recentViews.delete(token);
}

/** One KV read; a write only when the session is renewed (at most hourly). */
export async function validateSession(env: Env, token: string): Promise<ValidSession | null> {
  const hash = tokenHash(token);
  const key = sessionKey(hash);
  const record = await env.SESSIONS.get(key, "json").catch(() => null);
  if (!isSessionRecord(record)) {
    recentViews.delete(token);
    return null;
  }
  const now = nowSeconds();
  const limits = limitsOf(record);
  if (now - record.createdAt >= limits.absolute || now - record.lastVerifiedAt >= limits.idle) {
    recentViews.delete(token);
    await env.SESSIONS.delete(key);
    return null;
  }
  const session = sessionOf(record, hash);
  if (now - record.lastVerifiedAt < limits.renewAfter) {
    remember(token, hash, record);
    return { session, renewed: false };
  }
  const ttl = Math.min(limits.idle, limits.absolute - (now - record.createdAt));
  const renewed = { ...record, lastVerifiedAt: now };
  await env.SESSIONS.put(key, JSON.stringify(renewed), { expirationTtl: Math.max(ttl, 60) });
  remember(token, hash, renewed);
  return { session, renewed: true };
}

function sessionOf({ sessionId, userId, firstName, isAdmin }: SessionRecord, hash: string): SessionInfo {
  return { sessionId, userId, firstName, isAdmin, tokenHash: hash };
}

/**
 * The session for a content page's header: from this isolate's memory when KV was read for it in the last
 * ten seconds and it is not due for renewal, else as `validateSession` (one KV read).
 */
export async function validateSessionForView(env: Env, token: string): Promise<ValidSession | null> {
  const memo = recentViews.get(token);
  if (memo && memo.until > Date.now()) {
    const now = nowSeconds();
    const { record } = memo;
    const limits = limitsOf(record);
    // Not due for renewal means within the idle limit too (renewal comes well before it).
    if (now - record.createdAt < limits.absolute && now - record.lastVerifiedAt < limits.renewAfter) {
      return { session: sessionOf(record, memo.hash), renewed: false };
    }
  }
  return validateSession(env, token);
}
