import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// Recovery codes: ten per person, 50 random bits each, shown once as "xxxxx-xxxxx" and kept as sha256
// (the codes are random, so a fast hash is enough). Typed with or without the dash, in any case.

export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The code as typed, without spaces or dashes, in lower case; null when it cannot be a recovery code. */
export function normalisedRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z2-7]{10}$/.test(code) ? code : null;
}

export function recoveryCodeHash(normalised: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalised)));
}
