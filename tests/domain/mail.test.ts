import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PERSONAL_SUBJECTS } from "../../app/content/email-subjects";
import { MAIL_KINDS } from "../../app/emails/mail-kinds";
import { getDb } from "../../app/server/db.server";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import { handleMailBatch } from "../../app/server/mail/mail-consumer.server";
import { retryDelaySeconds } from "../../app/server/mail/mail-delivery.server";
import { MAIL_EVENTS } from "../../app/server/mail/mail-events.server";
import {
  insertMailEventIfChanged,
  type MailEventMessage,
  mailEventRow,
  publishMailEvents,
  sweepUnpublishedMail,
} from "../../app/server/mail-outbox.server";
import { contactSubmissions, mailEvents, users } from "../../db/schema";
import { uniqueEmail } from "../worker/support-accounts";
import {
  adminEmails,
  deliveryBy,
  insertAdmin,
  insertContact,
  insertUser,
  linksOf,
  recordingEnv,
  type SentEmail,
} from "../worker/support-mail";

// The consumer from source: what it renders and sends, and how it acks and retries. The build's consumer
// chunk runs in the suites that drive the built Worker (tests/worker) and under `wrangler dev` (tests/e2e).
const deliver = deliveryBy(async () => handleMailBatch);

const HOSTILE = "<script>alert(1)</script>";

function event(type: MailEventMessage["type"], subjectId: number): MailEventMessage {
  return mailEventRow(type, subjectId);
}

function recipients(sent: SentEmail[]): string[] {
  return sent.map((email) => String(email.to)).sort();
}

/** Every link is absolute to SITE_ORIGIN, the HTML loads nothing remote, and both versions carry `path`. */
function expectSafeLinks(email: SentEmail, path: string) {
  const links = linksOf(email);
  for (const link of links)
    expect(link.startsWith(`${env.SITE_ORIGIN}/`) || link === env.SITE_ORIGIN).toBe(true);
  expect(String(email.html)).not.toMatch(/<img|\ssrc=|url\(|<script/i);
  expect(String(email.html)).toContain(`href="${env.SITE_ORIGIN}${path.replaceAll("&", "&amp;")}`);
  expect(String(email.text)).toContain(`${env.SITE_ORIGIN}${path}`);
}

/** The token in an email's link, checked against D1: stored only as its hash, with its purpose and lifetime. */
async function expectStoredToken(email: SentEmail, path: string, purpose: string, lifetimeSeconds: number) {
  const token = new RegExp(`${path}\\?token=([a-z2-7]{52})`).exec(String(email.text))?.[1];
  expect(token).toBeDefined();
  expect(String(email.html)).toContain(`${path}?token=${token}`);
  const row = await env.DB.prepare(
    "SELECT purpose, expires_at, used_at FROM account_tokens WHERE token_hash = ?",
  )
    .bind(hashToken(token ?? ""))
    .first<{ purpose: string; expires_at: number; used_at: number | null }>();
  expect(row).toMatchObject({ purpose, used_at: null });
  const expected = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  expect(Math.abs((row?.expires_at ?? 0) - expected)).toBeLessThan(60);
  return token;
}

async function tokenCount(userId: number) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM account_tokens WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function deliveryCount(eventId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM email_deliveries WHERE key LIKE ?")
    .bind(`${eventId}:%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("mail consumer: the emails", () => {
  it("tells every approved, active admin who chose immediate notifications about a contact message, every field escaped", async () => {
    await insertAdmin();
    await insertAdmin();
    const inactive = await insertAdmin({ active: false });
    const pending = await insertAdmin({ approved: false });
    const member = await insertUser({ approved: true });
    const contact = await insertContact({ first_name: HOSTILE, company: "Ada & Co <b>", user_type_id: 4 });
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [event("contact-received", contact.id)]);

    expect(result.explicitAcks).toHaveLength(1);
    const admins = await adminEmails();
    expect(recipients(sent)).toEqual(admins);
    expect(admins).not.toContain(inactive.email);
    expect(admins).not.toContain(pending.email);
    expect(admins).not.toContain(member.email);
    for (const email of sent) {
      expect(email.from).toBe(env.EMAIL_FROM);
      expect(email.subject).toBe(`New message from ${HOSTILE} Hopper: Licensing opportunities`);
      expectSafeLinks(email, "/admin?tab=contacts");
      const html = String(email.html);
      expect(html).not.toContain(HOSTILE);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("Ada &amp; Co &lt;b&gt;");
      expect(html).toContain(contact.email);
      expect(html).toContain("+1 555 0100");
      expect(html).toContain("I would like to buy tokens with SOL.\nTwo lines.");
      expect(html).toMatch(/ UTC</);
      const text = String(email.text);
      for (const value of [
        HOSTILE,
        "Hopper",
        contact.email,
        "Ada & Co <b>",
        "+1 555 0100",
        "Licensing opportunities",
      ]) {
        expect(text).toContain(value);
      }
      expect(text).toContain("I would like to buy tokens with SOL.\nTwo lines.");
      expect(text).toMatch(/Received: .* UTC/);
    }
  });

  it("sends the registrant a confirmation link and the immediate admins the registrant's details", async () => {
    await insertAdmin();
    const user = await insertUser({ firstName: HOSTILE, lastName: "Byron", company: null, phone: null });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("registration-received", user.id)]);

    const admins = await adminEmails();
    expect(recipients(sent)).toEqual([...admins, user.email].sort());
    const [confirmation] = sent.filter((email) => email.to === user.email);
    if (!confirmation) throw new Error("no confirmation email");
    expect(confirmation.subject).toBe("We received your registration");
    expect(String(confirmation.text)).toContain("An administrator will review your account.");
    expect(String(confirmation.text)).toContain("valid for 24 hours");
    expect(String(confirmation.html)).not.toContain(HOSTILE);
    expectSafeLinks(confirmation, "/confirm-email?token=");
    await expectStoredToken(confirmation, "/confirm-email", "confirm-email", 24 * 60 * 60);

    for (const email of sent.filter((email) => email.to !== user.email)) {
      expect(email.subject).toBe("New account awaiting approval");
      expectSafeLinks(email, "/admin");
      expect(String(email.html)).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Byron");
      expect(String(email.html)).toContain(user.email);
      expect(String(email.text)).toContain("Company: Not given");
      expect(String(email.text)).toContain("Area of interest: FACETS token enquiry");
    }
  });

  it("tells an approved user they can log in", async () => {
    const user = await insertUser({ approved: true });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("account-approved", user.id)]);

    expect(recipients(sent)).toEqual([user.email]);
    expect(sent[0]?.subject).toBe("Your FACETS account is approved");
    expectSafeLinks(sent[0] as SentEmail, "/login");
  });

  it("sends a reset link valid for 30 minutes", async () => {
    const user = await insertUser({ approved: true });
    const { env: testEnv, sent } = recordingEnv();

    await deliver(testEnv, [event("password-reset-requested", user.id)]);

    expect(recipients(sent)).toEqual([user.email]);
    const [email] = sent as [SentEmail];
    expect(email.subject).toBe("Reset your FACETS password");
    expect(String(email.text)).toContain("If you did not ask for this, ignore this email.");
    expect(String(email.text)).toContain("valid for 30 minutes");
    expectSafeLinks(email, "/reset-password?token=");
    await expectStoredToken(email, "/reset-password", "reset-password", 30 * 60);
  });

  it("sends no reset to a rejected or inactive account, and mints no token for it", async () => {
    const rejected = await insertUser({ rejected: true });
    const inactive = await insertUser({ approved: true, active: false });
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [
      event("password-reset-requested", rejected.id),
      event("password-reset-requested", inactive.id),
    ]);

    expect(sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await tokenCount(rejected.id)).toBe(0);
    expect(await tokenCount(inactive.id)).toBe(0);
  });

  it("acks an event whose subject no longer exists, sending nothing", async () => {
    const { env: testEnv, sent } = recordingEnv();

    const { result } = await deliver(testEnv, [
      event("contact-received", 987_654_321),
      event("password-reset-requested", 987_654_321),
    ]);

    expect(sent).toEqual([]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toEqual([]);
  });
});

describe("mail kinds", () => {
  it("has every kind of email sent by some event, and every one says why a person gets it", () => {
    const sent = new Set(Object.values(MAIL_EVENTS).flatMap((declaration) => declaration.sends));
    expect([...sent].sort()).toEqual(Object.keys(MAIL_KINDS).sort());
    for (const { reason } of Object.values(MAIL_KINDS)) expect(reason).toMatch(/^\S.*\.$/);
  });

  it("gives every event that mails an account's owner a subject for the list under Your data", () => {
    const toOwners = Object.entries(MAIL_EVENTS)
      .filter(([, { sends }]) => sends.some((kind) => MAIL_KINDS[kind].to === "owner"))
      .map(([type]) => type);
    expect(toOwners.length).toBeGreaterThan(0);
    for (const type of toOwners) expect(Object.keys(PERSONAL_SUBJECTS)).toContain(type);
  });

  it("declares every event type the schema knows", () => {
    expect(Object.keys(MAIL_EVENTS).sort()).toEqual([...mailEvents.type.enumValues].sort());
  });
});

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

/** An env whose MAIL_QUEUE records each sendBatch (and sends nothing on), or throws when told to. */
function recordingQueueEnv(fail = false) {
  const batches: MailEventMessage[][] = [];
  const MAIL_QUEUE = {
    async sendBatch(messages: Iterable<MessageSendRequest<MailEventMessage>>) {
      if (fail) throw new Error("Queues is unavailable");
      batches.push([...messages].map((message) => message.body));
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
    },
  } as unknown as Queue;
  return { env: { ...env, MAIL_QUEUE } as Env, batches };
}

async function enqueuedAt(id: string) {
  const row = await env.DB.prepare("SELECT enqueued_at FROM mail_events WHERE id = ?")
    .bind(id)
    .first<{ enqueued_at: number | null }>();
  return row?.enqueued_at;
}

describe("mail outbox", () => {
  it("stores an event about the row inserted just before it in the same batch", async () => {
    const db = getDb(env);
    const email = uniqueEmail("outbox");
    const [contacts, events] = await db.batch([
      db
        .insert(contactSubmissions)
        .values({ firstName: "Grace", lastName: "Hopper", email, message: "Hello", userTypeId: 2 })
        .returning({ id: contactSubmissions.id }),
      insertMailEventIfChanged(db, "contact-received"),
    ]);
    expect(events).toEqual([
      { id: expect.any(String), type: "contact-received", subjectId: contacts[0]?.id },
    ]);
    const stored = await db.query.mailEvents.findFirst({ where: eq(mailEvents.id, events[0]?.id ?? "") });
    expect(stored).toMatchObject({ subjectId: contacts[0]?.id, enqueuedAt: null });
    expect(stored?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores no event when the statement before it inserted nothing", async () => {
    const db = getDb(env);
    const existing = await insertUser();
    const [inserted, events] = await db.batch([
      db
        .insert(users)
        .values({ email: existing.email, password: "x", firstName: "Eve", lastName: "Twice" })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id }),
      insertMailEventIfChanged(db, "registration-received"),
    ]);
    expect(inserted).toEqual([]);
    expect(events).toEqual([]);
  });

  it("after an UPDATE, stores the event only if the row changed", async () => {
    const db = getDb(env);
    const user = await insertUser();
    const approve = () =>
      db.batch([
        db
          .update(users)
          .set({ isApproved: true })
          .where(and(eq(users.id, user.id), eq(users.isApproved, false))),
        insertMailEventIfChanged(db, "account-approved", user.id),
      ]);

    const [, first] = await approve();
    const [, second] = await approve();

    expect(first).toEqual([{ id: expect.any(String), type: "account-approved", subjectId: user.id }]);
    expect(second).toEqual([]);
  });

  it("publishes events and marks them enqueued", async () => {
    const contact = await insertContact();
    const row = mailEventRow("contact-received", contact.id);
    await getDb(env).insert(mailEvents).values(row);
    const { env: testEnv, batches } = recordingQueueEnv();

    expect(await publishMailEvents(testEnv, [row])).toBe(1);

    expect(batches).toEqual([[row]]);
    expect(await enqueuedAt(row.id)).toBeGreaterThan(0);
  });

  it("never throws when Queues fails, and leaves the event for the sweep", async () => {
    const row = mailEventRow("account-approved", 1);
    await getDb(env).insert(mailEvents).values(row);
    const { env: testEnv } = recordingQueueEnv(true);

    await expect(publishMailEvents(testEnv, [row])).resolves.toBe(0);
    expect(await enqueuedAt(row.id)).toBeNull();
  });

  it("sweeps up events older than a minute that never reached the queue, and only those", async () => {
    const old = mailEventRow("account-approved", 1);
    const fresh = mailEventRow("account-approved", 2);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO mail_events (id, type, subject_id, created_at) VALUES (?, ?, ?, unixepoch() - 120)",
      ).bind(old.id, old.type, old.subjectId),
      env.DB.prepare("INSERT INTO mail_events (id, type, subject_id) VALUES (?, ?, ?)").bind(
        fresh.id,
        fresh.type,
        fresh.subjectId,
      ),
    ]);
    const { env: testEnv, batches } = recordingQueueEnv();

    await sweepUnpublishedMail(testEnv);

    const published = batches.flat();
    expect(published).toContainEqual(old);
    expect(published.map((message) => message.id)).not.toContain(fresh.id);
    expect(await enqueuedAt(old.id)).toBeGreaterThan(0);
    expect(await enqueuedAt(fresh.id)).toBeNull();
  });
});
