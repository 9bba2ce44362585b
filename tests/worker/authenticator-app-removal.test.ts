import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import { codeNow, PASSWORD, postForm, postJson, resetToken } from "./support-accounts";
import {
  call,
  codesOf,
  count,
  expectToldAndLocked,
  factorAddedEmail,
  outcomesOf,
  owner,
  passkeysOf,
  plantPasskey,
  sessionsOf,
} from "./support-factor-removal";
import { SoftwareAuthenticator } from "./support-passkeys";

// An owner can always remove an authenticator app they did not add (issue 31, decision 141). An app
// turned on from a stolen recent session survives the owner's password reset (decision 099); the
// "authenticator app turned on" email's link, with the password, removes it and the recovery codes it
// brought and ends every session. The link is a page whose button POSTs (at /remove-factor, and
// /remove-passkey as before), single use, a day, five wrong passwords, each claimed before it is checked.

/** The member's session turns an authenticator app on, as the Sign-in security page does; its secret. */
async function plantApp(cookie: string): Promise<Uint8Array> {
  const started = await call("/api/auth/totp", { body: {}, cookie });
  expect(started.status).toBe(201);
  const secret = decodeBase32IgnorePadding(((await started.json()) as { secret: string }).secret);
  const confirmed = await call("/api/auth/totp/confirm", { body: { code: codeNow(secret) }, cookie });
  expect(confirmed.status).toBe(200);
  return secret;
}

const appsOf = (id: number) => count("SELECT count(*) AS n FROM totp_credentials WHERE user_id = ?", id);

describe("a planted authenticator app", () => {
  it("survives the owner's reset, and goes with the link in its email once the password is given (no JavaScript)", async () => {
    const victim = await owner();
    // The attacker, with the stolen recent session, turns an app on: its recovery codes go to them.
    await plantApp(victim.cookie);
    expect(await codesOf(victim.id)).toBe(10);

    // The owner resets the password: a reset link alone never takes a factor away, so the app stays.
    const reset = await resetToken(victim.id);
    const newPassword = "the owner's new passphrase";
    expect((await postJson("/api/auth/reset-password", { token: reset, password: newPassword })).status).toBe(
      200,
    );
    expect(await appsOf(victim.id)).toBe(1);

    const { email, token } = await factorAddedEmail(victim.id, "totp-enabled");
    expect(email?.subject).toBe("An authenticator app was turned on for your FACETS account");
    expect(String(email?.text)).toContain(
      "removes this authenticator app and the recovery codes made with it",
    );
    expect(String(email?.text)).toContain("The link is valid for 24 hours and works once.");
    expect(String(email?.html)).toContain("Remove this authenticator app");
    expect(token).toMatch(/^[a-z2-7]{52}$/);

    // A mail scanner follows the link: the page names the app and removes nothing.
    const page = await fetchWorker(`/remove-factor?token=${token}`);
    expect(page.status).toBe(200);
    const shown = textOf(await page.text());
    expect(shown).toContain("Remove an authenticator app");
    expect(shown).toContain("Remove this authenticator app");
    expect(await appsOf(victim.id)).toBe(1);

    // A wrong password removes nothing and is logged.
    const wrong = await postForm("/remove-factor", { token, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("That password is not right.");
    expect(await appsOf(victim.id)).toBe(1);

    // The owner presses the button (a plain form post) with the new password.
    const removed = await postForm("/remove-factor", { token, password: newPassword });
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Authenticator app removed");
    expect(await appsOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(0);
    expect(await sessionsOf(victim.id)).toBe(0);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: victim.cookie } })).status).toBe(401);
    expect(await outcomesOf(victim.id, "totp-removed-by-link")).toEqual(["failure", "success"]);
    await expectToldAndLocked(victim.id, "totp-removed");

    // The owner signs in with the password alone (no app, no code); the link works once.
    expect((await postJson("/api/login", { email: victim.email, password: newPassword })).status).toBe(200);
    expect((await postJson("/api/auth/remove-factor", { token, password: newPassword })).status).toBe(400);
    expect((await postJson("/api/auth/remove-passkey", { token, password: newPassword })).status).toBe(400);
  });

  it("keeps the owner's passkey and codes: only that app goes (the API, at the first address)", async () => {
    const victim = await owner();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    await plantApp(victim.cookie);
    const { email, token } = await factorAddedEmail(victim.id, "totp-enabled");
    expect(String(email?.text)).not.toContain("recovery codes made with it");
    const removed = await postJson("/api/auth/remove-passkey", { token, password: PASSWORD });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ ok: true, factor: "totp" });
    expect(await appsOf(victim.id)).toBe(0);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await codesOf(victim.id)).toBe(10);
    const lock = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
      .bind(victim.id)
      .first<{ second_factors_reset_at: number | null }>();
    expect(lock?.second_factors_reset_at).toBeNull();
  });

  it("does not remove an app turned on again later", async () => {
    const victim = await owner();
    await plantApp(victim.cookie);
    const { token } = await factorAddedEmail(victim.id, "totp-enabled");
    // The owner turns that app off and another on (a second later than the first).
    await env.DB.prepare("UPDATE totp_credentials SET confirmed_at = confirmed_at + 1 WHERE user_id = ?")
      .bind(victim.id)
      .run();
    expect(textOf(await (await fetchWorker(`/remove-factor?token=${token}`)).text())).toContain(
      "Link not valid",
    );
    expect((await postJson("/api/auth/remove-factor", { token, password: PASSWORD })).status).toBe(400);
    expect(await appsOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
  });
});
