import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { SessionInfo } from "../session-user";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "./lifetimes";

// A session as KV keeps it: its record under the sha256 of its token, and the limits it lives by. What opens,
// renews and ends sessions is sessions.server.ts's; what reads one for a request, session-views.server.ts's.

const RENEW_AFTER_SECONDS = 60 * 60;

/**
 * An administrator's session is shorter: 12 hours at most, 2 hours idle. Its record is renewed every 5
 * minutes of use, so the idle limit is kept to within 5 minutes; privileged requests also check the 12
 * hours against the session's row in D1 (users.server.ts `findSignedInUser`).
 */
export const ADMIN_SESSION_LIMITS = { idle: 2 * 60 * 60, absolute: 12 * 60 * 60, renewAfter: 5 * 60 };
const MEMBER_SESSION_LIMITS = {
  idle: SESSION_IDLE_SECONDS,
  absolute: SESSION_ABSOLUTE_SECONDS,
  renewAfter: RENEW_AFTER_SECONDS,
};

export const limitsOf = (record: { isAdmin: boolean }) =>
  record.isAdmin ? ADMIN_SESSION_LIMITS : MEMBER_SESSION_LIMITS;

export interface SessionRecord extends SessionInfo {
  createdAt: number;
  lastVerifiedAt: number;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function tokenHash(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function isSessionRecord(value: unknown): value is SessionRecord {
  const record = value as Partial<SessionRecord> | null;
  return (
    typeof record?.sessionId === "string" &&
    typeof record.userId === "number" &&
    typeof record.firstName === "string" &&
    typeof record.isAdmin === "boolean" &&
    typeof record.createdAt === "number" &&
    typeof record.lastVerifiedAt === "number"
  );
}
