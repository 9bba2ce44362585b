import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import { mailEventRow } from "../../app/server/mail-outbox.server";
import {
  DAILY_CRON,
  MAIL_RETENTION_DAYS,
  pruneSpentRecords,
} from "../../app/server/scheduled/retention.server";
import wranglerToml from "../../wrangler.toml?raw";
import { insertUser } from "./support-mail";

// The daily cron deletes what mail and account links leave behind once nothing can need it.

const DAY = 24 * 60 * 60;

/** The Worker's own handlers: `scheduled` runs its cron handler as Cloudflare would (not in the types). */
const worker = exports.default as unknown as {
  scheduled(options: { cron: string; scheduledTime: Date }): Promise<unknown>;
};

async function insertEvent(ageDays: number, published: boolean) {
  const row = mailEventRow("account-approved", 1);
  await env.DB.prepare(
    `INSERT INTO mail_events (id, type, subject_id, created_at, enqueued_at)
     VALUES (?, ?, ?, unixepoch() - ?, CASE WHEN ? THEN unixepoch() - ? ELSE NULL END)`,
  )
    .bind(row.id, row.type, row.subjectId, ageDays * DAY, published ? 1 : 0, ageDays * DAY)
    .run();
  return row.id;
}

async function insertDelivery(ageDays: number) {
  const key = `${crypto.randomUUID()}:someone@example.com`;
  await env.DB.prepare("INSERT INTO email_deliveries (key, sent_at) VALUES (?, unixepoch() - ?)")
    .bind(key, ageDays * DAY)
    .run();
  return key;
}

async function insertToken(userId: number, expiresInSeconds: number) {
  const hash = hashToken(crypto.randomUUID());
  await env.DB.prepare(
    "INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES (?, ?, 'reset-password', unixepoch() + ?)",
  )
    .bind(hash, userId, expiresInSeconds)
    .run();
  return hash;
}

async function insertChallenge(expiresInSeconds: number) {
  const id = hashToken(crypto.randomUUID());
  await env.DB.prepare(
    "INSERT INTO auth_challenges (id, purpose, expires_at) VALUES (?, 'passkey-sign-in', unixepoch() + ?)",
  )
    .bind(id, expiresInSeconds)
    .run();
  return id;
}

const exists = async (table: string, column: string, value: string) =>
  (await env.DB.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`).bind(value).first()) !== null;

async function seed() {
  const { id: userId } = await insertUser();
  return {
    oldPublished: await insertEvent(MAIL_RETENTION_DAYS + 1, true),
    oldUnpublished: await insertEvent(MAIL_RETENTION_DAYS + 1, false),
    recentPublished: await insertEvent(MAIL_RETENTION_DAYS - 1, true),
    oldDelivery: await insertDelivery(MAIL_RETENTION_DAYS + 1),
    recentDelivery: await insertDelivery(MAIL_RETENTION_DAYS - 1),
    longExpired: await insertToken(userId, -2 * DAY),
    justExpired: await insertToken(userId, -60),
    live: await insertToken(userId, 30 * 60),
    expiredChallenge: await insertChallenge(-60),
    liveChallenge: await insertChallenge(5 * 60),
  };
}

async function expectPruned(rows: Awaited<ReturnType<typeof seed>>) {
  expect(await exists("mail_events", "id", rows.oldPublished)).toBe(false);
  expect(await exists("mail_events", "id", rows.oldUnpublished)).toBe(true);
  expect(await exists("mail_events", "id", rows.recentPublished)).toBe(true);
  expect(await exists("email_deliveries", "key", rows.oldDelivery)).toBe(false);
  expect(await exists("email_deliveries", "key", rows.recentDelivery)).toBe(true);
  expect(await exists("account_tokens", "token_hash", rows.longExpired)).toBe(false);
  expect(await exists("account_tokens", "token_hash", rows.justExpired)).toBe(true);
  expect(await exists("account_tokens", "token_hash", rows.live)).toBe(true);
  expect(await exists("auth_challenges", "id", rows.expiredChallenge)).toBe(false);
  expect(await exists("auth_challenges", "id", rows.liveChallenge)).toBe(true);
}

describe("retention", () => {
  it("deletes old published mail events and deliveries and long-expired links, and nothing else", async () => {
    const rows = await seed();
    const pruned = await pruneSpentRecords(env);
    expect(pruned?.mailEvents).toBeGreaterThanOrEqual(1);
    expect(pruned?.emailDeliveries).toBeGreaterThanOrEqual(1);
    expect(pruned?.accountTokens).toBeGreaterThanOrEqual(1);
    await expectPruned(rows);
  });

  it("deletes month-old digests but each administrator's newest, whose marks the next one reads", async () => {
    const [a, b] = [await insertUser({ userTypeId: 1 }), await insertUser({ userTypeId: 1 })];
    const digest = async (userId: number, ageDays: number) => {
      const claimedAt = Math.floor(Date.now() / 1000) - ageDays * DAY;
      const slot = Math.floor(claimedAt / 900);
      await env.DB.prepare(
        "INSERT INTO staff_digests (user_id, slot, claimed_at, contact_mark, user_mark, sent_at) VALUES (?, ?, ?, 0, 0, ?)",
      )
        .bind(userId, slot, claimedAt, claimedAt)
        .run();
      return `${userId}:${slot}`;
    };
    const rows = {
      aOldest: await digest(a.id, MAIL_RETENTION_DAYS + 10),
      aNewest: await digest(a.id, MAIL_RETENTION_DAYS + 5),
      bOld: await digest(b.id, MAIL_RETENTION_DAYS + 10),
      bRecent: await digest(b.id, 1),
    };
    await pruneSpentRecords(env);
    const kept = async (key: string) =>
      (await env.DB.prepare("SELECT 1 FROM staff_digests WHERE user_id || ':' || slot = ?")
        .bind(key)
        .first()) !== null;
    expect(await kept(rows.aOldest)).toBe(false);
    expect(await kept(rows.aNewest)).toBe(true);
    expect(await kept(rows.bOld)).toBe(false);
    expect(await kept(rows.bRecent)).toBe(true);
  });

  it("runs on the daily cron that wrangler.toml schedules, not on the five-minute sweep", async () => {
    expect(wranglerToml).toContain(`crons = ["*/5 * * * *", "${DAILY_CRON}"]`);
    const rows = await seed();
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
    expect(await exists("mail_events", "id", rows.oldPublished)).toBe(true);
    await worker.scheduled({ cron: DAILY_CRON, scheduledTime: new Date() });
    // The handler hands the work to waitUntil.
    await vi.waitFor(() => expectPruned(rows));
  });

  it("seals on the five-minute cron what an interrupted isolate left unsealed", async () => {
    // An entry as a request writes it, whose isolate stopped before its seal ran.
    const { id } = (await env.DB.prepare(
      "INSERT INTO account_events (at, action, outcome, user_agent) VALUES (unixepoch(), 'sign-in', 'failure', 'cut off') RETURNING id",
    ).first<{ id: number }>()) ?? { id: 0 };
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
    await vi.waitFor(async () =>
      expect(
        await env.DB.prepare("SELECT hash IS NOT NULL AS sealed FROM account_events WHERE id = ?")
          .bind(id)
          .first(),
      ).toEqual({ sealed: 1 }),
    );
  });
});
