import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../app/server/identity/account-tokens.server";
import { fetchWorker, textOf } from "./support";
import { freshIp, PASSWORD, postForm, postJson, resetToken, sessionCookieOf } from "./support-accounts";
import {
  codesOf,
  count,
  expectToldAndLocked,
  outcomesOf,
  owner,
  passkeyAddedEmail,
  passkeySignIn,
  passkeysOf,
  plantPasskey,
  sessionsOf,
} from "./support-factor-removal";
import { SoftwareAuthenticator } from "./support-passkeys";

// An owner can always remove a passkey they did not add (issue 31, decision 121). A passkey planted from a
// stolen recent session survives the owner's password reset (decision 099); the "passkey added" email's
// link, with the password, removes it and the recovery codes it brought and ends every session. The link is
// a page whose button POSTs (at /remove-factor, and /remove-passkey as before), single use, a day, five
// wrong passwords, each claimed before it is checked. An authenticator app's is in
// authenticator-app-removal.test.ts.

describe("a planted passkey", () => {
  it("survives the owner's reset, and goes with the link in its email once the password is given (no JavaScript)", async () => {
    const victim = await owner();
    const attacker = { cookie: victim.cookie, key: await SoftwareAuthenticator.es256() };
    // The attacker, with the stolen recent session, adds a passkey: its recovery codes go to them.
    const planted = await plantPasskey(attacker.cookie, attacker.key);
    expect(planted.status).toBe(201);
    expect(await codesOf(victim.id)).toBe(10);

    // The owner resets the password: the passkey is the only factor, so the reset must keep it.
    const reset = await resetToken(victim.id);
    const newPassword = "the owner's new passphrase";
    expect(
      (
        await postJson("/api/auth/reset-password", {
          token: reset,
          password: newPassword,
          keepPasskeys: true,
        })
      ).status,
    ).toBe(200);
    expect(await passkeysOf(victim.id)).toBe(1);
    const attackerBack = await passkeySignIn(attacker.key, victim.id);
    expect(attackerBack.status).toBe(200);
    const attackerSession = sessionCookieOf(attackerBack);

    // The email the owner got when the passkey was added.
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(email?.subject).toBe("A passkey was added to your FACETS account");
    expect(String(email?.text)).toContain("removes this passkey and the recovery codes made with it");
    expect(String(email?.text)).toContain("The link is valid for 24 hours and works once.");
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM factor_removals WHERE user_id = ?")
      .bind(victim.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toBe(hashToken(token));

    // A mail scanner follows the link: the page names the passkey and removes nothing.
    const page = await fetchWorker(`/remove-passkey?token=${token}`);
    expect(page.status).toBe(200);
    const shown = textOf(await page.text());
    expect(shown).toContain("Totally my laptop");
    expect(shown).toContain("Remove this passkey");
    expect(await passkeysOf(victim.id)).toBe(1);

    // The owner presses the button (a plain form post) with the new password.
    const removed = await postForm("/remove-passkey", { token, password: newPassword });
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Passkey removed");

    expect(await passkeysOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(0);
    expect(await sessionsOf(victim.id)).toBe(0);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: attackerSession } })).status).toBe(401);
    expect((await passkeySignIn(attacker.key, victim.id)).status).toBe(401);
    expect(await outcomesOf(victim.id, "passkey-removed-by-link")).toEqual(["success"]);
    await expectToldAndLocked(victim.id, "passkey-removed");

    // The owner is back in with the password alone; the link works once.
    expect((await postJson("/api/login", { email: victim.email, password: newPassword })).status).toBe(200);
    expect((await postJson("/api/auth/remove-passkey", { token, password: newPassword })).status).toBe(400);
  });

  it("keeps the owner's own factors: only that passkey goes, and the codes it did not bring stay (the API)", async () => {
    const victim = await owner({ app: true });
    // The account's own recovery codes, from before the passkey.
    await env.DB.prepare(
      "INSERT INTO recovery_codes (user_id, code_hash) SELECT ?, 'code-' || value FROM json_each('[1,2,3]')",
    )
      .bind(victim.id)
      .run();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(String(email?.text)).not.toContain("recovery codes made with it");
    const removed = await postJson("/api/auth/remove-passkey", { token, password: PASSWORD });
    expect(removed.status).toBe(200);
    expect(await passkeysOf(victim.id)).toBe(0);
    expect(await codesOf(victim.id)).toBe(3);
    expect(await count("SELECT count(*) AS n FROM totp_credentials WHERE user_id = ?", victim.id)).toBe(1);
    const lock = await env.DB.prepare("SELECT second_factors_reset_at FROM users WHERE id = ?")
      .bind(victim.id)
      .first<{ second_factors_reset_at: number | null }>();
    expect(lock?.second_factors_reset_at).toBeNull();
  });

  it("is not removed by a wrong password; five of them end the link", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    const wrong = await postForm("/remove-passkey", { token, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("That password is not right.");
    for (let n = 1; n < 5; n += 1) {
      expect((await postJson("/api/auth/remove-passkey", { token, password: `wrong ${n}` })).status).toBe(
        401,
      );
    }
    expect((await postJson("/api/auth/remove-passkey", { token, password: PASSWORD })).status).toBe(400);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'passkey-removed-by-link' AND outcome = 'failure'",
        victim.id,
      ),
    ).toBe(5);
  });

  it("checks no more than five of 12 passwords sent at once, and answers the right one like those past the limit", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    const passwords = [...Array.from({ length: 11 }, (_, i) => `wrong ${i}`), PASSWORD];
    const answers = await Promise.all(
      passwords.map((password) =>
        postJson("/api/auth/remove-factor", { token, password }).then(async (response) => ({
          status: response.status,
          body: await response.json(),
        })),
      ),
    );
    const checked = await count(
      "SELECT count(*) AS n FROM account_events WHERE subject_id = ? AND action = 'passkey-removed-by-link'",
      victim.id,
    );
    expect(checked).toBeLessThanOrEqual(5);
    const right = answers.at(-1);
    expect(right?.status).toBe(400);
    expect(
      answers.slice(0, -1).filter((answer) => JSON.stringify(answer) === JSON.stringify(right)).length,
    ).toBeGreaterThanOrEqual(6);
    expect(await passkeysOf(victim.id)).toBe(1);
    expect(await sessionsOf(victim.id)).toBe(1);
  });

  it("refuses a dead, expired or made-up link with the same answer, and removes nothing", async () => {
    const victim = await owner();
    expect((await plantPasskey(victim.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const { token } = await passkeyAddedEmail(victim.id);
    await env.DB.prepare("UPDATE factor_removals SET expires_at = unixepoch() - 1 WHERE user_id = ?")
      .bind(victim.id)
      .run();
    for (const attempt of [token, "a".repeat(52), "not a token"]) {
      const answer = await postJson("/api/auth/remove-passkey", { token: attempt, password: PASSWORD });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual(
        expect.objectContaining({ error: "This link is invalid or has expired." }),
      );
    }
    const page = textOf(await (await fetchWorker(`/remove-passkey?token=${token}`)).text());
    expect(page).toContain("Link not valid");
    expect(page).not.toContain("Totally my laptop");
    expect(await passkeysOf(victim.id)).toBe(1);
  });

  it("goes with its passkey: once the owner removes it, its email carries no link", async () => {
    const victim = await owner();
    const key = await SoftwareAuthenticator.es256();
    expect((await plantPasskey(victim.cookie, key)).status).toBe(201);
    const removed = await fetchWorker(`/api/auth/passkeys/${encodeURIComponent(key.id)}`, {
      method: "DELETE",
      headers: { Cookie: victim.cookie, "CF-Connecting-IP": freshIp() },
    });
    expect(removed.status).toBe(204);
    expect(await count("SELECT count(*) AS n FROM factor_removals WHERE user_id = ?", victim.id)).toBe(0);
    const { email, token } = await passkeyAddedEmail(victim.id);
    expect(email?.subject).toBe("A passkey was added to your FACETS account");
    expect(token).toBe("");
  });
});
