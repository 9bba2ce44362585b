// The browser's half of the passkey ceremonies. The server's options arrive as JSON with every binary field
// in base64url (app/server/second-factors/webauthn.server.ts builds them); the authenticator's answer goes back the same
// way. No dependencies: only the pages that offer passkeys load this.

export interface PasskeyCredentialDescriptorJSON {
  type: "public-key";
  id: string;
}

export interface PasskeyCreationOptionsJSON {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { type: "public-key"; alg: number }[];
  timeout: number;
  excludeCredentials: PasskeyCredentialDescriptorJSON[];
  authenticatorSelection: {
    residentKey: "required";
    requireResidentKey: true;
    userVerification: "required";
  };
  attestation: "none";
}

export interface PasskeyRequestOptionsJSON {
  challenge: string;
  rpId: string;
  allowCredentials: PasskeyCredentialDescriptorJSON[];
  userVerification: "required";
  timeout: number;
}

export interface RegistrationResponseJSON {
  id: string;
  attestationObject: string;
  clientDataJSON: string;
}

export interface AssertionResponseJSON {
  id: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
  userHandle: string | null;
}

/** Why a ceremony ended without a credential; "cancelled" covers a timeout too (browsers do not tell). */
export type PasskeyFailure = "cancelled" | "already-registered" | "unsupported" | "failed";

export class PasskeyError extends Error {
  override name = "PasskeyError";
  constructor(
    readonly reason: PasskeyFailure,
    message: string,
  ) {
    super(message);
  }
}

export function passkeysSupported(): boolean {
  return (
    typeof PublicKeyCredential === "function" &&
    globalThis.isSecureContext === true &&
    typeof navigator !== "undefined" &&
    typeof navigator.credentials?.create === "function"
  );
}

export async function createPasskey(options: PasskeyCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const credential = await ceremony(() =>
    navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: fromBase64url(options.challenge),
        user: { ...options.user, id: fromBase64url(options.user.id) },
        excludeCredentials: options.excludeCredentials.map(descriptor),
      },
    }),
  );
  const response = credential.response as AuthenticatorAttestationResponse;
  if (!response.attestationObject) throw new PasskeyError("failed", FAILED_MESSAGE);
  return {
    id: toBase64url(credential.rawId),
    attestationObject: toBase64url(response.attestationObject),
    clientDataJSON: toBase64url(response.clientDataJSON),
  };
}

/** `mediation: "conditional"` offers the passkeys in the autofill of an `autocomplete="username webauthn"` field. */
export async function getPasskey(
  options: PasskeyRequestOptionsJSON,
  init: { signal?: AbortSignal; mediation?: CredentialMediationRequirement } = {},
): Promise<AssertionResponseJSON> {
  const credential = await ceremony(() =>
    navigator.credentials.get({
      ...init,
      publicKey: {
        ...options,
        challenge: fromBase64url(options.challenge),
        allowCredentials: options.allowCredentials.map(descriptor),
      },
    }),
  );
  const response = credential.response as AuthenticatorAssertionResponse;
  if (!response.authenticatorData || !response.signature) throw new PasskeyError("failed", FAILED_MESSAGE);
  return {
    id: toBase64url(credential.rawId),
    authenticatorData: toBase64url(response.authenticatorData),
    clientDataJSON: toBase64url(response.clientDataJSON),
    signature: toBase64url(response.signature),
    userHandle: response.userHandle ? toBase64url(response.userHandle) : null,
  };
}

const FAILED_MESSAGE = "The passkey could not be used. Please try again.";

async function ceremony(run: () => Promise<Credential | null>): Promise<PublicKeyCredential> {
  if (!passkeysSupported()) throw new PasskeyError("unsupported", "This browser cannot use passkeys.");
  let credential: Credential | null;
  try {
    credential = await run();
  } catch (error) {
    throw passkeyError(error);
  }
  if (credential?.type !== "public-key") throw new PasskeyError("failed", FAILED_MESSAGE);
  return credential as PublicKeyCredential;
}

function passkeyError(error: unknown): PasskeyError {
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : "";
  switch (name) {
    // The person closed the dialog, chose no passkey, or let it time out.
    case "NotAllowedError":
    case "AbortError":
      return new PasskeyError("cancelled", "The passkey request was cancelled or timed out.");
    // A credential in excludeCredentials is already on this authenticator.
    case "InvalidStateError":
      return new PasskeyError("already-registered", "This device already has a passkey for your account.");
    // No authenticator with the required algorithm or user verification, or a page the rp id does not cover.
    case "NotSupportedError":
    case "SecurityError":
      return new PasskeyError("unsupported", "Passkeys are not available on this device or address.");
    default:
      return new PasskeyError("failed", FAILED_MESSAGE);
  }
}

function descriptor({ type, id }: PasskeyCredentialDescriptorJSON): PublicKeyCredentialDescriptor {
  return { type, id: fromBase64url(id) };
}

function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0)).buffer;
}

function toBase64url(buffer: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
