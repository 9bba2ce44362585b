import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PersonalData } from "../../app/server/account/personal-data.server";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchWorker } from "./support";
import {
  approve,
  codeNow,
  enrolAuthenticator,
  freshIp,
  PASSWORD,
  postJson,
  registerViaApi,
  sessionCookieOf,
  uniqueEmail,
  userIdOf,
} from "./support-accounts";
import { deliver, insertContact, linksOf, recordingEnv } from "./support-mail";

// What a person can do with their address and their data: a change of
// address, a copy of what we hold, the deletion of an account, and the same for people without one. Every
// email is read from what the consumer hands to Email Service.

async function signIn(email: string, password = PASSWORD) {
  const response = await postJson("/api/login", { email, password });
  expect(response.status).toBe(200);
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

async function member(label = "rights") {
  const email = uniqueEmail(label);
  await registerViaApi(email);
  await approve(email);
  return { email, cookie: await signIn(email) };
}

function call(path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  return fetchWorker(path, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Runs the consumer over every mail event not yet delivered in this test, and returns what was sent. */
const delivered = new Set<string>();
async function deliverPending() {
  const { results } = await env.DB.prepare(
    "SELECT id, type, subject_id AS subjectId FROM mail_events ORDER BY created_at",
  ).all<MailEventMessage>();
  const events = results.filter((event) => !delivered.has(event.id));
  for (const event of events) delivered.add(event.id);
  const mail = recordingEnv();
  if (events.length > 0) await deliver(mail.env, events);
  return mail.sent;
}

function tokenFrom(links: string[], path: string): string {
  const link = links.find((href) => new URL(href).pathname === path);
  expect(link, `a link to ${path}`).toBeDefined();
  return new URL(link ?? "http://x").searchParams.get("token") ?? "";
}

/** Every row of every table of ours in D1, as text, to search for an address. */
async function everythingInD1(): Promise<string> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const dumps = await Promise.all(
    tables.map(async ({ name }) =>
      JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results),
    ),
  );
  return dumps.join("\n").toLowerCase();
}

/** Every key and value in KV, as text. */
async function everythingInKv(): Promise<string> {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ cursor });
    for (const { name } of page.keys) parts.push(name, (await env.SESSIONS.get(name)) ?? "");
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return parts.join("\n").toLowerCase();
}

describe("change of email address", () => {
  it("answers every new address alike, and moves the account only when the link is used", async () => {
    const { email, cookie } = await member("mover");
    const taken = await member("taken");
    const fresh = uniqueEmail("new-home");
    await deliverPending();

    const wrong = await call("/api/account/email", cookie, {
      method: "POST",
      body: { password: "not my password", email: fresh },
    });
    expect(wrong.status).toBe(401);

    const toFree = await call("/api/account/email", cookie, {
      method: "POST",
      body: { password: PASSWORD, email: fresh },
    });
    const toTaken = await call("/api/account/email", cookie, {
      method: "POST",
      body: { password: PASSWORD, email: taken.email },
    });
    expect(toFree.status).toBe(202);
    expect(toTaken.status).toBe(202);
    expect(await toTaken.text()).toBe(await toFree.text());

    const sent = await deliverPending();
    const to = (address: string) => sent.filter((message) => message.to === address);
    // The old address hears of both requests, with no link that completes a change.
    expect(to(email).map((message) => message.subject)).toEqual([
      "A change of your FACETS email address was requested",
      "A change of your FACETS email address was requested",
    ]);
    for (const notice of to(email)) {
      expect(linksOf(notice).some((href) => href.includes("confirm-email-change"))).toBe(false);
    }
    expect(to(taken.email).map((message) => message.subject)).toEqual([
      "A FACETS account already uses this address",
    ]);
    expect(linksOf(to(taken.email)[0] as never).some((href) => href.includes("token="))).toBe(false);
    const [link] = to(fresh);
    expect(link?.subject).toBe("Confirm your new FACETS email address");
    const token = tokenFrom(linksOf(link as never), "/confirm-email-change");
    const stored = await env.DB.prepare("SELECT token_hash FROM email_changes WHERE new_email = ?")
      .bind(fresh)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(token);

    // Nothing changed yet.
    expect(await (await call("/api/account", cookie)).json()).toMatchObject({ email });

    // A reset link asked for before the change...
    expect((await postJson("/api/auth/forgot-password", { email })).status).toBe(202);
    const reset = (await deliverPending()).find(
      (message) => message.subject === "Reset your FACETS password",
    );
    const resetToken = tokenFrom(linksOf(reset as never), "/reset-password");

    const confirmed = await postJson("/api/account/confirm-email-change", { token });
    expect(confirmed.status).toBe(200);
    expect(await (await call("/api/account", cookie)).json()).toMatchObject({ email: fresh });
    expect((await postJson("/api/account/confirm-email-change", { token })).status).toBe(400);

    // ...no longer works, and the old address is told of the change.
    const refused = await postJson("/api/auth/reset-password", {
      token: resetToken,
      password: "a brand new passphrase",
    });
    expect(refused.status).toBe(400);
    const after = await deliverPending();
    expect(after.map((message) => [message.to, message.subject])).toEqual([
      [email, "Your FACETS email address was changed"],
    ]);
    expect(after[0]?.text).toContain(fresh);

    // The person signs in with the new address only.
    expect((await postJson("/api/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postJson("/api/login", { email: fresh, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a bad address with 400, and a dead link with 400", async () => {
    const { cookie } = await member();
    const bad = await call("/api/account/email", cookie, {
      method: "POST",
      body: { password: PASSWORD, email: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty("email");
    expect((await postJson("/api/account/confirm-email-change", { token: "a".repeat(52) })).status).toBe(400);
    expect((await postJson("/api/account/confirm-email-change", {})).status).toBe(400);
    expect(
      (
        await call("/api/account/email", "", {
          method: "POST",
          body: { password: PASSWORD, email: "x@example.com" },
        })
      ).status,
    ).toBe(401);
  });
});

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

describe("/api/privacy: people without a usable account", () => {
  it("answers a known and an unknown address alike, and emails only the known one a link", async () => {
    const known = uniqueEmail("writer");
    await insertContact({ email: known, message: "Tell me about the pilots." });
    const pending = uniqueEmail("pending");
    await registerViaApi(pending);
    await deliverPending();
    const unknown = uniqueEmail("stranger");
    const answers = await Promise.all(
      [known, unknown].map(async (email) => {
        const response = await postJson("/api/privacy/request", { email });
        return [response.status, await response.text()];
      }),
    );
    expect(answers[0]).toEqual([202, expect.any(String)]);
    expect(answers[1]).toEqual(answers[0]);
    const sent = await deliverPending();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [known, "What FACETS holds about you"],
    ]);
    const token = tokenFrom(linksOf(sent[0] as never), "/privacy/request");

    const exported = await postJson("/api/privacy/export", { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const data = (await exported.json()) as PersonalData;
    expect(data).toMatchObject({ email: known, account: null });
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: "Tell me about the pilots." })]);

    expect((await postJson("/api/privacy/erase", { token })).status).toBe(200);
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(400);
    expect((await postJson("/api/privacy/export", { token })).status).toBe(400);
    const confirmation = await deliverPending();
    expect(confirmation.map((message) => [message.to, message.subject])).toEqual([
      [known, "We erased what FACETS held about you"],
    ]);
    const everything = await everythingInD1();
    expect(everything).not.toContain(known);
    expect(everything).not.toContain(unknown);
    expect(await everythingInKv()).not.toContain(known);

    // A pending registration is reached the same way, and erased with its account.
    await postJson("/api/privacy/request", { email: pending });
    const [pendingLink] = await deliverPending();
    const pendingToken = tokenFrom(linksOf(pendingLink as never), "/privacy/request");
    const pendingData = (await (
      await postJson("/api/privacy/export", { token: pendingToken })
    ).json()) as PersonalData;
    expect(pendingData.account).toMatchObject({ email: pending, status: "pending" });
    expect(pendingData.account).not.toHaveProperty("password");
    expect((await postJson("/api/privacy/erase", { token: pendingToken })).status).toBe(200);
    await deliverPending();
    expect(await everythingInD1()).not.toContain(pending);
  });

  it("serves only addresses without a usable account: an active account is told to use /account", async () => {
    // Accounts that cannot sign in: pending, rejected, deactivated. Each gets a link.
    const unusable = {
      pending: "",
      rejected: "UPDATE users SET rejected_at = unixepoch() WHERE email = ?",
      deactivated:
        "UPDATE users SET is_approved = 1, approved_at = unixepoch(), is_active = 0 WHERE email = ?",
    };
    for (const [state, update] of Object.entries(unusable)) {
      const email = uniqueEmail(state);
      await registerViaApi(email);
      if (update) await env.DB.prepare(update).bind(email).run();
      await deliverPending();
      expect((await postJson("/api/privacy/request", { email })).status).toBe(202);
      const [link] = await deliverPending();
      expect(link?.to, state).toBe(email);
      const token = tokenFrom(linksOf(link as never), "/privacy/request");
      const data = (await (await postJson("/api/privacy/export", { token })).json()) as PersonalData;
      expect(data.account, state).toMatchObject({ email, status: state });
    }

    // An approved, active account (with an authenticator app, like the review's member): the request
    // answers exactly as for an address we know nothing of, and the email has no link that exports or erases.
    const member = uniqueEmail("protected");
    await registerViaApi(member);
    await approve(member);
    await enrolAuthenticator(member);
    await deliverPending();
    const [forMember, forStranger] = await Promise.all(
      [member, uniqueEmail("nobody")].map(async (email) => {
        const response = await postJson("/api/privacy/request", { email });
        return [response.status, await response.text()];
      }),
    );
    expect(forMember).toEqual([202, expect.any(String)]);
    expect(forStranger).toEqual(forMember);
    const sent = await deliverPending();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [member, "What FACETS holds about you"],
    ]);
    const [pointer] = sent;
    expect(String(pointer?.text)).toContain("sign in");
    expect(String(pointer?.text)).toContain("My account");
    const links = linksOf(pointer as never).map((href) => new URL(href));
    expect(links.map((url) => url.pathname)).toContain("/account");
    for (const url of links) {
      expect(url.pathname).not.toMatch(/^\/(privacy\/request|api\/)/);
      expect(url.searchParams.has("token")).toBe(false);
    }
    const stored = await env.DB.prepare("SELECT token_hash FROM privacy_requests WHERE email = ?")
      .bind(member)
      .all<{ token_hash: string | null }>();
    expect(stored.results).toEqual([{ token_hash: null }]);
  });

  it("stops a link sent while the account could not sign in once it can, and again when it cannot", async () => {
    const email = uniqueEmail("approved-later");
    await registerViaApi(email);
    await deliverPending();
    await postJson("/api/privacy/request", { email });
    const [link] = await deliverPending();
    const token = tokenFrom(linksOf(link as never), "/privacy/request");
    expect((await postJson("/api/privacy/export", { token })).status).toBe(200);

    await approve(email);
    const exported = await postJson("/api/privacy/export", { token });
    expect(exported.status).toBe(400);
    expect(((await exported.json()) as { error: string }).error).toContain("Sign in and use My account");
    expect((await postJson("/api/privacy/erase", { token })).status).toBe(400);
    // The page door: no buttons, the way to My account instead; its file and erase doors refuse too.
    const page = await fetchWorker(`/privacy/request?token=${token}`);
    const html = await page.text();
    expect(html).toContain("This address now has an active account");
    expect(html).not.toContain("Erase it");
    const file = await fetchWorker("/privacy/request/data.json", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ token }),
    });
    expect(file.status).toBe(303);
    expect(file.headers.get("Content-Type") ?? "").not.toContain("json");
    const erase = await fetchWorker("/privacy/request", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ intent: "erase", token }),
    });
    expect(erase.status).toBe(400);
    const row = await env.DB.prepare("SELECT is_approved FROM users WHERE email = ?").bind(email).first();
    expect(row).toEqual({ is_approved: 1 });

    // Deactivated, the account cannot sign in: the link, still within its hour, serves the address again.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE email = ?").bind(email).run();
    expect((await postJson("/api/privacy/export", { token })).status).toBe(200);
  });

  it("refuses a malformed address and a dead token with 400", async () => {
    expect((await postJson("/api/privacy/request", { email: "nope" })).status).toBe(400);
    expect((await postJson("/api/privacy/export", { token: "b".repeat(52) })).status).toBe(400);
    expect((await postJson("/api/privacy/erase", { token: 42 })).status).toBe(400);
  });
});
