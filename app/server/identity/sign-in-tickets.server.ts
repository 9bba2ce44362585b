import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, lt } from "drizzle-orm";
import { authChallenges } from "../../../db/schema";
import type { Database } from "../db.server";
import { SIGN_IN_TICKET_SECONDS } from "./lifetimes";

// Single-use values of sign-in and enrolment kept in D1 (never in memory, never in KV, whose reads may lag):
// the ticket that carries a correct password to its second-factor step, and each WebAuthn challenge. Only
// sha256 of the value is stored; using one deletes it. A ticket is also bound to a short-lived cookie set
// with it (only its sha256 is kept too), so only the browser that gave the password finishes the step; a
// new password deletes the tickets the old one earned.

type Purpose = (typeof authChallenges.$inferSelect)["purpose"];

const LIFETIME_SECONDS: Record<Purpose, number> = {
  "second-factor": SIGN_IN_TICKET_SECONDS,
  "passkey-register": 5 * 60,
  "passkey-sign-in": 5 * 60,
  "passkey-confirm": 5 * 60,
};

const digest = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

/** A new random value for `purpose` (32 bytes, base32), stored by its digest. */
export async function issueChallenge(
  db: Database,
  purpose: Purpose,
  fields: { userId: number | null; next?: string | null; binding?: string | null },
): Promise<string> {
  const value = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = new Date(Date.now() + LIFETIME_SECONDS[purpose] * 1000);
  await db.batch([
    db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date())),
    db.insert(authChallenges).values({ id: digest(value), purpose, expiresAt, ...fields }),
  ]);
  return value;
}

/** The live challenge a value names, without spending it (a wrong code leaves the ticket usable). */
export async function findChallenge(db: Database, purpose: Purpose, value: string) {
  if (!/^[a-z2-7]{1,64}$/.test(value)) return null;
  return (
    (await db.query.authChallenges.findFirst({
      where: and(
        eq(authChallenges.id, digest(value)),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, new Date()),
      ),
    })) ?? null
  );
}

/** The statement that spends a challenge (for the batch of what it allowed); it returns the row it spent. */
export function spendChallengeStatement(db: Database, purpose: Purpose, value: string) {
  return db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.id, digest(value)),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authChallenges.userId, next: authChallenges.next });
}

/** A new value for the cookie a second-factor ticket is bound to, and the digest the ticket's row keeps. */
export function newTicketBinding(): { value: string; digest: string } {
  const value = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  return { value, digest: digest(value) };
}

/** Whether a ticket was issued with the cookie value this request carries. */
export function isBoundTo(challenge: { binding: string | null }, cookieValue: string | null): boolean {
  if (challenge.binding === null || cookieValue === null || !/^[a-z2-7]{1,64}$/.test(cookieValue)) {
    return false;
  }
  const expected = new TextEncoder().encode(challenge.binding);
  const given = new TextEncoder().encode(digest(cookieValue));
  let difference = expected.length ^ given.length;
  for (let i = 0; i < Math.min(expected.length, given.length); i += 1) {
    difference |= (expected[i] ?? 0) ^ (given[i] ?? 0);
  }
  return difference === 0;
}

/** The statement that ends every sign-in of a person waiting for its second step (for a new password's batch). */
export function revokeSignInTicketsStatement(db: Database, userId: number) {
  return db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, "second-factor")));
}
