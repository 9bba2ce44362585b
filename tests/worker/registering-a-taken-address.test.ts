import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD, postForm, registerViaApi, uniqueEmail } from "./support-accounts";
import { mailEventsOf, member } from "./support-credentials";
import { deliver, recordingEnv } from "./support-mail";

// Registering an address that already has an account (decision 123): the page answers exactly as for a new
// address, and the owner is emailed, a few times a minute at most, with no text the registrant typed.

describe("registering an address that already has an account", () => {
  it("answers the page form exactly as for a new address, and emails the owner with no text the registrant typed", async () => {
    const owner = await member("existing");
    const form = (email: string) => ({
      intent: "register",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: "Mallory",
      lastName: "Typed <b>this</b>",
      userTypeId: "2",
    });
    const fresh = await postForm("/login", form(uniqueEmail("brand-new")));
    const taken = await postForm("/login", form(owner.email.toUpperCase()));
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(await taken.text()).toContain("Registration Successful");
    const attempts = await mailEventsOf(owner.id, "registration-attempted");
    expect(attempts).toHaveLength(1);
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, attempts);
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      [owner.email, "Someone tried to register with your FACETS address"],
    ]);
    const body = String(sent[0]?.text);
    expect(body).toContain("If it was you, sign in to your account, or reset your password");
    expect(body).not.toContain("Mallory");
    expect(body).not.toContain("Typed");
    expect(await env.DB.prepare("SELECT first_name FROM users WHERE id = ?").bind(owner.id).first()).toEqual({
      first_name: "Ada",
    });
  });

  it("emails the owner at most a few times a minute, whatever the answer says", async () => {
    const owner = await member("flooded");
    // The limiter counts 3 a minute in windows aligned to the clock (as Cloudflare's does), so the tries
    // may fall in two windows: at most 3 per window they touched, and always fewer than were made.
    const minute = () => Math.floor(Date.now() / 60_000);
    const first = minute();
    for (let n = 0; n < 8; n += 1) expect((await registerViaApi(owner.email)).status).toBe(201);
    const windows = minute() - first + 1;
    const attempts = await mailEventsOf(owner.id, "registration-attempted");
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.length).toBeLessThanOrEqual(3 * windows);
    if (windows <= 2) expect(attempts.length).toBeLessThan(8);
  });
});
