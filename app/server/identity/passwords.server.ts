import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { inHashTurn } from "./hash-turns.ts";

// scrypt with OWASP's minimum cost (N=2^14, r=8, p=5: 16 MiB). Workers caps N·r·p at 2^20;
// tests/worker/passwords.test.ts fails if these leave that window.
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const PREFIX = "scrypt";

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return inHashTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          KEY_LENGTH,
          { ...params, maxmem: 256 * params.N * params.r },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** A self-describing hash: scrypt$N$r$p$salt$key (base64), so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return [PREFIX, N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, salt, key] = stored.split("$");
  if (prefix !== PREFIX || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so a login for an unknown email takes as long as any other. */
export async function spendEquivalentHashWork(password: string): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser");
  await verifyPassword(password, await dummyHash);
}
