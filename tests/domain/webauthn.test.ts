import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPasskey, getPasskey, PasskeyError, passkeysSupported } from "../../app/lib/passkey-client";
import {
  assertionResponseSchema,
  challengeOf,
  type PasskeyExpectation,
  passkeyCreationOptions,
  passkeyRequestOptions,
  registrationResponseSchema,
  type StoredPasskey,
  userHandleOf,
  userIdFromHandle,
  verifyAssertion,
  verifyRegistration,
} from "../../app/server/second-factors/webauthn.server";
import {
  type CBOR,
  derSignature,
  encodeCBOR,
  FLAGS,
  P256_KEYS,
  SoftwareAuthenticator,
} from "../worker/support-passkeys";

// The passkey ceremonies (docs/standards.md, Security numbers) against a software authenticator: what a
// real one sends, and every way it can be wrong. Fixed seeds keep the property runs the same every time.

const expected: PasskeyExpectation = {
  challenge: new Uint8Array(32).fill(7),
  origin: "https://facets.example",
  rpId: "facets.example",
};
const USER_ID = 4242;
const handle = userHandleOf(USER_ID);
/** A verified sign-in of USER_ID (the counter is checked in its own test). */
const accepted = { ok: true, userId: USER_ID, signCount: expect.any(Number) };

async function registered(made: Promise<SoftwareAuthenticator> = SoftwareAuthenticator.es256()) {
  const authenticator = await made;
  const verdict = await verifyRegistration(await authenticator.register(expected), expected);
  if (!verdict.ok) throw new Error(`registration refused: ${verdict.reason}`);
  const stored: StoredPasskey = { ...verdict.credential, userId: USER_ID };
  return { authenticator, stored };
}

describe("passkey options", () => {
  it("asks for a discoverable, user-verified ES256 or RS256 credential under an opaque user handle", () => {
    const options = passkeyCreationOptions({
      rpId: "facets.example",
      rpName: "FACETS",
      user: { id: USER_ID, email: "ada@example.com", displayName: "Ada Lovelace" },
      challenge: expected.challenge,
      excludeCredentialIds: ["AAEC"],
    });
    expect(JSON.parse(JSON.stringify(options))).toEqual({
      challenge: encodeBase64urlNoPadding(expected.challenge),
      rp: { id: "facets.example", name: "FACETS" },
      user: { id: "AAAAAAAAEJI", name: "ada@example.com", displayName: "Ada Lovelace" },
      pubKeyCredParams: [
        { type: "public-key", alg: -7 },
        { type: "public-key", alg: -257 },
      ],
      timeout: 300_000,
      excludeCredentials: [{ type: "public-key", id: "AAEC" }],
      authenticatorSelection: {
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "required",
      },
      attestation: "none",
    });
  });

  it("asks for any passkey of the rp, user-verified", () => {
    expect(JSON.parse(JSON.stringify(passkeyRequestOptions(expected)))).toEqual({
      challenge: encodeBase64urlNoPadding(expected.challenge),
      rpId: "facets.example",
      allowCredentials: [],
      userVerification: "required",
      timeout: 300_000,
    });
  });

  it("turns a user handle back into the user id, and nothing else into one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(userIdFromHandle(userHandleOf(id))).toBe(id);
      }),
      { seed: 19, numRuns: 500 },
    );
    for (const foreign of [
      "",
      "AAAAAAAAAAA",
      "AAAAAAAAEJJ",
      "AAAAAAAAEJI=",
      "//////////8",
      "AAAAAAAAAAAB",
      "ä",
    ]) {
      expect(userIdFromHandle(foreign)).toBeNull();
    }
    expect(() => userHandleOf(0)).toThrow(RangeError);
  });
});

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

describe("sign-in", () => {
  it("tells the challenge the browser signed, to find the stored one by", async () => {
    const { authenticator } = await registered();
    expect(challengeOf(await authenticator.assert(expected, handle))).toEqual(expected.challenge);
    expect(challengeOf({ clientDataJSON: "!!" })).toBeNull();
    expect(challengeOf(null)).toBeNull();
  });

  it("accepts an answer without a user handle, and signatures whatever their DER length", async () => {
    const { authenticator, stored } = await registered();
    let padded = 0;
    for (let round = 0; round < 32; round++) {
      const response = await authenticator.assert(expected, round === 0 ? null : handle);
      // r or s with its top bit set gets a leading zero byte in DER (about three signatures in four).
      if (response.signature.length > 94) padded++;
      expect(await verifyAssertion(response, expected, stored)).toEqual(accepted);
    }
    expect(padded).toBeGreaterThan(0);
  });

  it("refuses a ceremony the browser saw for another challenge, origin or rp, or of another type", async () => {
    const { authenticator, stored } = await registered();
    const refusals = [
      [{ ...expected, challenge: new Uint8Array(32).fill(8) }, {}, "wrong-challenge"],
      [{ ...expected, origin: "https://evil.test" }, {}, "wrong-origin"],
      [{ ...expected, rpId: "evil.test" }, {}, "wrong-rp"],
      [expected, { type: "webauthn.create" }, "wrong-type"],
      [expected, { type: "payment.get" }, "malformed"],
      [expected, { crossOrigin: true }, "cross-origin"],
      [expected, { flags: FLAGS.userPresent }, "user-not-verified"],
      [expected, { flags: FLAGS.userVerified }, "user-not-present"],
    ] as const;
    for (const [seen, tweaks, reason] of refusals) {
      const response = await authenticator.assert(seen, handle, tweaks);
      expect(await verifyAssertion(response, expected, stored)).toEqual({ ok: false, reason });
    }
  });

  it("refuses a signature that does not cover what was sent", async () => {
    for (const made of [SoftwareAuthenticator.es256(), SoftwareAuthenticator.rs256()]) {
      const { authenticator, stored } = await registered(made);
      const response = await authenticator.assert(expected, handle);
      const signature = Uint8Array.from(
        atob(response.signature.replaceAll("-", "+").replaceAll("_", "/")),
        (c) => c.charCodeAt(0),
      );
      signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 1;
      const tampered = { ...response, signature: encodeBase64urlNoPadding(signature) };
      expect(await verifyAssertion(tampered, expected, stored)).toEqual({
        ok: false,
        reason: "bad-signature",
      });

      // The sign count is signed too.
      const later = await authenticator.assert(expected, handle);
      const replayed = { ...response, authenticatorData: later.authenticatorData };
      expect(await verifyAssertion(replayed, expected, stored)).toEqual({
        ok: false,
        reason: "bad-signature",
      });
    }
  });

  it("refuses a signature by another key, and signatures that are no signatures", async () => {
    const { stored } = await registered();
    const impostor = await SoftwareAuthenticator.es256(P256_KEYS.other);
    const asStored = { ...(await impostor.assert(expected, handle)), id: stored.id };
    expect(await verifyAssertion(asStored, expected, stored)).toEqual({ ok: false, reason: "bad-signature" });
    for (const signature of [
      "AA",
      encodeBase64urlNoPadding(derSignature(new Uint8Array(64))),
      encodeBase64urlNoPadding(new Uint8Array(64).fill(1)),
    ]) {
      expect(await verifyAssertion({ ...asStored, signature }, expected, stored)).toEqual({
        ok: false,
        reason: "bad-signature",
      });
    }
  });

  it("refuses an answer for another credential or another user", async () => {
    const { authenticator, stored } = await registered();
    const response = await authenticator.assert(expected, handle);
    expect(await verifyAssertion(response, expected, { ...stored, id: "AAAA" })).toEqual({
      ok: false,
      reason: "wrong-credential",
    });
    const otherUser = await authenticator.assert(expected, userHandleOf(USER_ID + 1));
    expect(await verifyAssertion(otherUser, expected, stored)).toEqual({ ok: false, reason: "wrong-user" });
    const noUser = await authenticator.assert(expected, "AAAA");
    expect(await verifyAssertion(noUser, expected, stored)).toEqual({ ok: false, reason: "wrong-user" });
  });

  it("refuses a stored key of an algorithm it does not know, and garbage, without throwing", async () => {
    const { authenticator, stored } = await registered();
    const response = await authenticator.assert(expected, handle);
    expect(await verifyAssertion(response, expected, { ...stored, algorithm: -8 })).toEqual({
      ok: false,
      reason: "unsupported-algorithm",
    });
    expect(await verifyAssertion(response, expected, { ...stored, publicKey: new Uint8Array(3) })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    for (const garbage of [
      null,
      {},
      { ...response, authenticatorData: "AAAA" },
      { ...response, userHandle: 7 },
    ]) {
      expect(await verifyAssertion(garbage, expected, stored)).toEqual({ ok: false, reason: "malformed" });
    }
    const fields = fc.oneof(
      fc.string(),
      fc.base64String().map((text) => text.replace(/=+$/, "")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          id: fc.constant(stored.id),
          authenticatorData: fields,
          clientDataJSON: fields,
          signature: fields,
          userHandle: fc.option(fields),
        }),
        async (garbled) => {
          expect((await verifyAssertion(garbled, expected, stored)).ok).toBe(false);
        },
      ),
      { seed: 29, numRuns: 200 },
    );
  });
});

describe("browser helpers", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const toBuffer = (bytes: Uint8Array) => bytes.slice().buffer;
  const fromBase64url = (text: string) =>
    Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

  /** navigator.credentials backed by a software authenticator, as a browser at `origin` would drive it. */
  function browser(authenticator: SoftwareAuthenticator, origin = expected.origin) {
    let userId = new Uint8Array();
    const credentials = {
      async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
        userId = new Uint8Array(publicKey.user.id as ArrayBuffer);
        const seen = {
          challenge: new Uint8Array(publicKey.challenge as ArrayBuffer),
          origin,
          rpId: publicKey.rp.id ?? "",
        };
        const json = await authenticator.register(seen);
        return {
          type: "public-key",
          rawId: toBuffer(authenticator.credentialId),
          response: {
            attestationObject: toBuffer(fromBase64url(json.attestationObject)),
            clientDataJSON: toBuffer(fromBase64url(json.clientDataJSON)),
          },
        };
      },
      async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
        const seen = {
          challenge: new Uint8Array(publicKey.challenge as ArrayBuffer),
          origin,
          rpId: publicKey.rpId ?? "",
        };
        const json = await authenticator.assert(seen, encodeBase64urlNoPadding(userId));
        return {
          type: "public-key",
          rawId: toBuffer(authenticator.credentialId),
          response: {
            authenticatorData: toBuffer(fromBase64url(json.authenticatorData)),
            clientDataJSON: toBuffer(fromBase64url(json.clientDataJSON)),
            signature: toBuffer(fromBase64url(json.signature)),
            userHandle: toBuffer(userId),
          },
        };
      },
    };
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    vi.stubGlobal("isSecureContext", true);
    vi.stubGlobal("navigator", { credentials });
    return credentials;
  }

  it("carry the server's options to the authenticator and its answers back", async () => {
    const authenticator = await SoftwareAuthenticator.es256();
    browser(authenticator);
    expect(passkeysSupported()).toBe(true);
    const creation = passkeyCreationOptions({
      rpId: expected.rpId,
      rpName: "FACETS",
      user: { id: USER_ID, email: "ada@example.com", displayName: "Ada" },
      challenge: expected.challenge,
      excludeCredentialIds: [],
    });
    const registration = await verifyRegistration(await createPasskey(creation), expected);
    if (!registration.ok) throw new Error(`registration refused: ${registration.reason}`);
    const assertion = await getPasskey(passkeyRequestOptions(expected));
    expect(assertion.userHandle).toBe(handle);
    const stored = { ...registration.credential, userId: USER_ID };
    expect(await verifyAssertion(assertion, expected, stored)).toEqual(accepted);
  });

  it("reject with a reason and a readable message when the person cancels or the browser cannot", async () => {
    const credentials = browser(await SoftwareAuthenticator.es256());
    credentials.get = () =>
      Promise.reject(
        new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
      );
    const cancelled = getPasskey(passkeyRequestOptions(expected));
    await expect(cancelled).rejects.toBeInstanceOf(PasskeyError);
    await expect(cancelled).rejects.toMatchObject({
      reason: "cancelled",
      message: expect.stringMatching(/cancelled/),
    });

    credentials.create = () => Promise.reject(new DOMException("Already registered", "InvalidStateError"));
    const creation = passkeyCreationOptions({
      rpId: expected.rpId,
      rpName: "FACETS",
      user: { id: USER_ID, email: "ada@example.com", displayName: "Ada" },
      challenge: expected.challenge,
      excludeCredentialIds: ["AAAA"],
    });
    await expect(createPasskey(creation)).rejects.toMatchObject({ reason: "already-registered" });

    vi.stubGlobal("isSecureContext", false);
    expect(passkeysSupported()).toBe(false);
    await expect(createPasskey(creation)).rejects.toMatchObject({ reason: "unsupported" });
  });
});
