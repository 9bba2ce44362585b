import { and, lt, sql } from "drizzle-orm";
import { THREAD_LINK_DAYS } from "~/lib/threads";
import {
  accountTokens,
  authChallenges,
  emailChanges,
  emailDeliveries,
  factorRemovals,
  inboundMail,
  mailEvents,
  privacyRequests,
  sessions,
  staffDigests,
  threadLinks,
} from "../../../db/schema";
import { pruneAuditLog } from "../audit/account-events.server";
import { getDb } from "../db.server";
import { SESSION_ABSOLUTE_SECONDS } from "../identity/lifetimes";

// What mail and account links leave behind, deleted once nothing can need it. Run by the daily cron
// (wrangler.toml `DAILY_CRON`); each run is nine deletes in one D1 batch, then the audit log's own prune.

/** The daily cron expression in wrangler.toml; the five-minute one sweeps unpublished mail. */
export const DAILY_CRON = "0 3 * * *";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 30 days: longer than a message can live on a queue (14 days at most) or wait in the dead-letter queue to
 * be redriven in practice, so no event can come back and find its delivery records gone (which would send
 * its emails twice).
 */
export const MAIL_RETENTION_DAYS = 30;

/**
 * Account events are a security record (who signed in, from where, what changed): a year, then gone. They
 * name accounts only by number, never by address, so they outlive a deleted account as a pseudonymous trail.
 */
export const ACCOUNT_EVENT_RETENTION_DAYS = 365;

/** A day past expiry: an expired or spent link reads "invalid" whether or not its row is still there. */
const TOKEN_GRACE_MS = DAY_MS;

export interface Pruned {
  mailEvents: number;
  emailDeliveries: number;
  inboundMail: number;
  accountTokens: number;
  emailChanges: number;
  privacyRequests: number;
  factorRemovals: number;
  threadLinks: number;
  sessions: number;
  accountEvents: number;
  authChallenges: number;
  staffDigests: number;
}

/**
 * Deletes mail events published, and delivery records made, more than MAIL_RETENTION_DAYS ago, and
 * account links (tokens, email changes, privacy requests, factor removal links) a day past their expiry, session rows past a
 * session's absolute lifetime and account events after a year. Unpublished events stay for the sweep,
 * whatever their age.
 * Never throws.
 */
export async function pruneSpentRecords(env: Env, now = Date.now()): Promise<Pruned | null> {
  const db = getDb(env);
  const mailCutoff = new Date(now - MAIL_RETENTION_DAYS * DAY_MS);
  try {
    const sessionCutoff = new Date(now - SESSION_ABSOLUTE_SECONDS * 1000);
    const linkCutoff = new Date(now - TOKEN_GRACE_MS);
    const [
      events,
      deliveries,
      verdicts,
      tokens,
      changes,
      requests,
      removals,
      links,
      ended,
      challenges,
      digests,
    ] = await db.batch([
      db.delete(mailEvents).where(lt(mailEvents.enqueuedAt, mailCutoff)),
      db.delete(emailDeliveries).where(lt(emailDeliveries.sentAt, mailCutoff)),
      // The verdicts on inbound mail: the flood count reads the last hour, a person the last month.
      db.delete(inboundMail).where(lt(inboundMail.createdAt, mailCutoff)),
      db.delete(accountTokens).where(lt(accountTokens.expiresAt, linkCutoff)),
      db.delete(emailChanges).where(lt(emailChanges.expiresAt, linkCutoff)),
      db.delete(privacyRequests).where(lt(privacyRequests.expiresAt, linkCutoff)),
      db.delete(factorRemovals).where(lt(factorRemovals.expiresAt, linkCutoff)),
      // A dead private link asks for a new one for as long again as it lived (threads.ts).
      db.delete(threadLinks).where(lt(threadLinks.expiresAt, new Date(now - THREAD_LINK_DAYS * DAY_MS))),
      // Past the absolute lifetime, a session's KV record is gone: its row only remembers it.
      db.delete(sessions).where(lt(sessions.createdAt, sessionCutoff)),
      // Sign-in tickets and passkey challenges live 5 minutes; each new one clears the expired, this the rest.
      db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date(now))),
      // An administrator's newest digest stays: its marks say what the next one has to tell (decision 154).
      db
        .delete(staffDigests)
        .where(
          and(
            lt(staffDigests.claimedAt, mailCutoff),
            sql`${staffDigests.slot} < (SELECT MAX(newest.slot) FROM staff_digests AS newest WHERE newest.user_id = ${staffDigests.userId})`,
          ),
        ),
    ]);
    const pruned = {
      mailEvents: events.meta.changes,
      emailDeliveries: deliveries.meta.changes,
      inboundMail: verdicts.meta.changes,
      accountTokens: tokens.meta.changes,
      emailChanges: changes.meta.changes,
      privacyRequests: requests.meta.changes,
      factorRemovals: removals.meta.changes,
      threadLinks: links.meta.changes,
      sessions: ended.meta.changes,
      // Its own batch: it seals first, and writes the entry that records the prune (account-events.server.ts).
      accountEvents: await pruneAuditLog(
        db,
        env.SESSIONS,
        new Date(now - ACCOUNT_EVENT_RETENTION_DAYS * DAY_MS),
      ),
      authChallenges: challenges.meta.changes,
      staffDigests: digests.meta.changes,
    };
    console.log("retention: pruned", pruned);
    return pruned;
  } catch (error) {
    console.error("retention: pruning failed; the next day's run tries again", { error: String(error) });
    return null;
  }
}
