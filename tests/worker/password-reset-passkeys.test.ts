import { describe, expect, it } from "vitest";
import { PASSKEYS_MUST_STAY } from "../../app/lib/account-messages";
import { fetchWorker, textOf } from "./support";
import { codeNow, postForm, postJson, resetToken } from "./support-accounts";
import {
  addPasskey,
  appsOf,
  codesOf,
  entries,
  mailOf,
  passkeySignIn,
  passkeysOf,
  signedIn,
} from "./support-factors";
import { deliver, recordingEnv } from "./support-mail";
import { SoftwareAuthenticator } from "./support-passkeys";

// A password reset asks whether to keep the passkeys (decision 099): unticked, they go and the app and its
// codes stay; whose only second factor they are, they stay. Passkeys come from the software authenticator,
// through the built Worker.

describe("a password reset and the passkeys", () => {
  it("lists the account's passkeys on the reset page, with the keep box unticked", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256(), "Work laptop")).status).toBe(
      201,
    );
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256(), "Old phone")).status).toBe(
      201,
    );
    const token = await resetToken(member.id);
    const page = await fetchWorker(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain("Your passkeys");
    expect(text).toMatch(/Work laptop Added [A-Z][a-z]{2} \d{1,2}, \d{4}, [^,]+ UTC, not used yet/);
    expect(text).toContain("Old phone");
    expect(text).toContain("Keep these passkeys");
    expect(text).not.toContain(PASSKEYS_MUST_STAY);
    const box = /<input[^>]*name="keepPasskeys"[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).toContain('type="checkbox"');
    expect(box).not.toMatch(/checked/);

    // A link that does not work lists nothing.
    const dead = textOf(await (await fetchWorker(`/reset-password?token=${"a".repeat(52)}`)).text());
    expect(dead).not.toContain("Your passkeys");
  });

  it("removes them with the new password when the box is left unticked (the form, without JavaScript): the app and its codes stay", async () => {
    const member = await signedIn({ app: true });
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    const token = await resetToken(member.id);
    const newPassword = "a brand new passphrase";
    const saved = await postForm("/reset-password", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/login");

    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await appsOf(member.id)).toBe(1);
    expect(await codesOf(member.id)).toBe(10);
    expect(await entries(member.id, "passkeys-removed-at-reset")).toEqual([
      { outcome: "success", actorId: member.id },
    ]);
    const mail = await mailOf(member.id);
    expect(mail.map((event) => event.type).at(-1)).toBe("passkeys-removed-at-reset");
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, mail.slice(-1));
    expect(sent.map((email) => email.subject)).toEqual(["The passkeys of your FACETS account were removed"]);
    expect(String(sent[0]?.text)).toContain("If this was not you, someone can read your email");

    // The passkey no longer signs in; the new password alone is not enough, the app's code still is.
    expect((await passkeySignIn(key, member.id)).status).toBe(401);
    const passwordOnly = await postJson("/api/login", { email: member.email, password: newPassword });
    expect(passwordOnly.status).toBe(401);
    expect(await passwordOnly.json()).toMatchObject({ secondFactor: "required" });
    const withCode = await postJson("/api/login", {
      email: member.email,
      password: newPassword,
      code: codeNow(member.secret ?? new Uint8Array(), 1),
    });
    expect(withCode.status).toBe(200);
  });

  it("keeps them when the box is ticked", async () => {
    const member = await signedIn({ app: true });
    const key = await SoftwareAuthenticator.es256();
    expect((await addPasskey(member.cookie, key)).status).toBe(201);
    const mailBefore = await mailOf(member.id);
    const token = await resetToken(member.id);
    const newPassword = "a brand new passphrase";
    const saved = await postForm("/reset-password", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
      keepPasskeys: "true",
    });
    expect(saved.status).toBe(302);
    expect(await passkeysOf(member.id)).toEqual([key.id]);
    expect(await appsOf(member.id)).toBe(1);
    expect(await codesOf(member.id)).toBe(10);
    expect(await entries(member.id, "passkeys-removed-at-reset")).toEqual([]);
    expect(await mailOf(member.id)).toEqual(mailBefore);
    expect((await passkeySignIn(key, member.id)).status).toBe(200);
  });

  it("answers the API the same way: left out, the passkeys go and the app and its codes stay", async () => {
    const member = await signedIn({ app: true });
    expect((await addPasskey(member.cookie, await SoftwareAuthenticator.es256())).status).toBe(201);
    const token = await resetToken(member.id);
    const odd = await postJson("/api/auth/reset-password", {
      token,
      password: "a fine new password",
      keepPasskeys: "yes",
    });
    expect(odd.status).toBe(400);
    expect(Object.keys((await odd.json<{ fieldErrors: object }>()).fieldErrors)).toEqual(["keepPasskeys"]);
    const reset = await postJson("/api/auth/reset-password", { token, password: "a fine new password" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ ok: true, passkeysRemoved: true });
    expect(await passkeysOf(member.id)).toEqual([]);
    expect(await codesOf(member.id)).toBe(10);
    expect(await appsOf(member.id)).toBe(1);
  });

  for (const role of ["member", "administrator"] as const) {
    it(`keeps the passkeys of a${role === "member" ? "" : "n"} ${role} whose only second factor they are: a reset link alone removes no factor`, async () => {
      const person = await signedIn({ admin: role === "administrator" });
      const key = await SoftwareAuthenticator.es256();
      expect((await addPasskey(person.cookie, key)).status).toBe(201);
      const mailBefore = await mailOf(person.id);
      const token = await resetToken(person.id);

      // The page lists them and says why they stay: no box to untick.
      const html = await (await fetchWorker(`/reset-password?token=${token}`)).text();
      const text = textOf(html);
      expect(text).toContain("Your passkeys");
      expect(text).toContain("Work laptop");
      expect(text).toContain(PASSKEYS_MUST_STAY);
      expect(text).not.toContain("Keep these passkeys");
      expect(html).not.toContain('type="checkbox"');

      // Told not to keep them, the API refuses, and the link still works.
      const refused = await postJson("/api/auth/reset-password", { token, password: "a fine new password" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { keepPasskeys: PASSKEYS_MUST_STAY } });
      // So does the form posted without the page's hidden "keep" field.
      const bare = await postForm("/reset-password", {
        token,
        password: "a fine new password",
        confirmPassword: "a fine new password",
      });
      expect(bare.status).toBe(400);
      expect(textOf(await bare.text())).toContain(PASSKEYS_MUST_STAY);
      expect(await passkeysOf(person.id)).toEqual([key.id]);
      expect(await codesOf(person.id)).toBe(10);

      // The page's form keeps them: the new password alone does not sign in, the passkey still does.
      const saved = await postForm("/reset-password", {
        token,
        password: "a fine new password",
        confirmPassword: "a fine new password",
        keepPasskeys: "true",
      });
      expect(saved.status).toBe(302);
      expect(await passkeysOf(person.id)).toEqual([key.id]);
      expect(await codesOf(person.id)).toBe(10);
      expect(await entries(person.id, "passkeys-removed-at-reset")).toEqual([]);
      expect(await mailOf(person.id)).toEqual(mailBefore);
      const passwordOnly = await postJson("/api/login", {
        email: person.email,
        password: "a fine new password",
      });
      expect(passwordOnly.status).toBe(401);
      expect(await passwordOnly.json()).toMatchObject({ secondFactor: "required" });
      expect((await passkeySignIn(key, person.id)).status).toBe(200);
    });
  }
});
