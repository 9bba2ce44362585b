import { describe, expect, it } from "vitest";
import {
  addPasskey,
  codesOf,
  entries,
  mailOf,
  one,
  passkeySignIn,
  passkeysOf,
  signedIn,
} from "./support-factors";
import { SoftwareAuthenticator } from "./support-passkeys";

// What is checked of a passkey's credential: the signature counter is stored and a counter that goes back is
// refused and logged (decision 100); RSA keys under 2048 bits are refused. Passkeys come from the software
// authenticator, through the built Worker.

async function signCountOf(credentialId: string): Promise<number> {
  return (await one<{ n: number }>("SELECT sign_count AS n FROM passkeys WHERE id = ?", credentialId)).n;
}

describe("the signature counter", () => {
  it("is stored at registration, raised at each sign-in, and a counter that goes back is refused and logged", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key, "Security key", { signCount: 5 })).status).toBe(201);
    expect(await signCountOf(key.id)).toBe(5);

    expect((await passkeySignIn(key, member.id, { signCount: 9 })).status).toBe(200);
    expect(await signCountOf(key.id)).toBe(9);

    // A copy of the key, behind the original: lower, then equal.
    for (const signCount of [8, 9, 0]) {
      const copy = await passkeySignIn(key, member.id, { signCount });
      expect(copy.status).toBe(401);
      expect(copy.headers.get("Set-Cookie")).toBeNull();
    }
    expect(await signCountOf(key.id)).toBe(9);
    expect(await entries(member.id, "passkey-counter-decreased")).toEqual([
      { outcome: "failure", actorId: member.id },
      { outcome: "failure", actorId: member.id },
      { outcome: "failure", actorId: member.id },
    ]);
    expect((await entries(member.id, "sign-in-passkey")).map((entry) => entry.outcome)).toEqual(["success"]);

    expect((await passkeySignIn(key, member.id, { signCount: 10 })).status).toBe(200);
    expect(await signCountOf(key.id)).toBe(10);
  });

  it("stays 0 for an authenticator that keeps none, and every use signs in", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key, "Synced passkey", { signCount: 0 })).status).toBe(201);
    for (let use = 0; use < 2; use += 1) {
      expect((await passkeySignIn(key, member.id, { signCount: 0 })).status).toBe(200);
    }
    expect(await signCountOf(key.id)).toBe(0);
    expect(await entries(member.id, "passkey-counter-decreased")).toEqual([]);
  });
});

describe("RSA passkeys", () => {
  it("refuses a key under 2048 bits, and stores nothing", async () => {
    const member = await signedIn();
    const refused = await addPasskey(member.cookie, await SoftwareAuthenticator.rs256(1024));
    expect(refused.status).toBe(400);
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(0);
    expect(await mailOf(member.id)).toEqual([]);
    const accepted = await addPasskey(member.cookie, await SoftwareAuthenticator.rs256(2048));
    expect(accepted.status).toBe(201);
  });
});
