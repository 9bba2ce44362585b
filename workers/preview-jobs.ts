import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { type MailEventMessage, markUnpublished } from "../app/server/mail-outbox.server";
import { runFiveMinuteJobs } from "./five-minute-jobs";

// A pull request's Preview runs no cron and consumes no queue (Cloudflare's limitations for Previews), and
// this site's mail depends on both. So on a Preview, and only there, POST /__preview/run-jobs with
// `Authorization: Bearer <PREVIEW_JOBS_SECRET>` runs the five-minute jobs with a queue that holds what
// they publish, then hands that to the mail consumer, as Queues would (decision 180). Anywhere else, and
// with a wrong or missing secret, the request goes on to the router, which answers it as any unknown path:
// nothing tells the route exists.

export const PREVIEW_JOBS_PATH = "/__preview/run-jobs";

/** DEPLOYMENT of a pull request's Preview (scripts/preview-config.ts writes it; nothing else does). */
const PULL_REQUEST_DEPLOYMENT = /^pull-[1-9][0-9]{0,8}$/;
const MIN_SECRET_LENGTH = 32;

export interface PreviewJobsRun {
  /** Events the sweep published (unpublished and older than a minute, as the cron's). */
  published: number;
  /** Events the consumer acknowledged: sent, or nothing left to send. */
  delivered: number;
  /** Events whose delivery failed: unpublished again, for the next run. */
  retried: number;
}

function secretOf(env: Env): string | null {
  const secret = env.PREVIEW_JOBS_SECRET;
  if (!PULL_REQUEST_DEPLOYMENT.test(String(env.DEPLOYMENT ?? ""))) return null;
  return typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH ? secret : null;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Compares digests of both, in constant time: neither the secret's length nor its bytes leak. */
async function sameSecret(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  return constantTimeEqual(a, b);
}

/** A queue that only remembers what is sent to it. */
function holdingQueue(held: MailEventMessage[]): Queue<MailEventMessage> {
  return {
    async send(body: MailEventMessage) {
      held.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MailEventMessage>>) {
      for (const message of messages) held.push(message.body);
    },
  } as unknown as Queue<MailEventMessage>;
}

/** The consumer's work on the held events, one batch as Queues delivers it; failed events go back. */
async function deliverHeld(env: Env, held: MailEventMessage[]): Promise<Omit<PreviewJobsRun, "published">> {
  const retried = new Set<string>();
  const acked = new Set<string>();
  const messages = held.map((body) => ({
    id: `preview-${body.id}`,
    timestamp: new Date(),
    body,
    attempts: 1,
    ack: () => {
      acked.add(body.id);
    },
    retry: () => {
      retried.add(body.id);
    },
  }));
  const batch = {
    queue: "preview-jobs",
    messages,
    ackAll: () => {
      for (const message of messages) message.ack();
    },
    retryAll: () => {
      for (const message of messages) message.retry();
    },
  } as unknown as MessageBatch<MailEventMessage>;
  try {
    if (messages.length > 0) {
      const { handleMailBatch } = await import("../app/server/mail/mail-consumer.server");
      await handleMailBatch(batch, env);
    }
  } finally {
    // Whatever was not acknowledged (retried, or the consumer threw) waits for the next run.
    await markUnpublished(
      env,
      held.filter((event) => !acked.has(event.id)).map((event) => event.id),
    );
  }
  return { delivered: acked.size, retried: retried.size };
}

/** The five-minute jobs, then the consumer on what they published. */
export async function runPreviewJobs(env: Env): Promise<PreviewJobsRun> {
  const held: MailEventMessage[] = [];
  const published = await runFiveMinuteJobs({ ...env, MAIL_QUEUE: holdingQueue(held) });
  return { published, ...(await deliverHeld(env, held)) };
}

/** The route's answer, or null for the router to answer (everywhere but a Preview, and to a wrong secret). */
export async function servePreviewJobs(
  request: Request,
  env: Env,
  run: (env: Env) => Promise<PreviewJobsRun> = runPreviewJobs,
): Promise<Response | null> {
  if (request.method !== "POST" || new URL(request.url).pathname !== PREVIEW_JOBS_PATH) return null;
  const secret = secretOf(env);
  if (!secret) return null;
  const given = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  if (!(await sameSecret(given, secret))) return null;
  await request.arrayBuffer();
  const result = await run(env);
  console.log("preview: jobs run", { deployment: env.DEPLOYMENT, ...result });
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}
