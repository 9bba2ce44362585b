import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { codeNow, PASSWORD } from "./support-accounts";
import { clientsIn, count, entriesOf, login, mailOf, member } from "./support-attempts";

// No limit depends on the audit write, and no stranger can lock an owner out (issue 31, items 2 and 4): wrong
// codes are counted in a table of their own, before the answer, whatever happens to the request's audit entry
// (decision 130).

const { newClient } = clientsIn(64);

describe("wrong codes are counted by a write of their own", () => {
  it("counts every one of 100 wrong codes sent at once from 20 addresses, and answers none 5xx", async () => {
    const { email, secret, id } = await member({ app: true });
    const addresses = Array.from({ length: 20 }, () => newClient());
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(addresses[i % 20] ?? "", { email, password: PASSWORD, code: "000000" }),
      ),
    );
    // Counted in D1 whatever happened to each request's audit entry.
    expect(
      await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND succeeded = 0", id),
    ).toBe(100);
    for (const address of addresses) {
      expect(
        await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND client = ?", id, address),
      ).toBe(5);
    }
    // The daily ceiling is reached exactly: the right code is refused from any client now.
    expect(
      (await login(newClient(), { email, password: PASSWORD, code: codeNow(secret ?? new Uint8Array()) }))
        .status,
    ).toBe(401);
    expect(await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ?", id)).toBe(100);
    // One warning for the streak, one for the account held; however the requests interleaved.
    expect(await mailOf(id, "second-factor-wrong-code")).toHaveLength(1);
    expect(await mailOf(id, "second-factor-locked-account")).toHaveLength(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(401));
  });

  it("counts a code whose request failed after the try", async () => {
    const { email, secret, id } = await member({ app: true });
    const client = newClient();
    // Four claims left by requests that died after trying their codes (never settled).
    for (let i = 0; i < 4; i += 1) {
      await env.DB.prepare(
        "INSERT INTO code_attempts (user_id, kind, client, started_at) VALUES (?, 'totp', ?, unixepoch())",
      )
        .bind(id, client)
        .run();
    }
    expect((await login(client, { email, password: PASSWORD, code: "000000" })).status).toBe(401);
    // Five now: the client is held, whatever the audit log holds (one entry).
    expect(await entriesOf(id, "sign-in-code")).toBe(1);
    const held = await login(client, {
      email,
      password: PASSWORD,
      code: codeNow(secret ?? new Uint8Array()),
    });
    expect(held.status).toBe(401);
    expect(await entriesOf(id, "sign-in-locked-out")).toBe(1);
    expect(await mailOf(id, "second-factor-locked-client")).toHaveLength(1);
  });
});
