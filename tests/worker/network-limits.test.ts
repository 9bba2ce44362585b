import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD_LIMITS } from "../../app/server/identity/password-limits";
import { CODE_LIMITS } from "../../app/server/second-factors/code-limits";
import { untilLimited } from "./support";
import { codeNow, PASSWORD, postJson, uniqueEmail } from "./support-accounts";
import { login, member } from "./support-code-lockout";

// Every per-client limit also counts an IPv6 /48 as one client (decision 163): a /48 is 65,536 /64s, and
// each /64 is a client of its own. Each test has a /48 of its own, 2001:db8:<n>::/48, which no other file
// uses, and sends every request from a new /64 of it, so only counting the /48 can reach a limit.

let networks = 0x4800 + (Date.now() % 0x100);
/** A fresh /48; `at(i)` is an address in its i-th /64. */
function network() {
  networks += 1;
  const prefix = `2001:db8:${networks.toString(16)}`;
  return {
    at: (i: number) => `${prefix}:${(i + 1).toString(16)}::1`,
    client: (i: number) => `${prefix}:${(i + 1).toString(16)}::/64`,
  };
}

const NETWORK_FORM_LIMIT = 30; // wrangler.toml NETWORK_RATE_LIMITER: 30 a minute per /48 and form

describe("a /48 counted as one client", () => {
  it("limits a form sent from a new /64 of one /48 each time, and no other network", async () => {
    const { at } = network();
    const contact = (address: string) =>
      postJson(
        "/api/contact",
        {
          firstName: "Ada",
          lastName: "Lovelace",
          email: uniqueEmail("network"),
          company: "Analytical Engines",
          phone: "+44 20 7946 0000",
          userTypeId: 2,
          message: "From one network.",
        },
        { "CF-Connecting-IP": address },
      );
    const { before, limited } = await untilLimited(NETWORK_FORM_LIMIT, (i) => contact(at(i)));
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get("Retry-After")).toBe("60");
    expect(before.length).toBeGreaterThanOrEqual(NETWORK_FORM_LIMIT);
    expect(before.every((status) => status === 201)).toBe(true);
    // Another /48 is another network.
    expect((await contact(network().at(0))).status).toBe(201);
  });

  /** Rows of a limit table for `count` /64s of one /48, then a sign-in from a /64 of it that never failed. */
  async function heldAfter(count: number, row: (userId: number, client: string) => D1PreparedStatement) {
    const { email, id, secret } = await member();
    const { at, client } = network();
    await env.DB.batch(Array.from({ length: count }, (_, i) => row(id, client(i))));
    const held = await login(at(count + 1), { email, password: PASSWORD, code: codeNow(secret) });
    // The owner, from another network.
    const owner = await login(network().at(0), { email, password: PASSWORD, code: codeNow(secret) });
    return { held: held.status, owner: owner.status };
  }

  it("holds a /48 that failed an account's password from many /64s, and lets the owner in from elsewhere", async () => {
    const fail = env.DB.prepare(
      "INSERT INTO sign_in_failures (user_id, client, factor) VALUES (?, ?, 'password')",
    );
    expect(await heldAfter(PASSWORD_LIMITS.perNetwork, (id, client) => fail.bind(id, client))).toEqual({
      held: 401,
      owner: 200,
    });
  });

  it("holds a /48 that sent wrong codes from many /64s, and no other network", async () => {
    const wrong = env.DB.prepare(
      "INSERT INTO code_attempts (user_id, kind, client, started_at, succeeded) VALUES (?, 'totp', ?, unixepoch(), 0)",
    );
    expect(await heldAfter(CODE_LIMITS.perNetwork, (id, client) => wrong.bind(id, client))).toEqual({
      held: 401,
      owner: 200,
    });
  });
});
