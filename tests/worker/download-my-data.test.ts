import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { enrolAuthenticator } from "./support-accounts";
import { call, deliverPending, member } from "./support-data-rights";
import { insertContact } from "./support-mail";

// Download my data: a copy of what we hold about a person, as a JSON attachment that matches D1, without
// the password hash or any secret of a second factor.

describe("download my data", () => {
  it("gives a JSON attachment that matches what D1 holds, without the password hash", async () => {
    const { email, cookie } = await member("export");
    await insertContact({ email, message: "Please sell me 500 FACETS tokens.", payment_method: "USDT" });
    await call("/api/account", cookie, { method: "PATCH", body: { phone: "+27 21 000 0000" } });
    await deliverPending();
    await enrolAuthenticator(email);
    const ciphertext = await env.DB.prepare(
      "SELECT t.secret_ciphertext AS c FROM totp_credentials t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<{ c: string }>();
    await env.DB.prepare(
      "INSERT INTO passkeys (id, user_id, name, public_key, algorithm) SELECT 'cred-export', id, 'Work laptop', 'not-a-real-key', -7 FROM users WHERE email = ?",
    )
      .bind(email)
      .run();
    const response = await call("/api/account/export", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="facets-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    const row = await env.DB.prepare("SELECT * FROM users WHERE email = ?")
      .bind(email)
      .first<Record<string, unknown>>();
    expect(text).not.toContain(String(row?.password));
    expect(data).toMatchObject({
      format: "facets-personal-data/1",
      email,
      account: {
        id: row?.id,
        email,
        firstName: row?.first_name,
        lastName: row?.last_name,
        company: row?.company,
        phone: "+27 21 000 0000",
        userTypeId: row?.user_type_id,
        status: "approved",
      },
    });
    expect(data.account).not.toHaveProperty("password");
    expect(data.secondFactors).toEqual({
      authenticatorApp: { confirmedAt: expect.any(String) },
      passkeys: [{ name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null }],
      recoveryCodesLeft: 0,
    });
    expect(text).not.toContain(ciphertext?.c);
    expect(text).not.toContain("not-a-real-key");
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        email,
        message: "Please sell me 500 FACETS tokens.",
        paymentMethod: "USDT",
        processed: false,
      }),
    ]);
    expect(data.emails).toEqual([
      expect.objectContaining({ subject: "We received your registration", state: "sent" }),
    ]);
    const sessionRows = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(row?.id)
      .all<{ id: string }>();
    expect(data.sessions.map((session: { id: string }) => session.id).sort()).toEqual(
      sessionRows.results.map((session) => session.id).sort(),
    );
    const eventRows = await env.DB.prepare(
      "SELECT action FROM account_events WHERE subject_id = ? ORDER BY id DESC",
    )
      .bind(row?.id)
      .all<{ action: string }>();
    expect(data.accountEvents.map((event: { action: string }) => event.action)).toEqual(
      eventRows.results.map((event) => event.action).filter((action) => action !== "data-exported"),
    );
    expect((await call("/api/account/export", "")).status).toBe(401);
  });
});
