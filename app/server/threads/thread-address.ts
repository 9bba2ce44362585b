import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

// The address an answer to a message's thread goes to: `reply+<id>-<mac>@` the site's mail domain, where
// the mac is an HMAC-SHA256 of the message's id under the THREAD_ADDRESS_KEY Worker secret (160 bits, in
// base32). It names one conversation and cannot be guessed or made up for another; it is the same for every
// reply of a thread, so the workbench and its API can show it, and nothing of it is stored. No bindings
// here: a pure function of the key (docs/decisions/174-answers-come-back-to-the-thread.md).

const MAC_BYTES = 20;
/** The local part's word before the `+`: Email Routing hands `reply+…@` to the Worker (wrangler.toml). */
export const THREAD_ADDRESS_USER = "reply";
const LOCAL_PART = /^reply\+([1-9][0-9]{0,15})-([a-z2-7]{32})$/;

/** The HMAC key from the secret (at least 32 bytes in base64), or null when it is not set (or too short). */
export function threadAddressKey(base64Key: string | undefined): Uint8Array | null {
  if (!base64Key) return null;
  try {
    const raw = new Uint8Array(decodeBase64(base64Key));
    if (raw.length >= 32) return raw;
  } catch {}
  console.error("thread addresses: THREAD_ADDRESS_KEY must be at least 32 bytes in base64");
  return null;
}

function macOf(key: Uint8Array, contactId: number): string {
  const bytes = hmac(SHA256, key, new TextEncoder().encode(`thread:${contactId}`)).slice(0, MAC_BYTES);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The domain of the site's own sender (`EMAIL_FROM`, "FACETS <notifications@facets.example>"). */
export function mailDomainOf(emailFrom: string): string {
  const address = emailFrom.match(/<([^<>]+)>\s*$/)?.[1] ?? emailFrom.trim();
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/** The site's own sender address, without its name. */
export function mailAddressOf(emailFrom: string): string {
  return emailFrom.match(/<([^<>]+)>\s*$/)?.[1] ?? emailFrom.trim();
}

/** Where an answer to message `contactId` goes. */
export function threadAddress(key: Uint8Array, contactId: number, domain: string): string {
  return `${THREAD_ADDRESS_USER}+${contactId}-${macOf(key, contactId)}@${domain}`;
}

/**
 * Where an answer to message `contactId` goes by email; null without the THREAD_ADDRESS_KEY secret (a
 * reply then goes out with no address to answer, and the key's check logs why).
 */
export function replyAddressOf(
  env: { THREAD_ADDRESS_KEY?: string; EMAIL_FROM: string },
  contactId: number,
): string | null {
  const key = threadAddressKey(env.THREAD_ADDRESS_KEY);
  return key && threadAddress(key, contactId, mailDomainOf(env.EMAIL_FROM));
}

/**
 * The message an address names: its id when the address is one of ours for that id (the domain, the form
 * and the mac all right), null when it is unknown, malformed or forged. Case is ignored, as mail does.
 */
export function threadOfAddress(key: Uint8Array, address: string, domain: string): number | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const match = address.slice(0, at).toLowerCase().match(LOCAL_PART);
  if (!match?.[1] || !match[2]) return null;
  const contactId = Number(match[1]);
  if (!Number.isSafeInteger(contactId)) return null;
  const expected = new TextEncoder().encode(macOf(key, contactId));
  return constantTimeEqual(expected, new TextEncoder().encode(match[2])) ? contactId : null;
}
