import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAIL_MAX_RETRIES, retryDelaySeconds } from "../../app/server/mail/mail-delivery.server";
import wranglerToml from "../../wrangler.toml?raw";
import { adminEmails, insertAdmin, insertContact, insertUser, recordingEnv } from "../worker/support-mail";
import { deliver, event, recipients, tokenCount } from "./support-mail-consumer";

// The consumer from source: how it acks and retries, sending nothing twice and each message of a batch on
// its own.

async function deliveryCount(eventId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM email_deliveries WHERE key LIKE ?")
    .bind(`${eventId}:%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

afterEach(() => vi.restoreAllMocks());

/** The `mail.failed` events logged while `run` runs. */
async function failedEvents(run: () => Promise<unknown>) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await run();
  const lines = log.mock.calls.map(([line]) => line as { event?: string });
  log.mockRestore();
  return lines.filter((line) => line?.event === "mail.failed");
}

describe("mail consumer: delivery", () => {
  it("sends nothing more for a redelivered event, and mints no second token", async () => {
    await insertAdmin();
    const user = await insertUser();
    const registered = event("registration-received", user.id);
    const first = recordingEnv();
    await deliver(first.env, [registered]);
    expect(first.sent.length).toBeGreaterThan(1);

    const again = recordingEnv();
    const { result } = await deliver(again.env, [{ ...registered }], 2);

    expect(again.sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await tokenCount(user.id)).toBe(1);
    expect(await deliveryCount(registered.id)).toBe(first.sent.length);
  });

  it("retries with a growing delay when Email Service fails, recording no delivery", async () => {
    const user = await insertUser({ approved: true });
    const approved = event("account-approved", user.id);
    const failing = recordingEnv(() => true);

    const first = await deliver(failing.env, [approved], 1);
    const third = await deliver(failing.env, [approved], 3);

    expect(failing.attempted).toEqual([user.email, user.email]);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages).toEqual([{ msgId: first.batch.messages[0]?.id }]);
    expect(first.retries).toEqual([{ msgId: first.batch.messages[0]?.id, delaySeconds: 30 }]);
    expect(third.retries).toEqual([{ msgId: third.batch.messages[0]?.id, delaySeconds: 120 }]);
    expect(await deliveryCount(approved.id)).toBe(0);
  });

  it("says a failure is retried until the last attempt Queues makes, and names the attempt", async () => {
    // Every consumer of the mail queue (production's and the preview's) gives up where the code says.
    const limits = [...wranglerToml.matchAll(/^max_retries = (\d+)$/gm)].map((match) => Number(match[1]));
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) expect(limit).toBe(MAIL_MAX_RETRIES);

    const user = await insertUser({ approved: true });
    const approved = event("account-approved", user.id);
    const failing = recordingEnv(() => true, "E_RATE_LIMIT_EXCEEDED");
    const retried = await failedEvents(() => deliver(failing.env, [approved], MAIL_MAX_RETRIES));
    const last = await failedEvents(() => deliver(failing.env, [approved], MAIL_MAX_RETRIES + 1));

    expect(retried).toEqual([
      expect.objectContaining({ attempts: MAIL_MAX_RETRIES, retried: true, reason: "E_RATE_LIMIT_EXCEEDED" }),
    ]);
    expect(last).toEqual([expect.objectContaining({ attempts: MAIL_MAX_RETRIES + 1, retried: false })]);
  });

  it("after a partly failed fan-out, retries and sends only to the admins still missing", async () => {
    await insertAdmin();
    const unlucky = await insertAdmin();
    await insertAdmin();
    const contact = await insertContact();
    const received = event("contact-received", contact.id);
    const partial = recordingEnv((to) => to === unlucky.email);

    const first = await deliver(partial.env, [received]);

    const admins = await adminEmails();
    expect(first.retries).toEqual([{ msgId: first.batch.messages[0]?.id, delaySeconds: 30 }]);
    expect(recipients(partial.sent)).toEqual(admins.filter((email) => email !== unlucky.email));
    expect(await deliveryCount(received.id)).toBe(admins.length - 1);

    const healthy = recordingEnv();
    const second = await deliver(healthy.env, [received], 2);

    expect(recipients(healthy.sent)).toEqual([unlucky.email]);
    expect(second.result.explicitAcks).toHaveLength(1);
    expect(await deliveryCount(received.id)).toBe(admins.length);
  });

  it("does not retry for an address Email Service has suppressed, and still mails the others", async () => {
    await insertAdmin();
    const bounced = await insertAdmin();
    const contact = await insertContact();
    const received = event("contact-received", contact.id);
    const { env: testEnv, sent } = recordingEnv((to) => to === bounced.email, "E_RECIPIENT_SUPPRESSED");

    const { result, retries } = await deliver(testEnv, [received]);

    expect(retries).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(recipients(sent)).toEqual((await adminEmails()).filter((email) => email !== bounced.email));
  });

  it("handles each message of a batch on its own", async () => {
    const good = await insertUser({ approved: true });
    const bad = await insertUser({ approved: true });
    const { env: testEnv, sent } = recordingEnv((to) => to === bad.email);

    const { batch, result } = await deliver(testEnv, [
      event("account-approved", good.id),
      event("account-approved", bad.id),
    ]);

    expect(recipients(sent)).toEqual([good.email]);
    expect(result.explicitAcks).toEqual([batch.messages[0]?.id]);
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual([batch.messages[1]?.id]);
  });

  it("drops a malformed message instead of retrying it forever", async () => {
    const { env: testEnv, sent } = recordingEnv();
    const { result } = await deliver(testEnv, [{ id: "x", type: "nonsense", subjectId: 1 } as never]);
    expect(sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
  });

  it("backs off exponentially from 30 seconds up to an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});
