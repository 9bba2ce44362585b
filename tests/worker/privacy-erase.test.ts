import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRIVACY_LINK_ACCOUNT_ACTIVE } from "../../app/lib/account-messages";
import { eraseAddress } from "../../app/server/account/address-erasure.server";
import { getDb } from "../../app/server/db.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import type { UserRow } from "../../db/schema";
import { approve, postJson, registerViaApi, uniqueEmail } from "./support-accounts";
import { deliver, insertContact, linksOf, recordingEnv } from "./support-mail";

// The privacy link's erasure checks, in the batch that erases, that the address still has no usable
// account: an approval that lands after the link was checked and before the batch runs erases nothing.
// Every erasure checks there too that it does not remove the last active administrator.

/** The erasure link emailed for the privacy request of `email`. */
async function privacyLink(email: string): Promise<string> {
  expect((await postJson("/api/privacy/request", { email })).status).toBe(202);
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE type = 'privacy-request'",
  ).all<MailEventMessage>();
  const mail = recordingEnv();
  await deliver(mail.env, results);
  const sent = mail.sent.find((message) => String(message.to) === email);
  const link = linksOf(sent as never).find((href) => new URL(href).pathname === "/privacy/request");
  const token = new URL(link ?? "http://x").searchParams.get("token") ?? "";
  expect(token).toHaveLength(52);
  return token;
}

const caller = {
  session: null,
  origin: "http://localhost",
  address: "192.0.2.200",
  userAgent: null,
  country: null,
  requestId: null,
};

async function count(sql: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The erasure's confirmation to the address, and its audit entry about the account. */
async function erasures(email: string, userId: number) {
  return {
    mail: await count(
      "SELECT count(*) AS n FROM mail_events WHERE type = 'data-erased' AND recipient = ?",
      email,
    ),
    entries: await count(
      "SELECT count(*) AS n FROM account_events WHERE action = 'data-erased' AND subject_id = ?",
      userId,
    ),
  };
}

describe("erasing by a privacy link", () => {
  it("erases nothing when the account was approved after the link was checked", async () => {
    const email = uniqueEmail("approved-meanwhile");
    await registerViaApi(email);
    await insertContact({ email });
    const token = await privacyLink(email);

    // The privacy door found the account pending (its row as read then); the approval lands before the
    // erasure's batch runs.
    const db = getDb(env);
    const pending = (await db.query.users.findFirst({
      where: (users, { eq }) => eq(users.email, email),
    })) as UserRow;
    expect(pending.isApproved).toBe(false);
    await approve(email);
    const refusal = { kind: "invalid", message: PRIVACY_LINK_ACCOUNT_ACTIVE, fieldErrors: {} } as const;
    const outcome = await eraseAddress(
      { env, db, waitUntil: () => {} },
      caller,
      { email, user: pending },
      "data-erased",
      { refusedIfUsable: refusal },
    );
    expect(outcome).toBe(refusal);

    expect(await count("SELECT count(*) AS n FROM users WHERE email = ? AND is_approved = 1", email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM contact_submissions WHERE email = ?", email)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM privacy_requests WHERE email = ?", email)).toBe(1);
    expect(await erasures(email, pending.id)).toEqual({ mail: 0, entries: 0 });

    // The door answers the same: sign in and use My account.
    const again = await postJson("/api/privacy/erase", { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe(PRIVACY_LINK_ACCOUNT_ACTIVE);
  });

  it("still erases an address whose account stays unusable", async () => {
    const email = uniqueEmail("still-pending");
    await registerViaApi(email);
    await insertContact({ email });
    const token = await privacyLink(email);
    const id = await count("SELECT id AS n FROM users WHERE email = ?", email);
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", email)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM contact_submissions WHERE email = ?", email)).toBe(0);
    expect(await erasures(email, id)).toEqual({ mail: 1, entries: 1 });
  });
});

describe("erasing an administrator", () => {
  it("keeps one of two administrators who delete themselves at once", async () => {
    // This file's own D1: the two are its only active administrators.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE user_type_id = 1").run();
    const db = getDb(env);
    const admins = await Promise.all(
      ["both-go-a", "both-go-b"].map(async (label) => {
        const email = uniqueEmail(label);
        await registerViaApi(email);
        await approve(email, true);
        const user = (await db.query.users.findFirst({
          where: (users, { eq }) => eq(users.email, email),
        })) as UserRow;
        return { email, user };
      }),
    );
    // Both erasures read two active administrators before either batch runs.
    const outcomes = await Promise.all(
      admins.map(({ email, user }) =>
        eraseAddress({ env, db, waitUntil: () => {} }, caller, { email, user }, "account-deleted"),
      ),
    );
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["conflict", "done"]);
    expect(
      await count(
        "SELECT count(*) AS n FROM users WHERE user_type_id = 1 AND is_active = 1 AND is_approved = 1",
      ),
    ).toBe(1);
    const kept = admins[outcomes.findIndex((outcome) => outcome.kind === "conflict")];
    if (!kept) throw new Error("no administrator kept");
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", kept.email)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM mail_events WHERE type = 'account-deleted' AND recipient = ?",
        kept.email,
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM account_events WHERE action = 'account-deleted' AND subject_id = ?",
        kept.user.id,
      ),
    ).toBe(0);
  });
});
