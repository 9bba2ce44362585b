import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { challengeOf, userHandleOf, verifyAssertion } from "../../app/server/second-factors/webauthn.server";
import { derSignature, FLAGS, P256_KEYS, SoftwareAuthenticator } from "../worker/support-passkeys";
import { accepted, expected, handle, registered, USER_ID } from "./support-webauthn";

// The passkey sign-in ceremony (docs/standards.md, Security numbers) against a software authenticator: what
// a real one sends, and every way it can be wrong. Fixed seeds keep the property runs the same every time.

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
