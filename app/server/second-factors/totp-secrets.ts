import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";

// Authenticator-app secrets: 160 random bits, kept encrypted with AES-GCM under a Worker secret
// (TOTP_ENCRYPTION_KEY, 32 bytes in base64), and the matching of a code to its 30-second step. No Worker
// bindings here, so the Node scripts that seed and reset local state use the same code.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const IV_BYTES = 12;

const keys = new Map<string, Promise<CryptoKey>>();

function aesKey(base64Key: string): Promise<CryptoKey> {
  let key = keys.get(base64Key);
  if (!key) {
    const raw = new Uint8Array(decodeBase64(base64Key));
    if (raw.length !== 32) throw new Error("TOTP_ENCRYPTION_KEY must be 32 bytes in base64.");
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(base64Key, key);
  }
  return key;
}

export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** base64 of the random IV followed by the ciphertext and its tag. */
export async function encryptTotpSecret(base64Key: string, secret: Uint8Array): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(base64Key), new Uint8Array(secret)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return encodeBase64(out);
}

export async function decryptTotpSecret(base64Key: string, ciphertext: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(decodeBase64(ciphertext));
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
    await aesKey(base64Key),
    bytes.slice(IV_BYTES),
  );
  return new Uint8Array(plain);
}

/**
 * The secret, or null when it cannot be decrypted (the key was replaced without re-enrolling): the person
 * is then answered as for a wrong code, never with a 500, and the operator sees why in the logs.
 */
export async function openTotpSecret(base64Key: string, ciphertext: string): Promise<Uint8Array | null> {
  try {
    return await decryptTotpSecret(base64Key, ciphertext);
  } catch (error) {
    console.error("totp: a stored secret does not decrypt under TOTP_ENCRYPTION_KEY", error);
    return null;
  }
}

function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The 30-second step a code belongs to, one step either side of now, or null. Every candidate is
 * computed, so the time taken does not say which step matched.
 */
export function totpStepOf(secret: Uint8Array, code: string, nowSeconds: number): number | null {
  const current = Math.floor(nowSeconds / TOTP_STEP_SECONDS);
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (sameCode(generateHOTP(secret, BigInt(step), TOTP_DIGITS), code)) matched = step;
  }
  return matched;
}

/** The code of a step (tests and tools compute codes the way an authenticator app does). */
export function totpCodeAt(secret: Uint8Array, step: number): string {
  return generateHOTP(secret, BigInt(step), TOTP_DIGITS);
}
