import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, lt } from "drizzle-orm";
import { authChallenges } from "../../db/schema";
import type { Database } from "./db.server";

// Single-use values of sign-in and enrolment kept in D1 (never in memory, never in KV, whose reads may lag):
// the ticket that carries a correct password to its second-factor step, and each WebAuthn challenge. Only
// sha256 of the value is stored; using one deletes it.

type Purpose = (typeof authChallenges.$inferSelect)["purpose"];

const LIFETIME_SECONDS: Record<Purpose, number> = {
  "second-factor": 5 * 60,
  "passkey-register": 5 * 60,
  "passkey-sign-in": 5 * 60,
  "passkey-confirm": 5 * 60,
};

const digest = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

/** A new random value for `purpose` (32 bytes, base32), stored by its digest. */
export async function issueChallenge(
  db: Database,
  purpose: Purpose,
  fields: { userId: number | null; next?: string | null },
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
