import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertionResponseSchema,
  registrationResponseSchema,
  verifyAssertion,
  verifyRegistration,
} from "../../app/server/second-factors/webauthn.server";
import { type CBOR, encodeCBOR, FLAGS, P256_KEYS, SoftwareAuthenticator } from "../worker/support-passkeys";
import { accepted, expected, handle, registered, USER_ID } from "./support-webauthn";

// The passkey registration ceremony (docs/standards.md, Security numbers) against a software authenticator:
// what a real one sends, and every way it can be wrong. Fixed seeds keep the property runs the same every
// time.

describe("registration", () => {
  it("accepts a new ES256 passkey, whose key then verifies a sign-in", async () => {
    const { authenticator, stored } = await registered();
    expect(stored.id).toBe(authenticator.id);
    expect(stored.algorithm).toBe(-7);
    // SubjectPublicKeyInfo of a P-256 key: WebCrypto imports it as it is.
    await crypto.subtle.importKey(
      "spki",
      new Uint8Array(stored.publicKey),
      { name: "ECDSA", namedCurve: "P-256" },
      true,
      ["verify"],
    );
    const response = await authenticator.assert(expected, handle);
    expect(await verifyAssertion(response, expected, stored)).toEqual(accepted);
  });

  it("stores the key as WebCrypto exports it, coordinates that start with zero bytes too", async () => {
    const { x, y } = P256_KEYS.leadingZeros;
    const { authenticator, stored } = await registered(SoftwareAuthenticator.es256(P256_KEYS.leadingZeros));
    const publicKey = await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", x, y },
      { name: "ECDSA", namedCurve: "P-256" },
      true,
      ["verify"],
    );
    expect(stored.publicKey).toEqual(new Uint8Array(await crypto.subtle.exportKey("spki", publicKey)));
    const response = await authenticator.assert(expected, handle);
    expect(await verifyAssertion(response, expected, stored)).toEqual(accepted);
  });

  it("accepts a new RS256 passkey, whose key then verifies a sign-in", async () => {
    const { authenticator, stored } = await registered(SoftwareAuthenticator.rs256());
    expect(stored.algorithm).toBe(-257);
    const response = await authenticator.assert(expected, handle);
    expect(await verifyAssertion(response, expected, stored)).toEqual(accepted);
  });

  it("refuses an RS256 key under 2048 bits, even padded to the length of a 2048-bit one", async () => {
    for (const bits of [1024, 1536, 1920]) {
      const authenticator = await SoftwareAuthenticator.rs256(bits);
      expect(await verifyRegistration(await authenticator.register(expected), expected)).toEqual({
        ok: false,
        reason: "weak-key",
      });
    }
  });

  it("reports the authenticator's signature counter, at registration and at each sign-in", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const verdict = await verifyRegistration(
      await authenticator.register(expected, { signCount: 41 }),
      expected,
    );
    expect(verdict).toMatchObject({ ok: true, credential: { signCount: 41 } });
    if (!verdict.ok) return;
    const stored = { ...verdict.credential, userId: USER_ID };
    for (const signCount of [0, 42, 7, 0xffffffff]) {
      const response = await authenticator.assert(expected, handle, { signCount });
      expect(await verifyAssertion(response, expected, stored)).toEqual({
        ok: true,
        userId: USER_ID,
        signCount,
      });
    }
  });

  it("refuses a ceremony the browser saw for another challenge, origin or rp, or of another type", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const refusals = [
      [{ ...expected, challenge: new Uint8Array(32).fill(8) }, {}, "wrong-challenge"],
      [{ ...expected, challenge: new Uint8Array(31).fill(7) }, {}, "wrong-challenge"],
      [{ ...expected, origin: "https://facets.example.evil.test" }, {}, "wrong-origin"],
      [{ ...expected, origin: "http://facets.example" }, {}, "wrong-origin"],
      [{ ...expected, rpId: "evil.test" }, {}, "wrong-rp"],
      [expected, { type: "webauthn.get" }, "wrong-type"],
    ] as const;
    for (const [seen, tweaks, reason] of refusals) {
      expect(await verifyRegistration(await authenticator.register(seen, tweaks), expected)).toEqual({
        ok: false,
        reason,
      });
    }
  });

  it("refuses a passkey made without user presence or user verification", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const present = await authenticator.register(expected, { flags: FLAGS.userPresent });
    expect(await verifyRegistration(present, expected)).toEqual({ ok: false, reason: "user-not-verified" });
    const verified = await authenticator.register(expected, { flags: FLAGS.userVerified });
    expect(await verifyRegistration(verified, expected)).toEqual({ ok: false, reason: "user-not-present" });
  });

  it("refuses a response naming another credential than the one attested", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const response = await authenticator.register(expected, { id: new Uint8Array(16) });
    expect(await verifyRegistration(response, expected)).toEqual({
      ok: false,
      reason: "credential-id-mismatch",
    });
  });

  it("refuses keys of algorithms it did not ask for, and keys that are no keys", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const coordinate = new Uint8Array(32).fill(1);
    const keys: Map<number, CBOR>[] = [
      // Ed25519 (EdDSA, -8)
      new Map<number, CBOR>([
        [1, 1],
        [3, -8],
        [-1, 6],
        [-2, coordinate],
      ]),
      // ES256 on P-384
      new Map<number, CBOR>([
        [1, 2],
        [3, -7],
        [-1, 2],
        [-2, coordinate],
        [-3, coordinate],
      ]),
      // ES256 with a point that is not on P-256
      new Map<number, CBOR>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate],
        [-3, coordinate],
      ]),
      // ES256 claimed for an RSA key
      new Map<number, CBOR>([
        [1, 3],
        [3, -7],
        [-1, new Uint8Array(256).fill(0xff)],
        [-2, Uint8Array.of(1, 0, 1)],
      ]),
      // no algorithm
      new Map<number, CBOR>([
        [1, 2],
        [-1, 1],
        [-2, coordinate],
        [-3, coordinate],
      ]),
    ];
    for (const key of keys) {
      const response = await authenticator.register(expected, { coseKey: encodeCBOR(key) });
      expect(await verifyRegistration(response, expected)).toEqual({
        ok: false,
        reason: "unsupported-algorithm",
      });
    }
  });

  it("refuses garbage of any shape without throwing", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    const good = await authenticator.register(expected);
    const garbage: unknown[] = [
      undefined,
      null,
      "",
      42,
      [],
      {},
      { ...good, id: "" },
      { ...good, id: "not base64url!" },
      { ...good, id: "A" },
      { ...good, clientDataJSON: "A" },
      { ...good, clientDataJSON: encodeBase64urlNoPadding(new TextEncoder().encode("{not json")) },
      {
        ...good,
        clientDataJSON: encodeBase64urlNoPadding(new TextEncoder().encode('{"type":"webauthn.create"}')),
      },
      { ...good, attestationObject: "A" },
      { ...good, attestationObject: "AAAA" },
      { ...good, attestationObject: encodeBase64urlNoPadding(Uint8Array.of(0xa1, 0x63, 0x66)) },
      { ...good, attestationObject: good.attestationObject.slice(0, -20) },
      { ...good, attestationObject: "x".repeat(20_000) },
      {
        ...good,
        attestationObject: encodeBase64urlNoPadding(
          encodeCBOR(
            new Map<string, CBOR>([
              ["fmt", "none"],
              ["attStmt", new Map()],
              ["authData", new Uint8Array(36)],
            ]),
          ),
        ),
      },
    ];
    for (const response of garbage) {
      expect(await verifyRegistration(response, expected)).toEqual({ ok: false, reason: "malformed" });
    }
    const fields = fc.oneof(
      fc.string(),
      fc.base64String().map((text) => text.replace(/=+$/, "")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ id: fields, attestationObject: fields, clientDataJSON: fields }),
        fc.anything(),
        async (response, anything) => {
          expect((await verifyRegistration(response, expected)).ok).toBe(false);
          expect((await verifyRegistration(anything, expected)).ok).toBe(false);
        },
      ),
      { seed: 23, numRuns: 200 },
    );
  });

  it("bounds what it reads", () => {
    const long = "A".repeat(20_000);
    expect(
      registrationResponseSchema.safeParse({ id: long, attestationObject: "AA", clientDataJSON: "AA" })
        .success,
    ).toBe(false);
    expect(
      assertionResponseSchema.safeParse({
        id: "AA",
        authenticatorData: "AA",
        clientDataJSON: "AA",
        signature: long,
        userHandle: null,
      }).success,
    ).toBe(false);
  });
});
