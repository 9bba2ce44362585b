import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { deliver, insertAdmin, recordingEnv, runDigestCron } from "./support-mail";
import {
  at,
  contactWithEvent,
  countWhere,
  expectStaffHeaders,
  isDigest,
  registrationWithEvent,
  to,
} from "./support-notifications";

// The digest's promises (decision 154): at most one email per administrator every 15 minutes, news that
// came after a digest sent by the five-minute cron once the window is over, nothing twice for a
// redelivered batch, and a sale's burst read in at most two emails. Time is the code's `now`.

describe("the digest's 15 minutes", () => {
  it("sends the first news at once, holds the rest, and the cron sends it when the window ends", async () => {
    const admin = await insertAdmin({ notifications: "digest" });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [(await contactWithEvent()).event], 1, at(0));
    expect(to(sent, admin.email)).toHaveLength(1);

    await deliver(testEnv, [(await contactWithEvent()).event], 1, at(1));
    await deliver(testEnv, [(await registrationWithEvent()).event], 1, at(7));
    await runDigestCron(testEnv, at(5));
    await runDigestCron(testEnv, at(10));
    await runDigestCron(testEnv, at(14.9));
    expect(to(sent, admin.email)).toHaveLength(1);

    await runDigestCron(testEnv, at(15.1));
    const digests = to(sent, admin.email);
    expect(digests).toHaveLength(2);
    expect(digests.every(isDigest)).toBe(true);
    for (const digest of digests) expectStaffHeaders(digest, "digest");

    // No news since: the cron sends nothing, however long it runs.
    await runDigestCron(testEnv, at(35));
    await runDigestCron(testEnv, at(60));
    expect(to(sent, admin.email)).toHaveLength(2);

    // News after a quiet window goes at once.
    await deliver(testEnv, [(await registrationWithEvent()).event], 1, at(61));
    expect(to(sent, admin.email)).toHaveLength(3);
  });

  it("sends nothing for a message already marked done or spam before its digest", async () => {
    const admin = await insertAdmin({ notifications: "digest" });
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [(await contactWithEvent()).event], 1, at(200));
    const quick = await contactWithEvent({ state: "spam", is_processed: 1 });

    await deliver(testEnv, [quick.event], 1, at(201));
    await runDigestCron(testEnv, at(220));

    expect(to(sent, admin.email)).toHaveLength(1);
  });
});

describe("the Worker's five-minute cron", () => {
  it("sends a digest that is due", async () => {
    const admin = await insertAdmin({ notifications: "digest" });
    await contactWithEvent();
    const worker = exports.default as unknown as {
      scheduled(options: { cron: string; scheduledTime: Date }): Promise<unknown>;
    };

    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });

    // The handler hands the work to waitUntil: the digest is recorded sent once Email Service took it.
    await vi.waitFor(async () =>
      expect(
        await env.DB.prepare(
          "SELECT count(*) AS n FROM staff_digests WHERE user_id = ? AND sent_at IS NOT NULL",
        )
          .bind(admin.id)
          .first(),
      ).toEqual({ n: 1 }),
    );
  });
});

describe("redelivery", () => {
  it("sends nothing twice when Queues delivers the same batch again", async () => {
    const immediate = await insertAdmin({ notifications: "immediate" });
    const digest = await insertAdmin({ notifications: "digest" });
    const registration = await registrationWithEvent();
    const batch: MailEventMessage[] = [(await contactWithEvent()).event, registration.event];
    const first = recordingEnv();
    await deliver(first.env, batch, 1, at(300));
    expect(to(first.sent, immediate.email)).toHaveLength(2);
    expect(to(first.sent, digest.email)).toHaveLength(1);
    expect(to(first.sent, registration.user.email)).toHaveLength(1);

    const again = recordingEnv();
    const { result } = await deliver(
      again.env,
      batch.map((event) => ({ ...event })),
      2,
      at(300.5),
    );

    expect(again.sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
  });

  it("retries a digest Email Service refused, and sends it once", async () => {
    const admin = await insertAdmin({ notifications: "digest" });
    const { event } = await contactWithEvent();
    const failing = recordingEnv((address) => address === admin.email);

    const first = await deliver(failing.env, [event], 1, at(400));
    expect(first.retries).toEqual([{ msgId: first.batch.messages[0]?.id, delaySeconds: 30 }]);
    expect(failing.sent.filter((email) => email.to === admin.email)).toEqual([]);

    const healthy = recordingEnv();
    await deliver(healthy.env, [event], 2, at(400.5));
    await deliver(healthy.env, [event], 3, at(401));
    await runDigestCron(healthy.env, at(405));
    expect(to(healthy.sent, admin.email)).toHaveLength(1);
  });
});

describe("a sale's burst", () => {
  it("reads 200 messages and 50 registrations to each digest administrator in at most 2 emails", async () => {
    const immediate = await insertAdmin({ notifications: "immediate" });
    const digestAdmins = [
      await insertAdmin({ notifications: null }),
      await insertAdmin({ notifications: "digest" }),
    ];
    const { env: testEnv, sent } = recordingEnv();
    // As the contact form and registration store them, ten at a time, as Queues hands them on (batches of
    // up to ten), over ten minutes; the cron runs every five minutes through the next half hour.
    const registrants: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      const events: MailEventMessage[] = [];
      for (let i = 0; i < 10; i += 1) {
        if ((round * 10 + i) % 5 === 4) {
          const registration = await registrationWithEvent();
          registrants.push(registration.user.email);
          events.push(registration.event);
        } else events.push((await contactWithEvent()).event);
      }
      await deliver(testEnv, events, 1, at(500 + round * 0.4));
      if (round % 12 === 11) await runDigestCron(testEnv, at(500 + round * 0.4));
    }
    for (let minute = 505; minute <= 540; minute += 5) await runDigestCron(testEnv, at(minute));

    expect(registrants).toHaveLength(50);
    for (const admin of digestAdmins) {
      // The first news goes at once; what came after it goes in one more, when its 15 minutes are up.
      const digests = to(sent, admin.email);
      expect(digests).toHaveLength(2);
      expect(digests.every(isDigest)).toBe(true);
    }
    expect(to(sent, immediate.email)).toHaveLength(250);
    // The registrants' confirmations go as before, one each.
    for (const email of registrants) expect(to(sent, email)).toHaveLength(1);
    expect(await countWhere("staff_digests WHERE sent_at IS NULL")).toBe(0);
  });
});
