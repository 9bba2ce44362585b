import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { expectSecurityHeaders, fetchWorker, NO_SCRIPTS } from "./support";
import { postForm, signedInCookie } from "./support-accounts";

// A signed-in content page view: rendered once per header form and then held (member-pages.server.ts).

async function view(path: string, cookie: string) {
  const response = await fetchWorker(path, { headers: { Cookie: cookie } });
  return { response, html: await response.text() };
}

describe("content pages for signed-in people", () => {
  it("give every member the same signed-in document, without a nonce, never stored", async () => {
    const first = await signedInCookie();
    const second = await signedInCookie();
    const a = await view("/gold", first.cookie);
    const b = await view("/gold", second.cookie);
    expect(a.response.status).toBe(200);
    expect(b.html).toBe(a.html);
    expect(a.html).toContain("Logout");
    expect(a.html).not.toContain("Admin Dashboard");
    expect(a.html).not.toContain("nonce=");
    expectSecurityHeaders(a.response, NO_SCRIPTS);
    expect(a.response.headers.get("Content-Security-Policy")).not.toContain("nonce-");
    expect(a.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("are sent compressed in the coding the client prefers, the same document in each", async () => {
    const { cookie } = await signedInCookie();
    const plain = await view("/africa", cookie);
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    for (const [accept, coding] of [
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const response = await fetchWorker("/africa", {
        headers: { Cookie: cookie, "Accept-Encoding": accept },
      });
      expect(response.headers.get("Content-Encoding")).toBe(coding);
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // The runtime decodes what it receives.
      expect(await response.text()).toBe(plain.html);
    }
    const head = await fetchWorker("/africa", {
      method: "HEAD",
      headers: { Cookie: cookie, "Accept-Encoding": "br" },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("keep the admin's header apart from the member's", async () => {
    const member = await signedInCookie();
    const admin = await signedInCookie({ admin: true });
    expect((await view("/capital", member.cookie)).html).not.toContain("Admin Dashboard");
    expect((await view("/capital", admin.cookie)).html).toContain("Admin Dashboard");
    expect((await view("/capital", member.cookie)).html).not.toContain("Admin Dashboard");
  });

  it("render as usual what a held page cannot answer: a query, a toast, an ended session", async () => {
    const member = await signedInCookie();
    const query = await view("/gold?from=mail", member.cookie);
    expect(query.response.headers.get("Content-Security-Policy")).toContain("nonce-");
    const toast = await view(
      "/gold",
      `${member.cookie}; flash=${encodeURIComponent('{"title":"Hi","description":"There"}')}`,
    );
    expect(toast.html).toContain("There");
    const ended = await view("/gold", "session=not-a-session-token");
    expect(ended.html).not.toContain("Logout");
  });
});

/** The KV key of a session cookie's record: the sha256 of its token. */
async function sessionRecordKey(cookie: string) {
  const token = cookie.split("=")[1] ?? "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return `session:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

describe("the session behind a held page's header", () => {
  it("is taken from memory for a content page just after KV was read for it; every other page reads KV", async () => {
    const { cookie } = await signedInCookie();
    expect((await view("/gold", cookie)).html).toContain("Logout");
    // The record goes, as when another isolate ends the session: KV is not read again for the header…
    await env.SESSIONS.delete(await sessionRecordKey(cookie));
    expect((await view("/gold", cookie)).html).toContain("Logout");
    // …while a page that acts for the person reads it, and finds no session.
    const account = await fetchWorker("/account", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(account.status).toBe(302);
    expect((await view("/gold", cookie)).html).not.toContain("Logout");
  });

  it("is forgotten at once when the session ends here", async () => {
    const { cookie } = await signedInCookie();
    expect((await view("/capital", cookie)).html).toContain("Logout");
    expect((await postForm("/logout", {}, cookie)).status).toBe(302);
    expect((await view("/capital", cookie)).html).not.toContain("Logout");
  });
});
