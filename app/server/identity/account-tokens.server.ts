import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, isNull } from "drizzle-orm";
import { accountTokens } from "../../../db/schema";
import type { Database } from "../db.server";

// Single-use links sent by email (docs/standards.md, Security numbers): 32 random bytes in the link, only the sha256 in D1.

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  "confirm-email": 24 * 60 * 60,
  "reset-password": 30 * 60,
  "enrol-second-factor": 60 * 60,
};

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The links of an email change and of a privacy request: an hour. */
export const HOUR_LINK_SECONDS = 60 * 60;

/** A new link token (32 random bytes, base32) and the sha256 that is all D1 keeps of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: hashToken(token) };
}

/** Creates a token for `userId` and returns it; the caller puts it in a link and nowhere else. */
export async function mintAccountToken(db: Database, userId: number, purpose: TokenPurpose): Promise<string> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_SECONDS[purpose] * 1000);
  await db.insert(accountTokens).values({ tokenHash: hash, userId, purpose, expiresAt });
  return token;
}

/** Only an unused, unexpired token of that purpose is live. */
function isLive(token: string, purpose: TokenPurpose) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );
}

/**
 * The statement that spends a token: it matches only a live token, so of two concurrent uses exactly one
 * gets the row back. Run it in the same batch as what the token allows.
 */
export function spendTokenStatement(db: Database, token: string, purpose: TokenPurpose) {
  return db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(isLive(token, purpose))
    .returning({ userId: accountTokens.userId });
}

/** The id of the live token's user, as a subquery for the statement the token allows. */
export function tokenUserIdSubquery(db: Database, token: string, purpose: TokenPurpose) {
  return db.select({ userId: accountTokens.userId }).from(accountTokens).where(isLive(token, purpose));
}

/** The user a live token belongs to, without spending it. */
export async function findTokenUser(
  db: Database,
  token: string,
  purpose: TokenPurpose,
): Promise<number | null> {
  const row = await db.query.accountTokens.findFirst({
    columns: { userId: true },
    where: isLive(token, purpose),
  });
  return row?.userId ?? null;
}
