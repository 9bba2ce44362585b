import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  PASSWORD,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { call, deliverPending, everythingInD1, everythingInKv, member, signIn } from "./support-data-rights";
import { insertContact } from "./support-mail";

// Deleting an account: the password and the word, then every trace of the address gone at once; and the
// last active administrator kept, also when the two last delete themselves at once (decision 114). Every
// email is read from what the consumer hands to Email Service.

describe("delete account", () => {
  it("asks for the password and the word, then removes every trace of the address at once", async () => {
    const { email } = await member("leaver");
    const first = await signIn(email);
    const second = await signIn(email);
    await insertContact({ email, message: "An application to buy tokens." });
    expect(
      (
        await call("/api/account", first, {
          method: "DELETE",
          body: { password: PASSWORD, confirm: "delete" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("/api/account", first, {
          method: "DELETE",
          body: { password: "wrong one", confirm: "DELETE" },
        })
      ).status,
    ).toBe(401);
    await deliverPending();

    const deleted = await call("/api/account", first, {
      method: "DELETE",
      body: { password: PASSWORD, confirm: "DELETE" },
    });
    expect(deleted.status).toBe(200);
    // The other session is refused at every door at once.
    for (const path of ["/api/account", "/api/auth/me", "/api/account/sessions", "/api/account/export"]) {
      expect((await call(path, second)).status, path).toBe(401);
    }
    expect((await call("/account", second)).status).toBe(302);

    const sent = await deliverPending();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [email, "Your FACETS account was deleted"],
    ]);
    expect(await everythingInD1()).not.toContain(email.toLowerCase());
    expect(await everythingInKv()).not.toContain(email.toLowerCase());
    // The account is gone: its password opens nothing.
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(401);
  });

  it("refuses the last active administrator with 409", async () => {
    // This file's own D1: no other admin is left active.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE user_type_id = 1").run();
    const email = uniqueEmail("last-admin");
    await registerViaApi(email);
    await approve(email, true);
    const cookie = await signIn(email);
    const refused = await call("/api/account", cookie, {
      method: "DELETE",
      body: { password: PASSWORD, confirm: "DELETE" },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/last active administrator/);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).not.toBeNull();

    const other = uniqueEmail("second-admin");
    await registerViaApi(other);
    await approve(other, true);
    expect(
      (
        await call("/api/account", cookie, {
          method: "DELETE",
          body: { password: PASSWORD, confirm: "DELETE" },
        })
      ).status,
    ).toBe(200);
  });

  it("lets an administrator who holds a message delete the account; the message is let go", async () => {
    const keeper = uniqueEmail("keeper-admin");
    await registerViaApi(keeper);
    await approve(keeper, true);
    const email = uniqueEmail("holding-admin");
    await registerViaApi(email);
    await approve(email, true);
    const adminId = await userIdOf(email);
    const held = await insertContact({ claimed_by: adminId, claimed_at: Math.floor(Date.now() / 1000) });
    const cookie = await signIn(email);
    const deleted = await call("/api/account", cookie, {
      method: "DELETE",
      body: { password: PASSWORD, confirm: "DELETE" },
    });
    expect(deleted.status).toBe(200);
    expect(
      await env.DB.prepare("SELECT claimed_by, claimed_at FROM contact_submissions WHERE id = ?")
        .bind(held.id)
        .first(),
    ).toEqual({ claimed_by: null, claimed_at: null });
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(adminId).first()).toBeNull();
  });

  it("refuses the last administrator before the code is checked: the refusal confirms nothing", async () => {
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE user_type_id = 1").run();
    const email = uniqueEmail("last-admin-code");
    await registerViaApi(email);
    await approve(email, true);
    const secret = await enrolAuthenticator(email);
    const login = await postJson("/api/login", { email, password: PASSWORD, code: codeNow(secret) });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    await env.DB.prepare(
      "UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(email.toLowerCase())
      .run();
    const refused = await call("/api/account", cookie, {
      method: "DELETE",
      body: { password: PASSWORD, confirm: "DELETE", code: codeNow(secret, 1) },
    });
    expect(refused.status).toBe(409);
    // The same token, and no more recent than before: what needs "Confirm it's you" still asks for it.
    const copy = await call("/api/account/export", cookie);
    expect(copy.status).toBe(403);
    expect(await copy.json()).toMatchObject({ reauthenticate: "required" });
  });
});

describe("two last administrators deleting themselves at once", () => {
  it("deletes one; the other stays signed in under the token its code renewed", async () => {
    // This file's own D1: the two are its only active administrators, each confirming with a code.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE user_type_id = 1").run();
    const admins = await Promise.all(
      ["both-a", "both-b"].map(async (label) => {
        const email = uniqueEmail(label);
        await registerViaApi(email);
        await approve(email, true);
        const secret = await enrolAuthenticator(email);
        const login = await postJson("/api/login", { email, password: PASSWORD, code: codeNow(secret) });
        expect(login.status).toBe(200);
        return { email, secret, cookie: sessionCookieOf(login) };
      }),
    );
    await env.DB.prepare(
      "UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id IN (SELECT id FROM users WHERE user_type_id = 1)",
    ).run();

    const answers = await Promise.all(
      admins.map(({ cookie, secret }) =>
        call("/api/account", cookie, {
          method: "DELETE",
          body: { password: PASSWORD, confirm: "DELETE", code: codeNow(secret, 1) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const keptAt = answers.findIndex((answer) => answer.status === 409);
    const kept = admins[keptAt];
    const refused = answers[keptAt];
    if (!kept || !refused) throw new Error("no administrator kept");
    expect(((await refused.json()) as { error: string }).error).toMatch(/last active administrator/);
    expect(
      await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(kept.email).first(),
    ).not.toBeNull();
    // Whichever check refused it, the kept administrator's browser holds a session that still works.
    const cookie = sessionCookieOf(refused) || kept.cookie;
    expect((await call("/api/auth/me", cookie)).status).toBe(200);
  });
});
