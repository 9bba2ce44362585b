import { expect } from "vitest";
import {
  type PasskeyExpectation,
  type StoredPasskey,
  userHandleOf,
  verifyRegistration,
} from "../../app/server/second-factors/webauthn.server";
import { SoftwareAuthenticator } from "../worker/support-passkeys";

// The ceremony the webauthn-*.test.ts files expect a software authenticator to go through, and its user.

export const expected: PasskeyExpectation = {
  challenge: new Uint8Array(32).fill(7),
  origin: "https://facets.example",
  rpId: "facets.example",
};
export const USER_ID = 4242;
export const handle = userHandleOf(USER_ID);
/** A verified sign-in of USER_ID (the counter is checked in its own test). */
export const accepted = { ok: true, userId: USER_ID, signCount: expect.any(Number) };

export async function registered(made: Promise<SoftwareAuthenticator> = SoftwareAuthenticator.es256()) {
  const authenticator = await made;
  const verdict = await verifyRegistration(await authenticator.register(expected), expected);
  if (!verdict.ok) throw new Error(`registration refused: ${verdict.reason}`);
  const stored: StoredPasskey = { ...verdict.credential, userId: USER_ID };
  return { authenticator, stored };
}
