import { decodePKIXECDSASignature, p256 } from "@oslojs/crypto/ecdsa";
import { RSAPublicKey } from "@oslojs/crypto/rsa";
import { decodeHex } from "@oslojs/encoding";
import {
  COSEKeyType,
  type COSEPublicKey,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveP256,
} from "@oslojs/webauthn";

// A passkey's public key: which ones are accepted, the form they are stored in (SubjectPublicKeyInfo DER, as
// WebCrypto's "spki" reads it) and the check of a signature made with one. The ceremonies around them are
// webauthn.server.ts's.

/** The smallest RSA modulus accepted (NIST SP 800-131A, ASVS 11.2.3: 112 bits of security). */
export const RSA_MIN_MODULUS_BITS = 2048;

export type PasskeyAlgorithm = typeof coseAlgorithmES256 | typeof coseAlgorithmRS256;

/** A credential's key as stored, "weak-key" (an RSA modulus too short), or null for a key we do not take. */
export async function supportedKey(
  coseKey: COSEPublicKey,
): Promise<{ publicKey: Uint8Array; algorithm: PasskeyAlgorithm } | "weak-key" | null> {
  try {
    const algorithm = coseKey.algorithm();
    let publicKey: Uint8Array;
    if (algorithm === coseAlgorithmES256 && coseKey.type() === COSEKeyType.EC2) {
      const { curve, x, y } = coseKey.ec2();
      if (curve !== coseEllipticCurveP256) return null;
      publicKey = p256SubjectPublicKeyInfo(x, y);
    } else if (algorithm === coseAlgorithmRS256 && coseKey.type() === COSEKeyType.RSA) {
      const { n, e } = coseKey.rsa();
      // @oslojs takes only a 256-byte n, but zero bytes in front can hide a short modulus in it.
      if (n.toString(2).length < RSA_MIN_MODULUS_BITS) return "weak-key";
      publicKey = new RSAPublicKey(n, e).encodePKIX();
    } else {
      return null;
    }
    // WebCrypto refuses what it could never verify with, such as a point off the curve.
    await importVerifyKey(publicKey, algorithm);
    return { publicKey, algorithm };
  } catch {
    return null;
  }
}

// SubjectPublicKeyInfo up to the point: SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING }.
// Written by hand because @oslojs/crypto 1.0.1 misplaces a y coordinate that starts with a zero byte.
const P256_SPKI_PREFIX = decodeHex("3059301306072a8648ce3d020106082a8648ce3d030107034200");

function p256SubjectPublicKeyInfo(x: bigint, y: bigint): Uint8Array {
  const point = new Uint8Array(65);
  point[0] = 0x04;
  point.set(fixedWidth(x, 32), 1);
  point.set(fixedWidth(y, 32), 33);
  const spki = new Uint8Array(P256_SPKI_PREFIX.length + point.length);
  spki.set(P256_SPKI_PREFIX);
  spki.set(point, P256_SPKI_PREFIX.length);
  return spki;
}

function fixedWidth(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index--) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

const importParameters = {
  [coseAlgorithmES256]: { name: "ECDSA", namedCurve: "P-256" },
  [coseAlgorithmRS256]: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
};

function importVerifyKey(spki: Uint8Array, algorithm: PasskeyAlgorithm): Promise<CryptoKey> {
  return crypto.subtle.importKey("spki", new Uint8Array(spki), importParameters[algorithm], false, [
    "verify",
  ]);
}

/** Whether `signature` over `message` was made with the key `spki`; false for anything malformed. */
export async function signatureValid(
  spki: Uint8Array,
  algorithm: PasskeyAlgorithm,
  signature: Uint8Array,
  message: Uint8Array,
): Promise<boolean> {
  try {
    const key = await importVerifyKey(spki, algorithm);
    if (algorithm === coseAlgorithmRS256) {
      return await crypto.subtle.verify(
        "RSASSA-PKCS1-v1_5",
        key,
        new Uint8Array(signature),
        new Uint8Array(message),
      );
    }
    // Authenticators sign ES256 in DER; WebCrypto takes r and s side by side, 32 bytes each.
    const rs = decodePKIXECDSASignature(signature).encodeIEEEP1363(p256);
    return await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      key,
      new Uint8Array(rs),
      new Uint8Array(message),
    );
  } catch {
    return false;
  }
}
