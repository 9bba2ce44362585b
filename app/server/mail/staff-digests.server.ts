import { tracing } from "cloudflare:workers";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { DIGEST_WINDOW_SECONDS } from "~/lib/staff-notifications";
import { staffDigests } from "../../../db/schema";
import { adminsWhoChose } from "../admin/staff-notifications.server";
import type { Database } from "../db.server";
import { emit } from "../events.server";
import { handOver, undeliverableCode } from "./email-handover.server";
import { readDigestFacts } from "./staff-digest-facts.server";

// The administrators' digest (docs/decisions/154-notifications-a-person-can-read.md). A digest is claimed
// in D1 before it is sent, by one statement that cannot race another: it inserts the row keyed by the
// administrator and the 15-minute slot only when there is news since their last digest (a new message or a
// pending registration above that digest's marks), none of theirs is unsent, and none was claimed or sent in
// the last 15 minutes. A redelivered event, or ten consumers at once, find the claim taken and send nothing.
//
// Who sends it: the event that brings the news, when the administrator's window is free; otherwise the
// five-minute cron, once 15 minutes have passed and the news is still unsent. A send that fails frees its
// claim's lease and the event is retried; one a crash interrupted is taken again after LEASE_SECONDS.

/** How long a send holds an unsent digest before another consumer (or the cron) may take it over. */
const LEASE_SECONDS = 120;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

interface DigestKey {
  userId: number;
  slot: number;
}

/** The marks of an administrator's last digest (0 before the first). */
const lastMark = (userId: number, column: "contact_mark" | "user_mark") =>
  sql`COALESCE((SELECT ${sql.raw(column)} FROM staff_digests AS last WHERE last.user_id = ${userId} ORDER BY last.slot DESC LIMIT 1), 0)`;

/** A new digest for `userId`, claimed now if it is due; null when it is not. */
async function claimDigest(db: Database, userId: number, now: number): Promise<DigestKey | null> {
  const windowStart = now - DIGEST_WINDOW_SECONDS;
  const slot = Math.floor(now / DIGEST_WINDOW_SECONDS);
  const [claimed] = await db
    .insert(staffDigests)
    .select(
      sql`SELECT ${userId}, ${slot}, ${now},
        (SELECT COALESCE(MAX(id), 0) FROM contact_submissions), (SELECT COALESCE(MAX(id), 0) FROM users), ${now}, NULL
      WHERE NOT EXISTS (
          SELECT 1 FROM staff_digests AS mine WHERE mine.user_id = ${userId}
            AND (mine.sent_at IS NULL OR mine.claimed_at > ${windowStart} OR mine.sent_at > ${windowStart}))
        AND (EXISTS (SELECT 1 FROM contact_submissions AS news
                      WHERE news.id > ${lastMark(userId, "contact_mark")} AND news.state = 'new')
          OR EXISTS (SELECT 1 FROM users AS news
                      WHERE news.id > ${lastMark(userId, "user_mark")} AND news.is_approved = 0 AND news.rejected_at IS NULL))`,
    )
    .onConflictDoNothing()
    .returning({ userId: staffDigests.userId, slot: staffDigests.slot });
  return claimed ?? null;
}

/** The administrator's unsent digest, taken over when no send holds it now; null when there is none to take. */
async function takeUnsentDigest(db: Database, userId: number, now: number): Promise<DigestKey | null> {
  const [taken] = await db
    .update(staffDigests)
    .set({ attemptAt: new Date(now * 1000) })
    .where(
      and(
        eq(staffDigests.userId, userId),
        isNull(staffDigests.sentAt),
        or(
          isNull(staffDigests.attemptAt),
          lte(staffDigests.attemptAt, new Date((now - LEASE_SECONDS) * 1000)),
        ),
      ),
    )
    .returning({ userId: staffDigests.userId, slot: staffDigests.slot });
  return taken ?? null;
}

const keyOf = ({ userId, slot }: DigestKey) =>
  and(eq(staffDigests.userId, userId), eq(staffDigests.slot, slot));

/**
 * Sends a claimed digest with what waits now, and records it sent (or refused: the hand-over logged why);
 * a failure frees the claim and throws.
 */
async function sendDigest(
  env: Env,
  db: Database,
  key: DigestKey,
  to: string,
  now: number,
  originRequestId: string | null,
): Promise<"sent" | "refused"> {
  let outcome: "sent" | "refused" = "sent";
  const facts = await readDigestFacts(db);
  try {
    await handOver(
      env,
      {
        kind: "staff-digest",
        to,
        notifies: "digest",
        message: async () => ({ kind: "staff-digest", facts }),
      },
      { originRequestId },
    );
  } catch (error) {
    const code = undeliverableCode(error);
    if (!code) {
      await db.update(staffDigests).set({ attemptAt: null }).where(keyOf(key));
      throw error;
    }
    outcome = "refused";
  }
  await db
    .update(staffDigests)
    .set({ sentAt: new Date(now * 1000) })
    .where(keyOf(key));
  return outcome;
}

/**
 * Sends every digest due at `now`, to each approved, active administrator who chose the digest: a new one
 * where news waits and their window is free, or the one a failed send left. Returns the failures (the
 * others still went).
 */
export function sendDueDigests(
  env: Env,
  db: Database,
  now: Date,
  originRequestId: string | null = null,
): Promise<unknown[]> {
  return tracing.enterSpan("mail.digests", () => sendDigestsAt(env, db, seconds(now), originRequestId));
}

async function sendDigestsAt(
  env: Env,
  db: Database,
  at: number,
  originRequestId: string | null,
): Promise<unknown[]> {
  const admins = await adminsWhoChose(db, "digest");
  const failures: unknown[] = [];
  const counts = { due: 0, sent: 0, refused: 0 };
  await Promise.all(
    admins.map(async (admin) => {
      try {
        const key = (await claimDigest(db, admin.id, at)) ?? (await takeUnsentDigest(db, admin.id, at));
        if (!key) return;
        counts.due += 1;
        counts[await sendDigest(env, db, key, admin.email, at, originRequestId)] += 1;
      } catch (error) {
        failures.push(error);
      }
    }),
  );
  // A run that found a digest due (or failed before it knew) is one event; an idle run is none.
  if (counts.due > 0 || failures.length > 0)
    emit("digest.run", { ...counts, failed: failures.length, originRequestId });
  return failures;
}
