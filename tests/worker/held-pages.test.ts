import { describe, expect, it } from "vitest";
import { expectSecurityHeaders, fetchWorker, NO_SCRIPTS } from "./support";
import { signedInCookie } from "./support-accounts";

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
