import { eq } from "drizzle-orm";
import type { emailChanges, privacyRequests } from "../../../db/schema";
import type { Database } from "../db.server";
import { newLinkToken } from "../identity/account-tokens.server";

// The links kept in rows of their own (an email change, a privacy request): minted as their email goes out.

/** Sets the token of a stored link row (an email change or a privacy request) as the email goes out. */
export async function mintLinkToken(
  db: Database,
  table: typeof emailChanges | typeof privacyRequests,
  id: number,
): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.update(table).set({ tokenHash: hash }).where(eq(table.id, id));
  return token;
}

export const isLive = (row: { usedAt: Date | null; expiresAt: Date }) =>
  !row.usedAt && row.expiresAt > new Date();
