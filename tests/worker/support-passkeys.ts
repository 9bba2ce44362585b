import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { AssertionResponseJSON, RegistrationResponseJSON } from "../../app/lib/passkey-client";

// A software authenticator: a WebCrypto key pair behind the bytes a real one sends, built here from the
// WebAuthn spec (CBOR, authenticator data, DER signatures) rather than with the library the server checks
// them with, so the two cannot share a mistake.

export const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 } as const;

export interface CeremonySeen {
  challenge: Uint8Array;
  origin: string;
  rpId: string;
}

export interface Tweaks {
  type?: string;
  /** The browser ran the ceremony in a frame of another origin. */
  crossOrigin?: boolean;
  /** Replaces the flags byte (the attested-credential bit is added on registration). */
  flags?: number;
  /** Replaces the COSE public key in the attested credential data. */
  coseKey?: Uint8Array;
  /** Replaces the id the response names. */
  id?: Uint8Array;
  /** The signature counter to report instead of the next one (it stays where it was). */
  signCount?: number;
}

export type CBOR = number | string | Uint8Array | Map<number | string, CBOR>;

export function encodeCBOR(value: CBOR): Uint8Array<ArrayBuffer> {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [encodeCBOR(key), encodeCBOR(item)]),
  );
}

function head(major: number, length: number): Uint8Array<ArrayBuffer> {
  const type = major << 5;
  if (length < 24) return Uint8Array.of(type | length);
  if (length < 0x100) return Uint8Array.of(type | 24, length);
  if (length < 0x10000) return Uint8Array.of(type | 25, length >> 8, length & 0xff);
  return Uint8Array.of(type | 26, length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff);
}

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** ECDSA-Sig-Value (RFC 3279): SEQUENCE { r INTEGER, s INTEGER }, minimal, from WebCrypto's r || s. */
export function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const body = (trimmed[0] ?? 0) & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const r = integer(raw.subarray(0, raw.length / 2));
  const s = integer(raw.subarray(raw.length / 2));
  return concat(Uint8Array.of(0x30, r.length + s.length), r, s);
}

export interface P256Key {
  d: string;
  x: string;
  y: string;
}

// Fixed ES256 keys, so every run signs with the same ones (ECDSA signatures still differ each time).
// `leadingZeros` has x and y starting with a zero byte, which once broke our key encoding.
export const P256_KEYS = {
  plain: {
    d: "M7APhdvar0AOHHeQOaxzoOqVeE0Tv0x6x5av3bbZu9g",
    x: "F-1jYU8cVyvj9aSHCWuBRNFP-12VHhVVhtaU9Jn1wO0",
    y: "sEIUkOa-ooheU_pwEHlCzictLe5zoXz7pUDpuLpwzpw",
  },
  other: {
    d: "3XxkDFTE3Gv_kCKfLgNDJecaftAI8DVQ5rn0g9cieV8",
    x: "2zzhsBgX7O-miPKIHytJIBSrBcjwZuMeJkbD8z651L8",
    y: "qUpuVPKtifnAEqxvLxoIF3HQC5wL94QIrIRUR_3IWI8",
  },
  leadingZeros: {
    d: "9uwzzsK2l2hrNPfK3DHDOSEZoNCUyn1Q4f6Qpvvp3lk",
    x: "AI9J_9iszbTls2L9aeiHWePbs1RS2Q4Gc_gWMej0ejA",
    y: "AKQ74aRzJj3xtI6Sfy337kKkt4iFx1nViUh9b6MDBwk",
  },
} satisfies Record<string, P256Key>;

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const text = (value: string) => new TextEncoder().encode(value);

export class SoftwareAuthenticator {
  private signCount = 0;

  private constructor(
    readonly algorithm: -7 | -257,
    readonly credentialId: Uint8Array,
    private readonly privateKey: CryptoKey,
    readonly coseKey: Uint8Array,
  ) {}

  /** Each authenticator gets the next credential id, so a run is the same every time. */
  private static made = 0;

  private static nextCredentialId(): Uint8Array {
    const id = new Uint8Array(16).fill(0xc0);
    new DataView(id.buffer).setUint32(12, ++SoftwareAuthenticator.made);
    return id;
  }

  /** An ES256 (ECDSA P-256) authenticator with one of the fixed keys above. */
  static async es256(key: P256Key = P256_KEYS.plain): Promise<SoftwareAuthenticator> {
    const jwk = { kty: "EC", crv: "P-256", ext: true, ...key };
    const algorithm = { name: "ECDSA", namedCurve: "P-256" };
    const privateKey = await crypto.subtle.importKey("jwk", jwk, algorithm, false, ["sign"]);
    const coseKey = encodeCBOR(
      new Map<number, CBOR>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, decodeBase64urlIgnorePadding(key.x)],
        [-3, decodeBase64urlIgnorePadding(key.y)],
      ]),
    );
    return new SoftwareAuthenticator(-7, SoftwareAuthenticator.nextCredentialId(), privateKey, coseKey);
  }

  /**
   * An RS256 (RSASSA-PKCS1-v1_5, 2048 bits unless told) authenticator with a new key. A shorter modulus
   * is sent padded with zero bytes to the 256 bytes of a 2048-bit one, as a forged key would be.
   */
  static async rs256(modulusLength = 2048): Promise<SoftwareAuthenticator> {
    const keys = await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength,
        publicExponent: Uint8Array.of(1, 0, 1),
        hash: "SHA-256",
      },
      true,
      ["sign", "verify"],
    );
    const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
    const coseKey = encodeCBOR(
      new Map<number, CBOR>([
        [1, 3], // kty: RSA
        [3, -257], // alg: RS256
        [-1, leftPadded(decodeBase64urlIgnorePadding(jwk.n ?? ""), 256)],
        [-2, decodeBase64urlIgnorePadding(jwk.e ?? "")],
      ]),
    );
    return new SoftwareAuthenticator(
      -257,
      SoftwareAuthenticator.nextCredentialId(),
      keys.privateKey,
      coseKey,
    );
  }

  get id(): string {
    return encodeBase64urlNoPadding(this.credentialId);
  }

  /** navigator.credentials.create() with attestation "none". */
  async register(seen: CeremonySeen, tweaks: Tweaks = {}): Promise<RegistrationResponseJSON> {
    const coseKey = tweaks.coseKey ?? this.coseKey;
    const length = Uint8Array.of(this.credentialId.length >> 8, this.credentialId.length & 0xff);
    const attestedCredential = concat(new Uint8Array(16), length, this.credentialId, coseKey);
    const flags = (tweaks.flags ?? FLAGS.userPresent | FLAGS.userVerified) | FLAGS.attestedCredential;
    const authData = concat(
      await this.authenticatorData(seen.rpId, flags, tweaks.signCount),
      attestedCredential,
    );
    const attestationObject = encodeCBOR(
      new Map<string, CBOR>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: encodeBase64urlNoPadding(tweaks.id ?? this.credentialId),
      attestationObject: encodeBase64urlNoPadding(attestationObject),
      clientDataJSON: encodeBase64urlNoPadding(
        clientDataJSON(tweaks.type ?? "webauthn.create", seen, tweaks.crossOrigin),
      ),
    };
  }

  /** navigator.credentials.get(), the passkey answering with its user handle. */
  async assert(
    seen: CeremonySeen,
    userHandle: string | null,
    tweaks: Tweaks = {},
  ): Promise<AssertionResponseJSON> {
    const flags = tweaks.flags ?? FLAGS.userPresent | FLAGS.userVerified;
    const authenticatorData = await this.authenticatorData(seen.rpId, flags, tweaks.signCount);
    const clientData = clientDataJSON(tweaks.type ?? "webauthn.get", seen, tweaks.crossOrigin);
    const signed = concat(authenticatorData, await sha256(clientData));
    const signature =
      this.algorithm === -7
        ? derSignature(
            new Uint8Array(
              await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.privateKey, signed),
            ),
          )
        : new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", this.privateKey, signed));
    return {
      id: encodeBase64urlNoPadding(tweaks.id ?? this.credentialId),
      authenticatorData: encodeBase64urlNoPadding(authenticatorData),
      clientDataJSON: encodeBase64urlNoPadding(clientData),
      signature: encodeBase64urlNoPadding(signature),
      userHandle,
    };
  }

  private async authenticatorData(
    rpId: string,
    flags: number,
    signCount?: number,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, signCount ?? ++this.signCount);
    return concat(await sha256(text(rpId)), Uint8Array.of(flags), count);
  }
}

function leftPadded(bytes: Uint8Array, length: number): Uint8Array {
  return bytes.length >= length ? bytes : concat(new Uint8Array(length - bytes.length), bytes);
}

function clientDataJSON(type: string, seen: CeremonySeen, crossOrigin = false): Uint8Array<ArrayBuffer> {
  return text(
    JSON.stringify({
      type,
      challenge: encodeBase64urlNoPadding(seen.challenge),
      origin: seen.origin,
      crossOrigin,
    }),
  );
}
