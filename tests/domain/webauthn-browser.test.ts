import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPasskey, getPasskey, PasskeyError, passkeysSupported } from "../../app/lib/passkey-client";
import {
  passkeyCreationOptions,
  passkeyRequestOptions,
  verifyAssertion,
  verifyRegistration,
} from "../../app/server/second-factors/webauthn.server";
import { SoftwareAuthenticator } from "../worker/support-passkeys";
import { accepted, expected, handle, USER_ID } from "./support-webauthn";

// The browser's side of the passkey ceremonies (docs/standards.md, Security numbers): the helpers that
// carry the server's options to navigator.credentials, here backed by a software authenticator, and the
// answers back.

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
