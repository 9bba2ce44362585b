import { sealAuditLog } from "../app/server/audit/audit-sealer.server";
import { getDb } from "../app/server/db.server";
import { sweepUnpublishedMail } from "../app/server/mail-outbox.server";

/** The digests' run, from the consumer's chunk: imported only when the jobs run, as the consumer is. */
async function sendDigestsDue(env: Env): Promise<void> {
  const { sendDigestsDue: run } = await import("../app/server/mail/mail-consumer.server");
  await run(env);
}

/**
 * The five-minute cron's work, for `scheduled()` and a pull request's Preview (workers/preview-jobs.ts):
 * publish any mail event whose first publish did not happen, seal any audit entry an interrupted isolate
 * left unsealed, and send the administrators' digests now due. Returns how many events were published.
 */
export async function runFiveMinuteJobs(env: Env): Promise<number> {
  const [published] = await Promise.all([
    sweepUnpublishedMail(env),
    sealAuditLog(getDb(env), env.SESSIONS),
    sendDigestsDue(env),
  ]);
  return published;
}
