import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import {
  type AuthenticatorData,
  ClientDataType,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
} from "@oslojs/webauthn";
import { z } from "zod/mini";
import type {
  AssertionResponseJSON,
  PasskeyCreationOptionsJSON,
  PasskeyRequestOptionsJSON,
  RegistrationResponseJSON,
} from "~/lib/passkey-client";
import { type PasskeyAlgorithm, signatureValid, supportedKey } from "./passkey-keys.server";

// The server's half of the passkey (WebAuthn) ceremonies: the options the browser hands to the
// authenticator, and the checks of what comes back. Passkeys must verify the user (PIN, biometrics), so a
// passkey sign-in counts as both factors. Attestation is not asked for and not checked: a passkey is
// trusted because a signed-in person registered it, not because of who made the authenticator.
//
// A credential's public key is stored as its SubjectPublicKeyInfo (DER, as WebCrypto's "spki" and
// `openssl pkey -pubin -inform DER` read it) beside its COSE algorithm: -7 (ES256, ECDSA P-256 with
// SHA-256) or -257 (RS256, RSASSA-PKCS1-v1_5 with SHA-256, with a modulus of at least 2048 bits).
// Signatures are checked with WebCrypto, natively (passkey-keys.server.ts), which is why the verifications
// are async. Each verdict carries the authenticator's signature counter; comparing it with the stored one
// is the caller's (passkeys.server.ts), which raises the stored value in the same conditional UPDATE.

export const PASSKEY_TIMEOUT_MS = 300_000;

/** What the browser must have seen: the challenge issued for this ceremony, our origin and rp id. */
export interface PasskeyExpectation {
  challenge: Uint8Array;
  /** Exactly as the browser reports it: scheme, host and any port, e.g. "https://facets.example". */
  origin: string;
  /** The host the credential is scoped to, e.g. "facets.example" ("localhost" locally). */
  rpId: string;
}

export interface NewPasskey {
  /** base64url without padding, as the browser reports it: the key to find the credential by. */
  id: string;
  /** SubjectPublicKeyInfo DER. */
  publicKey: Uint8Array;
  algorithm: PasskeyAlgorithm;
  /** The authenticator's signature counter at registration (0 when it keeps none). */
  signCount: number;
}

/** A registered credential as stored, with the id of the user it belongs to. */
export interface StoredPasskey {
  id: string;
  publicKey: Uint8Array;
  algorithm: number;
  userId: number;
}

export type PasskeyRefusal =
  | "malformed"
  | "wrong-type"
  | "wrong-challenge"
  | "wrong-origin"
  | "cross-origin"
  | "wrong-rp"
  | "user-not-present"
  | "user-not-verified"
  | "no-credential"
  | "credential-id-mismatch"
  | "unsupported-algorithm"
  | "weak-key"
  | "wrong-credential"
  | "wrong-user"
  | "bad-signature";

export type RegistrationVerdict =
  | { ok: true; credential: NewPasskey }
  | { ok: false; reason: PasskeyRefusal };
export type AssertionVerdict =
  | { ok: true; userId: number; signCount: number }
  | { ok: false; reason: PasskeyRefusal };

const base64url = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[\w-]*$/));

// Bounds: a credential id is at most 1023 bytes; attestation objects with certificate chains run to a few
// KB; user handles are at most 64 bytes; an RSA-4096 signature is 512 bytes.
const credentialId = base64url(1366);
const clientDataJSON = base64url(4096);

export const registrationResponseSchema: z.ZodMiniType<RegistrationResponseJSON> = z.object({
  id: credentialId,
  attestationObject: base64url(16_384),
  clientDataJSON,
});

export const assertionResponseSchema: z.ZodMiniType<AssertionResponseJSON> = z.object({
  id: credentialId,
  authenticatorData: base64url(4096),
  clientDataJSON,
  signature: base64url(1024),
  userHandle: z.nullable(base64url(88)),
});

export function passkeyCreationOptions(input: {
  rpId: string;
  rpName: string;
  user: { id: number; email: string; displayName: string };
  challenge: Uint8Array;
  excludeCredentialIds: readonly string[];
}): PasskeyCreationOptionsJSON {
  return {
    challenge: encodeBase64urlNoPadding(input.challenge),
    rp: { id: input.rpId, name: input.rpName },
    user: { id: userHandleOf(input.user.id), name: input.user.email, displayName: input.user.displayName },
    pubKeyCredParams: [
      { type: "public-key", alg: coseAlgorithmES256 },
      { type: "public-key", alg: coseAlgorithmRS256 },
    ],
    timeout: PASSKEY_TIMEOUT_MS,
    excludeCredentials: input.excludeCredentialIds.map((id) => ({ type: "public-key", id })),
    // requireResidentKey is residentKey for browsers of WebAuthn level 1.
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    },
    attestation: "none",
  };
}

/** No allowed credentials: the authenticator offers the passkeys it holds for the rp id. */
export function passkeyRequestOptions(input: {
  rpId: string;
  challenge: Uint8Array;
}): PasskeyRequestOptionsJSON {
  return {
    challenge: encodeBase64urlNoPadding(input.challenge),
    rpId: input.rpId,
    allowCredentials: [],
    userVerification: "required",
    timeout: PASSKEY_TIMEOUT_MS,
  };
}

/** The user handle: the user id as 8 bytes, big-endian, in base64url. Opaque, and no personal data. */
export function userHandleOf(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 1) throw new RangeError(`Not a user id: ${userId}`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(userId));
  return encodeBase64urlNoPadding(bytes);
}

export function userIdFromHandle(handle: string): number | null {
  const bytes = fromBase64url(handle);
  // Only the canonical spelling: one handle per user.
  if (bytes?.length !== 8 || encodeBase64urlNoPadding(bytes) !== handle) return null;
  const id = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);
  return id >= 1n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
}

/**
 * The challenge the browser signed, unverified: only for finding (and consuming) the stored challenge that
 * the verification is then run against.
 */
export function challengeOf(response: unknown): Uint8Array | null {
  const field =
    typeof response === "object" && response !== null && "clientDataJSON" in response
      ? response.clientDataJSON
      : null;
  const parsed = clientDataJSON.safeParse(field);
  const bytes = parsed.success ? fromBase64url(parsed.data) : null;
  if (!bytes) return null;
  try {
    return parseClientDataJSON(bytes).challenge;
  } catch {
    return null;
  }
}

export async function verifyRegistration(
  response: unknown,
  expected: PasskeyExpectation,
): Promise<RegistrationVerdict> {
  const parsed = registrationResponseSchema.safeParse(response);
  if (!parsed.success) return refuse("malformed");
  const id = fromBase64url(parsed.data.id);
  const clientData = fromBase64url(parsed.data.clientDataJSON);
  const attestationObject = fromBase64url(parsed.data.attestationObject);
  if (!id || !clientData || !attestationObject) return refuse("malformed");

  const clientDataRefusal = checkClientData(clientData, ClientDataType.Create, expected);
  if (clientDataRefusal) return refuse(clientDataRefusal);

  let authenticatorData: AuthenticatorData;
  try {
    ({ authenticatorData } = parseAttestationObject(attestationObject));
  } catch {
    return refuse("malformed");
  }
  const authenticatorRefusal = checkAuthenticatorData(authenticatorData, expected.rpId);
  if (authenticatorRefusal) return refuse(authenticatorRefusal);

  const { credential } = authenticatorData;
  if (!credential) return refuse("no-credential");
  if (!bytesEqual(credential.id, id)) return refuse("credential-id-mismatch");
  const key = await supportedKey(credential.publicKey);
  if (key === "weak-key") return refuse("weak-key");
  if (!key) return refuse("unsupported-algorithm");
  return {
    ok: true,
    credential: {
      id: encodeBase64urlNoPadding(credential.id),
      ...key,
      signCount: signCountOf(authenticatorData),
    },
  };
}

/**
 * Checks a sign-in with the credential the response names (find it by `response.id`). The user handle is
 * not signed, so it only has to agree with the credential's owner, who is the one signing in.
 */
export async function verifyAssertion(
  response: unknown,
  expected: PasskeyExpectation,
  stored: StoredPasskey,
): Promise<AssertionVerdict> {
  const parsed = assertionResponseSchema.safeParse(response);
  if (!parsed.success) return refuse("malformed");
  const id = fromBase64url(parsed.data.id);
  const clientData = fromBase64url(parsed.data.clientDataJSON);
  const authenticatorDataBytes = fromBase64url(parsed.data.authenticatorData);
  const signature = fromBase64url(parsed.data.signature);
  if (!id || !clientData || !authenticatorDataBytes || !signature) return refuse("malformed");
  if (encodeBase64urlNoPadding(id) !== stored.id) return refuse("wrong-credential");
  const { userHandle } = parsed.data;
  if (userHandle !== null && userIdFromHandle(userHandle) !== stored.userId) return refuse("wrong-user");

  const clientDataRefusal = checkClientData(clientData, ClientDataType.Get, expected);
  if (clientDataRefusal) return refuse(clientDataRefusal);

  let authenticatorData: AuthenticatorData;
  try {
    authenticatorData = parseAuthenticatorData(authenticatorDataBytes);
  } catch {
    return refuse("malformed");
  }
  const authenticatorRefusal = checkAuthenticatorData(authenticatorData, expected.rpId);
  if (authenticatorRefusal) return refuse(authenticatorRefusal);

  if (stored.algorithm !== coseAlgorithmES256 && stored.algorithm !== coseAlgorithmRS256) {
    return refuse("unsupported-algorithm");
  }
  const message = createAssertionSignatureMessage(authenticatorDataBytes, clientData);
  const valid = await signatureValid(stored.publicKey, stored.algorithm, signature, message);
  return valid
    ? { ok: true, userId: stored.userId, signCount: signCountOf(authenticatorData) }
    : refuse("bad-signature");
}

/** The counter as the unsigned 32-bit number it is (@oslojs/binary reads one from 2^31 on as negative). */
function signCountOf(data: AuthenticatorData): number {
  return data.signatureCounter >>> 0;
}

function refuse(reason: PasskeyRefusal): { ok: false; reason: PasskeyRefusal } {
  return { ok: false, reason };
}

function checkClientData(
  bytes: Uint8Array,
  type: ClientDataType,
  expected: PasskeyExpectation,
): PasskeyRefusal | null {
  let clientData: ReturnType<typeof parseClientDataJSON>;
  try {
    clientData = parseClientDataJSON(bytes);
  } catch {
    return "malformed";
  }
  if (clientData.type !== type) return "wrong-type";
  if (!constantTimeEqual(clientData.challenge, expected.challenge)) return "wrong-challenge";
  if (clientData.origin !== expected.origin) return "wrong-origin";
  // We never ask for a passkey from inside a frame of another site.
  if (clientData.crossOrigin) return "cross-origin";
  return null;
}

function checkAuthenticatorData(data: AuthenticatorData, rpId: string): PasskeyRefusal | null {
  if (!bytesEqual(data.relyingPartyIdHash, sha256(new TextEncoder().encode(rpId)))) return "wrong-rp";
  if (!data.userPresent) return "user-not-present";
  if (!data.userVerified) return "user-not-verified";
  return null;
}

function fromBase64url(text: string): Uint8Array | null {
  try {
    return decodeBase64urlIgnorePadding(text);
  } catch {
    return null;
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
