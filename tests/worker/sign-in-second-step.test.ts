import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailEventMessage } from "../../app/server/mail-outbox.server";
import { fetchWorker, textOf } from "./support";
import { codeNow, PASSWORD, postJson } from "./support-accounts";
import { entries, member, newClient, passwordStep, secondStep, sentFor } from "./support-code-lockout";

// The sign-in form's second step works only in the browser that gave the password: its ticket is bound to
// a short-lived cookie, and a password reset ends it.

describe("the second step, bound to the browser that gave the password", () => {
  it("sets a short-lived HttpOnly cookie with the ticket and refuses the ticket without it", async () => {
    const { email, secret, id } = await member();
    const { ticket, setCookie, cookie } = await passwordStep(email);
    expect(ticket).toHaveLength(52);
    expect(setCookie).toMatch(/^sign-in=[a-z2-7]{52}; Path=\/; Max-Age=300; SameSite=Strict; HttpOnly$/);

    const elsewhere = await secondStep({ ticket, code: codeNow(secret) }, null);
    expect(elsewhere.status).toBe(401);
    expect(textOf(await elsewhere.text())).toContain("Invalid credentials or account not approved");
    expect(elsewhere.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const another = await passwordStep(email);
    const crossed = await secondStep({ ticket, code: codeNow(secret) }, another.cookie);
    expect(crossed.status).toBe(401);
    // Refused before the code is tried: no wrong code counted, and the code is still unused.
    expect(await entries(id, "sign-in-code")).toEqual([]);

    const right = await secondStep({ ticket, code: codeNow(secret) }, cookie);
    expect(right.status).toBe(302);
    const cookies = right.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("session="))).toBe(true);
    expect(cookies).toContain("sign-in=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly");
  });

  it("ends with a password reset, which the stranger's ticket does not survive", async () => {
    const { email, secret, id } = await member();
    const { ticket, cookie } = await passwordStep(email);
    expect((await postJson("/api/auth/forgot-password", { email })).status).toBe(202);
    const { results } = await env.DB.prepare(
      "SELECT id, type, subject_id AS subjectId FROM mail_events WHERE subject_id = ? AND type = 'password-reset-requested'",
    )
      .bind(id)
      .all<MailEventMessage>();
    const [resetEmail] = await sentFor(results);
    const token = /reset-password\?token=([a-z2-7]+)/.exec(String(resetEmail?.text))?.[1] ?? "";
    const reset = await postJson("/api/auth/reset-password", { token, password: "a brand new passphrase" });
    expect(reset.status).toBe(200);

    const stale = await secondStep({ ticket, code: codeNow(secret) }, cookie);
    expect(stale.status).toBe(401);
    expect(textOf(await stale.text())).toContain("Your sign-in has expired");
  });

  it("names the cookie __Host- and marks it Secure on HTTPS", async () => {
    const { email } = await member();
    const response = await fetchWorker("https://localhost/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClient() },
      body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^__Host-sign-in=[a-z2-7]{52}; Path=\/; Max-Age=300; SameSite=Strict; HttpOnly; Secure$/,
      ),
    ]);
  });
});
