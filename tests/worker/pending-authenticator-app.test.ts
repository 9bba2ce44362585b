import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, textOf } from "./support";
import { postForm } from "./support-accounts";
import { call, signedIn } from "./support-factors";

// A pending authenticator app's key is shown only to a sign-in of the last 10 minutes; otherwise the page
// asks to confirm it's you.

describe("a pending authenticator app", () => {
  it("shows its key only to a sign-in of the last 10 minutes, and asks to confirm it's you otherwise", async () => {
    const member = await signedIn();
    const started = await call("/api/auth/totp", { body: {}, cookie: member.cookie });
    expect(started.status).toBe(201);
    const { secret } = await started.json<{ secret: string }>();
    const shownKey = secret.replace(/(.{4})/g, "$1 ").trim();
    const securityPage = async () =>
      (await fetchWorker("/account/security", { headers: { Cookie: member.cookie } })).text();

    expect(await securityPage()).toContain(shownKey);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() - 601 WHERE user_id = ?")
      .bind(member.id)
      .run();
    const old = await securityPage();
    expect(old).not.toContain(shownKey);
    expect(old).not.toContain("QR code of the authenticator app");
    expect(textOf(old)).toContain("Show the QR code and key");
    const asked = await postForm("/account/security", { intent: "totp-show" }, member.cookie);
    expect(asked.status).toBe(403);
    const askedPage = await asked.text();
    expect(textOf(askedPage)).toContain("Confirm it's you");
    expect(askedPage).not.toContain(shownKey);

    await env.DB.prepare("UPDATE sessions SET authenticated_at = unixepoch() WHERE user_id = ?")
      .bind(member.id)
      .run();
    const shown = await postForm("/account/security", { intent: "totp-show" }, member.cookie);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(shownKey);
  });
});
