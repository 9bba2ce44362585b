import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  passkeyCreationOptions,
  passkeyRequestOptions,
  userHandleOf,
  userIdFromHandle,
} from "../../app/server/second-factors/webauthn.server";
import { expected, USER_ID } from "./support-webauthn";

// The passkey ceremonies' options (docs/standards.md, Security numbers): what the server asks an
// authenticator for, and the opaque user handle. Fixed seeds keep the property runs the same every time.

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
