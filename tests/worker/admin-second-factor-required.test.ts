import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { totpCodeAt } from "../../app/server/second-factors/totp-secrets";
import { fetchWorker, textOf } from "./support";
import { PASSWORD, postForm, userIdOf } from "./support-accounts";
import { account, events } from "./support-second-factors";

// Enrolment enforced at every admin door: an administrator without a second factor is sent to enrolment
// and refused by the API, the page and its data request until they set up an authenticator app.

describe("an administrator without a second factor", () => {
  it("is sent to enrolment and refused at every admin door until they enrol", async () => {
    const email = await account({ admin: true });
    const form = await postForm("/login", { intent: "login", email, password: PASSWORD });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe("/account/security");
    const cookie = form.headers.get("Set-Cookie")?.split(";")[0] ?? "";

    const api = await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Set up a second factor first" });
    const action = await fetchWorker("/api/admin/approve-user/1", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(action.status).toBe(403);
    const page = await fetchWorker("/admin", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    expect(textOf(await page.text())).toContain("Set up a second factor first");
    const dataRequest = await fetchWorker("/admin.data", { headers: { Cookie: cookie } });
    expect(dataRequest.status).toBe(403);

    // Enrolment on /account/security: the QR code and key, then a code from them.
    const started = await postForm("/account/security", { intent: "totp-start" }, cookie);
    expect(started.status).toBe(200);
    const html = await started.text();
    expect(html).toContain("<svg");
    const key =
      /Key:(?:<!-- -->)? <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replaceAll(" ", "") ?? "";
    expect(key).toHaveLength(32);
    const secret = decodeBase32IgnorePadding(key);
    // Coming back to the page before confirming shows the same pending app again.
    const again = await (await fetchWorker("/account/security", { headers: { Cookie: cookie } })).text();
    expect(again.replace(/<!-- -->/g, "")).toContain(`${key.match(/.{4}/g)?.join(" ")}</code>`);
    const confirmed = await postForm(
      "/account/security",
      { intent: "totp-confirm", code: totpCodeAt(secret, Math.floor(Date.now() / 30_000)) },
      cookie,
    );
    expect(confirmed.status).toBe(200);
    const codes = [...(await confirmed.text()).matchAll(/<li>([a-z2-7]{4}(?:-[a-z2-7]{4}){3})<\/li>/g)];
    expect(codes).toHaveLength(10);
    expect(await fetchWorker("/api/admin/pending-users", { headers: { Cookie: cookie } })).toHaveProperty(
      "status",
      200,
    );
    const id = await userIdOf(email);
    expect(await events(id, "totp-enabled")).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT secret_ciphertext FROM totp_credentials WHERE user_id = ?")
      .bind(id)
      .first<{ secret_ciphertext: string }>();
    expect(stored?.secret_ciphertext).not.toContain(key);
  });
});
