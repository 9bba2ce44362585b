import { env } from "cloudflare:test";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN, textOf } from "./support";
import {
  codeNow,
  PASSWORD,
  postForm,
  postJson,
  sessionCookieOf,
  signedInCookie,
  userIdOf,
} from "./support-accounts";
import {
  confirmOn,
  countEvents,
  hasAuthenticator,
  interruptedDeactivation,
  isActive,
  me,
  refOf,
  signInWithPasswordOnly,
  stale,
} from "./support-confirm-its-you";
import { SoftwareAuthenticator } from "./support-passkeys";

// "Confirm it's you" goes on only with what the server stored for the session that was refused: the stored
// action is named, runs once, only on the page, in the session and under the token that stored it, and
// waits 10 minutes at most.

describe("a stored action", () => {
  it("is named on the page with the target's address, and runs exactly once", async () => {
    const admin = await signedInCookie({ admin: true });
    const other = await signedInCookie({ admin: true });
    const target = await userIdOf(other.email);
    await stale(admin.email);
    const refused = await postForm(
      "/admin?tab=users",
      { intent: "reset-second-factors", id: String(target) },
      admin.cookie,
    );
    const location = refused.headers.get("Location") ?? "";
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain(`Reset the second factors of ${other.email}`);

    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin?tab=users");
    expect(await hasAuthenticator(other.email)).toBe(false);
    const renewed = sessionCookieOf(confirmed);

    // The same reference again: spent. Nothing is confirmed, nothing runs.
    const again = await confirmOn(location, renewed, admin.secret, 2);
    expect(again.status).toBe(404);
    const gone = await fetchWorker(location, { headers: { Cookie: renewed } });
    expect(textOf(await gone.text())).toContain("There is nothing to confirm");
    expect(await countEvents(target, "second-factors-reset")).toBe(1);
  });

  it("goes on only on the page that stored it", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    // The dashboard's reference posted to /account/security, which resumes its own intents only.
    const elsewhere = await postForm(
      "/account/security",
      {
        intent: "confirm-its-you",
        ref: refOf(location),
        password: PASSWORD,
        ...(admin.secret ? { code: codeNow(admin.secret, 1) } : {}),
      },
      admin.cookie,
    );
    expect(elsewhere.status).toBe(404);
    expect(textOf(await elsewhere.text())).toContain("There is nothing to confirm");
    expect(await isActive(member.email)).toBe(true);
    // Still waiting where it was stored.
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain(`Deactivate the account of ${member.email}`);
  });

  it("refused once confirmed still hands the browser the session's new token", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    // No longer an administrator by the time the confirmation comes: the deactivation is refused.
    await env.DB.prepare("UPDATE users SET user_type_id = 2 WHERE email = ?").bind(admin.email).run();
    const confirmed = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/login");
    expect(await isActive(member.email)).toBe(true);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).not.toBe(admin.cookie);
    expect((await me(renewed)).status).toBe(200);
    expect((await me(admin.cookie)).status).toBe(401);
  });

  it("goes on only in the session that stored it", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);

    const stranger = await signedInCookie({ admin: true });
    const page = await fetchWorker(location, { headers: { Cookie: stranger.cookie } });
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    expect((await confirmOn(location, stranger.cookie, stranger.secret, 1)).status).toBe(404);
    expect(await isActive(member.email)).toBe(true);

    const own = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(own.status).toBe(302);
    expect(await isActive(member.email)).toBe(false);
  });

  it("is not another session's of the same person", async () => {
    const { email, cookie } = await signedInCookie();
    const second = await signInWithPasswordOnly(email);
    await stale(email);
    const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
    expect(refused.status).toBe(403);
    const ref = /name="ref" value="([a-z2-7]{52})"/.exec(await refused.text())?.[1] ?? "";
    const elsewhere = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD },
      second,
    );
    expect(elsewhere.status).toBe(404);
    const own = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD },
      cookie,
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("<svg");
  });

  it("waits 10 minutes at most", async () => {
    const admin = await signedInCookie({ admin: true });
    const member = await signedInCookie();
    await stale(admin.email);
    const location = await interruptedDeactivation(admin.cookie, member.email);
    await env.DB.prepare("UPDATE interrupted_actions SET expires_at = unixepoch() - 1").run();
    const page = await fetchWorker(location, { headers: { Cookie: admin.cookie } });
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    const posted = await confirmOn(location, admin.cookie, admin.secret, 1);
    expect(posted.status).toBe(404);
    expect(await isActive(member.email)).toBe(true);
  });

  it("on /account/security, goes on in place with only its reference, once, under a new token", async () => {
    const { email, cookie } = await signedInCookie();
    await stale(email);
    const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(textOf(html)).toContain("Confirm it's you Set up an authenticator app");
    const ref = /name="ref" value="([a-z2-7]{52})"/.exec(html)?.[1] ?? "";
    // Its form carries the reference and nothing that says what to do.
    expect(html).not.toContain('name="resume"');

    const confirmed = await postForm(
      "/account/security",
      { intent: "confirm-its-you", ref, password: PASSWORD },
      cookie,
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("<svg");
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);
    expect(renewed).not.toBe(cookie);
    expect((await me(cookie)).status).toBe(401);
    const again = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(again.status).toBe(404);
  });
});

/** What an authenticator app's set-up shows: its key as a QR code. */
const QR_CODE = `aria-label="QR code of the authenticator app&#x27;s key"`;

/** A WebAuthn challenge for `purpose`, as the software authenticator sees it. */
async function passkeyChallenge(purpose: "register" | "confirm", cookie: string) {
  const options = await postJson("/api/auth/passkeys/options", { purpose }, { Cookie: cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

/** An interrupted totp-start on /account/security: the reference of the stored action. */
async function interruptedTotpStart(cookie: string): Promise<string> {
  const refused = await postForm("/account/security", { intent: "totp-start" }, cookie);
  expect(refused.status).toBe(403);
  const ref = /name="ref" value="([a-z2-7]{52})"/.exec(await refused.text())?.[1] ?? "";
  expect(ref).toHaveLength(52);
  return ref;
}

describe("a stored action waits under the token that stored it", () => {
  it("a confirmation for something else gives a new token that cannot go on with it", async () => {
    const { email, cookie } = await signedInCookie();
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const data = await fetchWorker("/account/data.json", { redirect: "manual", headers: { Cookie: cookie } });
    const location = data.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/confirm-its-you\?ref=[a-z2-7]{52}$/);

    // Confirmed over the API without naming either: the session is recent under a new token.
    const confirmed = await postJson("/api/auth/reauthenticate", { password: PASSWORD }, { Cookie: cookie });
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect(renewed).toMatch(/^session=[a-z2-7]{52}$/);

    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(404);
    expect(await resumed.text()).not.toContain(QR_CODE);
    const page = await fetchWorker(location, { headers: { Cookie: renewed } });
    expect(textOf(await page.text())).toContain("There is nothing to confirm");
    const posted = await postForm(location, { intent: "resume", ref: refOf(location) }, renewed);
    expect(posted.status).toBe(404);
    const pending = await env.DB.prepare(
      "SELECT count(*) AS n FROM totp_credentials WHERE user_id = ? AND confirmed_at IS NULL",
    )
      .bind(await userIdOf(email))
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
    expect(await countEvents(await userIdOf(email), "data-exported")).toBe(0);
  });

  it("the confirmation that names it carries it to the new token, and only it", async () => {
    const { email, cookie } = await signedInCookie();
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const other = await interruptedTotpStart(cookie);
    const confirmed = await postJson(
      "/api/auth/reauthenticate",
      { password: PASSWORD, ref },
      { Cookie: cookie },
    );
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect((await postForm("/account/security", { intent: "resume", ref: other }, renewed)).status).toBe(404);
    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain(QR_CODE);
  });

  it("a passkey's confirmation carries the action its reference names", async () => {
    const { email, cookie } = await signedInCookie();
    const key = await SoftwareAuthenticator.es256();
    const added = await postJson(
      "/api/auth/passkeys",
      { name: "Work laptop", response: await key.register(await passkeyChallenge("register", cookie)) },
      { Cookie: cookie },
    );
    expect(added.status).toBe(201);
    await stale(email);
    const ref = await interruptedTotpStart(cookie);
    const other = await interruptedTotpStart(cookie);
    const response = await key.assert(
      await passkeyChallenge("confirm", cookie),
      userHandleOf(await userIdOf(email)),
    );
    const confirmed = await postJson("/api/auth/passkey-confirm", { response, ref }, { Cookie: cookie });
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed);
    expect((await postForm("/account/security", { intent: "resume", ref: other }, renewed)).status).toBe(404);
    const resumed = await postForm("/account/security", { intent: "resume", ref }, renewed);
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain(QR_CODE);
  });
});
