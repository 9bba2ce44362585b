import { describe, expect, it } from "vitest";
import {
  addPasskey,
  appsOf,
  codesOf,
  entries,
  mailOf,
  passkeysOf,
  removeApp,
  removePasskey,
  signedIn,
} from "./support-factors";
import { SoftwareAuthenticator } from "./support-passkeys";

// Removing a passkey: a removal changes nothing unless it removed something, a member's last factor takes the
// recovery codes with it, and the last-factor rules hold when removals race. Passkeys come from the software
// authenticator, through the built Worker.

describe("removing a passkey", () => {
  it("changes nothing for an id that is not one of yours: your recovery codes stay", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const myKey = await SoftwareAuthenticator.es256();
    const theirKey = await SoftwareAuthenticator.es256();
    expect((await addPasskey(mine.cookie, myKey)).status).toBe(201);
    expect((await addPasskey(theirs.cookie, theirKey)).status).toBe(201);
    expect(await codesOf(mine.id)).toBe(10);
    const mailBefore = await mailOf(mine.id);

    for (const id of [theirKey.id, "AAAA", "x".repeat(1401)]) {
      expect((await removePasskey(mine.cookie, id)).status).toBe(404);
    }

    expect(await codesOf(mine.id)).toBe(10);
    expect(await passkeysOf(mine.id)).toEqual([myKey.id]);
    expect(await passkeysOf(theirs.id)).toEqual([theirKey.id]);
    expect(await codesOf(theirs.id)).toBe(10);
    expect(await entries(mine.id, "passkey-removed")).toEqual([]);
    expect(await mailOf(mine.id)).toEqual(mailBefore);
  });

  it("takes the recovery codes with a member's last passkey, and tells the owner", async () => {
    const member = await signedIn();
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    expect((await removePasskey(member.cookie, key.id)).status).toBe(204);
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(0);
    expect(await entries(member.id, "passkey-removed")).toEqual([{ outcome: "success", actorId: member.id }]);
    expect((await mailOf(member.id)).map((event) => event.type)).toEqual([
      "passkey-added",
      "passkey-removed",
    ]);
  });

  it("keeps an administrator's last factor when its two factors are removed at once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const admin = await signedIn({ admin: true, app: true });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(admin.cookie, key)).status).toBe(201);
      const [app, passkey] = await Promise.all([
        removeApp(admin.cookie),
        removePasskey(admin.cookie, key.id),
      ]);
      expect([app.status, passkey.status].sort()).toEqual([204, 409]);
      expect((await appsOf(admin.id)) + (await passkeysOf(admin.id)).length).toBe(1);
      expect(await codesOf(admin.id)).toBe(10);
      // The one refused left no entry and no email behind.
      const removals = [
        ...(await entries(admin.id, "totp-removed")),
        ...(await entries(admin.id, "passkey-removed")),
      ];
      expect(removals).toHaveLength(1);
      const mail = (await mailOf(admin.id)).map((event) => event.type);
      expect(mail.filter((type) => type === "totp-removed" || type === "passkey-removed")).toHaveLength(1);
    }
  });

  it("leaves no recovery codes behind when a member's two factors are removed at once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await signedIn({ app: true });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(member.cookie, key)).status).toBe(201);
      expect(await codesOf(member.id)).toBe(10);
      const [app, passkey] = await Promise.all([
        removeApp(member.cookie),
        removePasskey(member.cookie, key.id),
      ]);
      expect([app.status, passkey.status]).toEqual([204, 204]);
      expect(await appsOf(member.id)).toBe(0);
      expect(await passkeysOf(member.id)).toEqual([]);
      expect(await codesOf(member.id)).toBe(0);
    }
  });
});
