import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOGIN_FAILED_MESSAGE } from "../../app/lib/account-messages";
import { codeNow, PASSWORD } from "./support-accounts";
import { clientsIn, count, entriesOf, inGroups, login, mailOf, member } from "./support-attempts";
import { deliver, recordingEnv } from "./support-mail";

// No limit depends on the audit write, and no stranger can lock an owner out (issue 31, items 2 and 4): a
// wrong password holds the client that sent it, not the account (decision 131); a client's IPv6 addresses
// count as their /64.

const { newClient } = clientsIn(66);

/** Addresses of this file's own IPv6 /64s: 2001:db8:31:<n>::<m>. */
function inSubnet(subnet: number, host: number): string {
  return `2001:db8:31:${subnet.toString(16)}::${host.toString(16)}`;
}

describe("wrong passwords hold the client that sent them, not the account", () => {
  /** Wrong passwords from addresses of one IPv6 /64, 30 at a time: none answered 5xx. */
  async function guessFromOneSubnet(email: string, subnet: number, guesses = 150) {
    const answers = await inGroups(guesses, 30, (i) =>
      login(inSubnet(subnet, i + 1), { email, password: `wrong ${i}` }),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    // 429 once the per-address rate limit groups the /64 too; never anything else.
    expect([...statuses].every((status) => status === 401 || status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 401);
    expect(await refused?.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
  }

  it("150 wrong passwords from one client; the owner's right one from another signs in; one email", async () => {
    const { email, id } = await member();
    await guessFromOneSubnet(email, 1);
    // Ten counted, the rest held (or rate limited) before any password check.
    expect(
      await count(
        "SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ? AND client = ?",
        id,
        "2001:db8:31:1::/64",
      ),
    ).toBe(10);
    const owner = await login(newClient(), { email, password: PASSWORD });
    expect(owner.status).toBe(200);
    const mail = await mailOf(id, "password-held");
    expect(mail).toHaveLength(1);
    const recording = recordingEnv();
    await deliver(recording.env, mail);
    expect(recording.sent.map((sent) => [String(sent.to), sent.subject])).toEqual([
      [email, "Wrong passwords for your FACETS account"],
    ]);
    expect(String(recording.sent[0]?.text)).toContain("10 times within 15 minutes from one address");
  });

  it("holds an administrator's stranger the same way, and lets the administrator in", async () => {
    const { email, secret, id } = await member({ admin: true });
    await guessFromOneSubnet(email, 2, 30);
    const admin = await login(newClient(), {
      email,
      password: PASSWORD,
      code: codeNow(secret ?? new Uint8Array()),
    });
    expect(admin.status).toBe(200);
    expect(await mailOf(id, "password-held")).toHaveLength(1);
  });

  it("answers a held client's right password like a wrong one, without checking it", async () => {
    const { email, id } = await member();
    const client = newClient();
    for (let i = 0; i < 10; i += 1) {
      await env.DB.prepare("INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')")
        .bind(id, client)
        .run();
    }
    const held = await login(client, { email, password: PASSWORD });
    expect(held.status).toBe(401);
    expect(await held.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
    expect(await entriesOf(id, "sign-in-held")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ?", id)).toBe(10);
    // Told once, at the refusal, as the request that held the client died before it could tell.
    expect(await mailOf(id, "password-held")).toHaveLength(1);
    expect((await login(client, { email, password: PASSWORD })).status).toBe(401);
    expect(await mailOf(id, "password-held")).toHaveLength(1);
  });

  it("past the account's ceiling, holds every client that failed and none that did not", async () => {
    const { email, id } = await member();
    for (let i = 0; i < 100; i += 1) {
      await env.DB.prepare("INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')")
        .bind(id, `198.51.100.${i}`)
        .run();
    }
    // A client that failed once in the hour is held, even with the right password…
    expect((await login("198.51.100.7", { email, password: PASSWORD })).status).toBe(401);
    // …a client that has not failed signs in.
    expect((await login(newClient(), { email, password: PASSWORD })).status).toBe(200);
  });
});
