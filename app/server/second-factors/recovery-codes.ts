import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// Recovery codes: ten per person, 80 random bits each (16 base32 characters), shown once as
// "xxxx-xxxx-xxxx-xxxx" and kept as HMAC-SHA256 under the RECOVERY_CODE_KEY Worker secret, so a copy of D1
// alone cannot be searched for them. Typed with or without dashes or spaces, in any case. Codes of the
// first format (50 bits, "xxxxx-xxxxx", plain sha256) keep working until their owner makes new ones. No
// Worker bindings here, so the Node scripts that seed local state use the same code.

export const RECOVERY_CODE_COUNT = 10;
const CODE_BYTES = 10; // 80 bits: exactly 16 base32 characters
const LEGACY_LENGTH = 10;

/** The HMAC key from the secret (at least 32 bytes in base64), or null when it is not set (or too short). */
export function recoveryCodeKey(base64Key: string | undefined): Uint8Array | null {
  if (!base64Key) return null;
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(decodeBase64(base64Key));
  } catch {
    raw = new Uint8Array();
  }
  if (raw.length >= 32) return raw;
  console.error("recovery codes: RECOVERY_CODE_KEY must be at least 32 bytes in base64");
  return null;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(CODE_BYTES)));
    return code.match(/.{4}/g)?.join("-") ?? code;
  });
}

/**
 * The code as typed, without spaces or dashes, in lower case; null when it cannot be a recovery code (16
 * characters, or 10 for a code of the first format).
 */
export function normalisedRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z2-7]{16}$/.test(code) || /^[a-z2-7]{10}$/.test(code) ? code : null;
}

/** What D1 keeps of a code: its HMAC under the key (a code of the first format: its sha256). */
export function recoveryCodeHash(key: Uint8Array, normalised: string): string {
  const bytes = new TextEncoder().encode(normalised);
  return encodeHexLowerCase(normalised.length === LEGACY_LENGTH ? sha256(bytes) : hmac(SHA256, key, bytes));
}
