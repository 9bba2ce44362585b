import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { hasLink } from "../../app/lib/message-links";
import { isClosedState, type MessageState } from "../../app/lib/message-states";
import type {
  handleMailBatch as HandleMailBatch,
  sendDigestsDue as SendDigestsDue,
} from "../../app/server/mail/mail-consumer.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";

type Consumer = typeof HandleMailBatch;

// The consumer as the build ships it (its own chunk, React bundled in), for the suites that drive the
// built Worker; tests/domain/mail-delivery.test.ts runs the source's through `deliveryBy`.
const consumerChunks = import.meta.glob<{ handleMailBatch: Consumer; sendDigestsDue: typeof SendDigestsDue }>(
  "../../build/server/assets/mail-consumer.server-*.js",
);

async function builtChunk() {
  const [load] = Object.values(consumerChunks);
  if (!load) throw new Error("No mail consumer in build/server: run `npm run build` first.");
  return load();
}

async function builtConsumer(): Promise<Consumer> {
  return (await builtChunk()).handleMailBatch;
}

/** The five-minute cron's digest run, as the build ships it, at the time given. */
export async function runDigestCron(testEnv: Env, now: Date): Promise<void> {
  await (await builtChunk()).sendDigestsDue(testEnv, now);
}

import { uniqueEmail } from "./support-accounts";

export type SentEmail = Extract<Parameters<SendEmail["send"]>[0], { subject: string }>;

/**
 * An env whose EMAIL records every message handed to it and forwards it to the local Email Service
 * simulation; `failFor(to)` makes the send to that address throw instead, with `code` as Email Service would.
 */
export function recordingEnv(
  failFor: (to: string) => boolean = () => false,
  code = "E_INTERNAL_SERVER_ERROR",
) {
  const sent: SentEmail[] = [];
  const attempted: string[] = [];
  const EMAIL = {
    async send(message: SentEmail) {
      const to = String(message.to);
      attempted.push(to);
      if (failFor(to)) throw Object.assign(new Error(`Email Service refused ${to}`), { code });
      sent.push(message);
      return env.EMAIL.send(message);
    },
  } as SendEmail;
  return { env: { ...env, EMAIL } as Env, sent, attempted };
}

let messageCounter = 0;

/**
 * `deliver` with this consumer: runs it on one batch of events, as Queues would deliver them; returns what
 * it acked and retried. `retries` keeps each retry's options too (getQueueResult leaves out their delaySeconds).
 */
export function deliveryBy(consumer: () => Promise<Consumer>) {
  return async (testEnv: Env, events: MailEventMessage[], attempts = 1, now = new Date()) => {
    const batch = createMessageBatch<MailEventMessage>(
      "facets-mail",
      events.map((body) => {
        messageCounter += 1;
        return { id: `message-${messageCounter}`, timestamp: new Date(), attempts, body };
      }),
    );
    const retries: { msgId: string; delaySeconds: number | undefined }[] = [];
    for (const message of batch.messages) {
      const retry = message.retry.bind(message);
      Object.defineProperty(message, "retry", {
        value: (options?: QueueRetryOptions) => {
          retries.push({ msgId: message.id, delaySeconds: options?.delaySeconds });
          retry(options);
        },
      });
    }
    const ctx = createExecutionContext();
    await (await consumer())(batch, testEnv, now);
    return { batch, result: await getQueueResult(batch, ctx), retries };
  };
}

/** Delivers with the built consumer. */
export const deliver = deliveryBy(builtConsumer);

export interface UserFacts {
  email?: string;
  firstName?: string;
  lastName?: string;
  company?: string | null;
  phone?: string | null;
  userTypeId?: number;
  approved?: boolean;
  active?: boolean;
  rejected?: boolean;
  /** An administrator's notifications; none stored (the default, the digest) when null. */
  notifications?: "immediate" | "digest" | "none" | null;
}

/** Inserts a user straight into D1 and returns its id and address. */
export async function insertUser(facts: UserFacts = {}) {
  const email = (facts.email ?? uniqueEmail("user")).toLowerCase();
  const row = await env.DB.prepare(
    `INSERT INTO users (email, password, first_name, last_name, company, phone, user_type_id, is_approved, is_active, rejected_at)
     VALUES (?, 'not-a-hash', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      email,
      facts.firstName ?? "Ada",
      facts.lastName ?? "Lovelace",
      facts.company === undefined ? "Analytical Engines" : facts.company,
      facts.phone === undefined ? "+44 20 0000 0000" : facts.phone,
      facts.userTypeId ?? 2,
      facts.approved ? 1 : 0,
      facts.active === false ? 0 : 1,
      facts.rejected ? Math.floor(Date.now() / 1000) : null,
    )
    .first<{ id: number }>();
  if (!row) throw new Error("user not inserted");
  return { id: row.id, email };
}

/**
 * Inserts an administrator who chose immediate notifications (one email per message and registration),
 * unless `notifications` says otherwise (null: never chose, so the digest).
 */
export async function insertAdmin(facts: UserFacts = {}) {
  const admin = await insertUser({ email: uniqueEmail("admin"), userTypeId: 1, approved: true, ...facts });
  const mode = facts.notifications === undefined ? "immediate" : facts.notifications;
  if (mode !== null)
    await env.DB.prepare("INSERT INTO staff_notification_choices (user_id, mode) VALUES (?, ?)")
      .bind(admin.id, mode)
      .run();
  return admin;
}

/** Every approved, active admin now in D1 who chose immediate notifications: who gets one email per event. */
export async function adminEmails(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT email FROM users LEFT JOIN staff_notification_choices AS choice ON choice.user_id = users.id
     WHERE user_type_id = 1 AND is_approved = 1 AND is_active = 1 AND choice.mode = 'immediate'`,
  ).all<{ email: string }>();
  return results.map((row) => row.email).sort();
}

export async function insertContact(facts: Record<string, string | number | null> = {}) {
  const values = {
    first_name: "Grace",
    last_name: "Hopper",
    email: uniqueEmail("contact"),
    company: "Navy",
    phone: "+1 555 0100",
    user_type_id: 2,
    message: "I would like to buy tokens with SOL.\nTwo lines.",
    // A processed message is Done, as the dashboard leaves it (docs/decisions/152), and a message in a
    // closed state is processed: D1 holds the two together (CHECK contact_closed, docs/decisions/169).
    ...(facts.is_processed === 1 ? { state: "done" } : {}),
    ...(typeof facts.state === "string" && isClosedState(facts.state as MessageState)
      ? { is_processed: 1 }
      : {}),
    ...facts,
  };
  // Whether it holds a link, as the app writes it when a message arrives (decision 176).
  if (facts.has_link === undefined)
    Object.assign(values, { has_link: hasLink(String(values.message)) ? 1 : 0 });
  const columns = Object.keys(values);
  const row = await env.DB.prepare(
    `INSERT INTO contact_submissions (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) RETURNING id`,
  )
    .bind(...Object.values(values))
    .first<{ id: number }>();
  if (!row) throw new Error("contact not inserted");
  return { id: row.id, ...values };
}

/** Every address linked from an email's HTML (href) and written out in its text. */
export function linksOf(email: SentEmail): string[] {
  const hrefs = [...String(email.html).matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? "");
  const written = [...String(email.text).matchAll(/\bhttps?:\/\/\S+/g)].map((match) => match[0]);
  return [...hrefs, ...written].map((link) => link.replaceAll("&amp;", "&"));
}
