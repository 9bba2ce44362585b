import { eq } from "drizzle-orm";
import { threadLinks } from "../../../db/schema";
import type { Database } from "../db.server";
import { hashToken, newLinkToken } from "../identity/account-tokens.server";

// The private links to a thread (db/schema/threads.ts): minted as the email that carries one goes out.

/** How long a link shows its thread; a dead one can ask for a new one for as long again. */
import { THREAD_LINK_DAYS } from "~/lib/threads";

const DAY_MS = 86_400_000;

/** A new link to message `contactId`'s thread: its token, for the email's link and nowhere else. */
export async function mintThreadLink(db: Database, contactId: number): Promise<string> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(Date.now() + THREAD_LINK_DAYS * DAY_MS);
  await db.insert(threadLinks).values({ tokenHash: hash, contactId, expiresAt });
  return token;
}

/** The message a link names, and whether it still shows it; null when it names none. */
export async function threadOfLink(db: Database, token: string) {
  const row = await db.query.threadLinks.findFirst({ where: eq(threadLinks.tokenHash, hashToken(token)) });
  return row ? { contactId: row.contactId, live: row.expiresAt.getTime() > Date.now() } : null;
}
