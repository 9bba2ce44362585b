import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD, postJson, uniqueEmail } from "./support-accounts";
import { call, deliverPending, member, tokenFrom } from "./support-data-rights";
import { linksOf } from "./support-mail";

// A change of a person's email address: every new address is answered alike, the account moves only when
// the link sent there is used, and the old address hears of it. Every email is read from what the consumer
// hands to Email Service.

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
