import { and, eq, gt, sql } from "drizzle-orm";
import { contactSubmissions, messageReplies } from "../../../db/schema";
import type { Database } from "../db.server";
import { conflict, type Failure } from "../outcome";

// Whether an address a visitor typed is proven (decision 174): an account holds it, or an answer came back
// from it through a thread's own address. A reply to an unproven address goes to someone who may never have
// asked, so each administrator may send only so many of them a day.

/** Replies a day from one administrator to unproven addresses: a busy day's applications, not a campaign. */
export const UNPROVEN_REPLIES_PER_DAY = 30;

const DAY_SECONDS = 86_400;

/** The condition that `email` (an SQL expression) is proven. */
const provenSql = (email: ReturnType<typeof sql>) => sql`(
  EXISTS (SELECT 1 FROM users WHERE users.email = ${email})
  OR EXISTS (SELECT 1 FROM message_answers AS proof
    JOIN contact_submissions AS asked ON asked.id = proof.contact_id
    WHERE asked.email = ${email} AND proof.from_sender = 1)
)`;

export async function isProvenAddress(db: Database, email: string): Promise<boolean> {
  const row = await db.get<{ proven: number }>(sql`SELECT ${provenSql(sql`${email}`)} AS proven`);
  return row?.proven === 1;
}

/** What the composer says under a reply to an unproven address. */
export const UNPROVEN_NOTE = `Unproven address: no account has it and no answer has come back from it, so the sender may not own it. Each administrator can send ${UNPROVEN_REPLIES_PER_DAY} replies a day to such addresses.`;

/** Why a reply to an unproven address is refused, in the words the composer shows. */
export const UNPROVEN_CAP_MESSAGE = `You have sent ${UNPROVEN_REPLIES_PER_DAY} replies in the last 24 hours to addresses nobody has proven. This one can go once the oldest of them is a day old, or once the sender answers a reply or signs up.`;

/**
 * The refusal of a reply to an unproven `email` when `adminId` has sent UNPROVEN_REPLIES_PER_DAY of them in
 * the last 24 hours (proof read now); null when it may go.
 */
export async function unprovenReplyRefusal(
  db: Database,
  adminId: number,
  email: string,
): Promise<Failure | null> {
  if (await isProvenAddress(db, email)) return null;
  const since = new Date(Date.now() - DAY_SECONDS * 1000);
  const sent = await db
    .select({ at: messageReplies.createdAt })
    .from(messageReplies)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, messageReplies.contactId))
    .where(
      and(
        eq(messageReplies.authorId, adminId),
        gt(messageReplies.createdAt, since),
        // Named with its table: inside the subqueries an unqualified column would be theirs.
        sql`NOT ${provenSql(sql`contact_submissions.email`)}`,
      ),
    )
    .limit(UNPROVEN_REPLIES_PER_DAY);
  return sent.length < UNPROVEN_REPLIES_PER_DAY ? null : conflict(UNPROVEN_CAP_MESSAGE);
}
