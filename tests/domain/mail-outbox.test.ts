import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/server/db.server";
import {
  insertMailEventIfChanged,
  type MailEventMessage,
  mailEventRow,
  publishMailEvents,
  sweepUnpublishedMail,
} from "../../app/server/mail-outbox.server";
import { contactSubmissions, mailEvents, users } from "../../db/schema";
import { uniqueEmail } from "../worker/support-accounts";
import { insertContact, insertUser } from "../worker/support-mail";

// The mail outbox: an event stored in the same batch as the change it is about, published to the queue and
// marked enqueued, and swept up when Queues failed.

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
