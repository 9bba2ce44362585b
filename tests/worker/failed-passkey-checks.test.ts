import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { NO_PASSKEY_CHALLENGE, SIGNED_OUT_AFTER_WRONG_PASSWORDS } from "../../app/lib/account-messages";
import { userHandleOf } from "../../app/server/second-factors/webauthn.server";
import { fetchWorker, ORIGIN } from "./support";
import { postJson } from "./support-accounts";
import { clientsIn, count, entriesOf, inGroups, member } from "./support-attempts";
import { SoftwareAuthenticator } from "./support-passkeys";

// No limit depends on the audit write, and no stranger can lock an owner out (issue 31, items 2 and 4): a
// failed passkey check is no wrong code (decision 133). A passkey answer without a live challenge is refused
// before anything is recorded; failed confirmations count against no code budget, and after ten the session
// ends.

const { newClient, signedIn, expectCodeSignsIn } = clientsIn(65);

/** A WebAuthn challenge for "Confirm it's you", as the software authenticator sees it. */
async function confirmChallenge(cookie: string) {
  const options = await postJson("/api/auth/passkeys/options", { purpose: "confirm" }, { Cookie: cookie });
  expect(options.status).toBe(200);
  const { challenge } = await options.json<{ challenge: string }>();
  return { challenge: decodeBase64urlIgnorePadding(challenge), origin: ORIGIN, rpId: "localhost" };
}

describe("failed passkey checks", () => {
  it("100 passkey confirmations without a challenge are refused, record nothing, and lock nothing", async () => {
    const { email, secret, id } = await member({ app: true });
    const cookie = await signedIn(email, secret);
    const answers = await inGroups(100, 25, (i) =>
      postJson(
        "/api/auth/passkey-confirm",
        i % 2 === 0 ? {} : { response: { id: "made-up", response: { clientDataJSON: "e30" } } },
        { Cookie: cookie, "CF-Connecting-IP": newClient() },
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([400]));
    expect(await answers[0]?.json()).toMatchObject({ error: NO_PASSKEY_CHALLENGE });
    expect(await entriesOf(id, "reauthenticated")).toBe(0);
    expect(await entriesOf(id, "reauthenticated-passkey")).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ? AND succeeded = 0", id),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM confirm_failures WHERE user_id = ?", id)).toBe(0);
    // The owner's authenticator code still signs in.
    await expectCodeSignsIn(email, secret);
  });

  it("failed passkey confirmations count against no code budget; after ten the session ends", async () => {
    const { email, secret, id } = await member({ app: true });
    const cookie = await signedIn(email, secret);
    const stranger = await SoftwareAuthenticator.es256();
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 10; i += 1) {
      const response = await stranger.assert(await confirmChallenge(cookie), userHandleOf(id));
      last = await postJson(
        "/api/auth/passkey-confirm",
        { response },
        { Cookie: cookie, "CF-Connecting-IP": newClient() },
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await last?.json()).toEqual({ error: SIGNED_OUT_AFTER_WRONG_PASSWORDS });
    expect(await entriesOf(id, "reauthenticated-passkey")).toBe(10);
    expect(await entriesOf(id, "reauthenticated")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM code_attempts WHERE user_id = ?", id)).toBe(1);
    expect((await fetchWorker("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
    await expectCodeSignsIn(email, secret);
  });

  it("refuses a passkey sign-in without a live challenge before anything is recorded", async () => {
    const { email, id } = await member();
    const cookie = await signedIn(email, null);
    const key = await SoftwareAuthenticator.es256();
    const register = await postJson(
      "/api/auth/passkeys/options",
      { purpose: "register" },
      { Cookie: cookie },
    );
    const { challenge } = await register.json<{ challenge: string }>();
    const added = await postJson(
      "/api/auth/passkeys",
      {
        name: "Laptop",
        response: await key.register({
          challenge: decodeBase64urlIgnorePadding(challenge),
          origin: ORIGIN,
          rpId: "localhost",
        }),
      },
      { Cookie: cookie },
    );
    expect(added.status).toBe(201);
    const madeUp = {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      origin: ORIGIN,
      rpId: "localhost",
    };
    for (const body of [{}, { response: await key.assert(madeUp, userHandleOf(id)) }]) {
      const refused = await postJson("/api/auth/passkey-sign-in", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: NO_PASSKEY_CHALLENGE });
    }
    expect(await entriesOf(id, "sign-in-passkey")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM sign_in_failures WHERE user_id = ?", id)).toBe(0);
  });
});
