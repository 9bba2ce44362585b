import { beforeAll, describe, expect, it } from "vitest";
import { heldForVisitorsPaths } from "../../app/lib/route-table";
import { withoutNonces } from "../../app/server/delivery/prerendered-manifest";
import { expectSecurityHeaders, fetchPage, fetchWorker, NONCE_SCRIPTS, textOf } from "./support";
import { postForm, signedInCookie } from "./support-accounts";

// A page with a form is the same for every visitor until they send it (visitor-form-pages.server.ts): a
// visitor's plain GET gets a document rendered once per isolate and held, its inline code allowed by
// hash; everything that differs per request is still rendered per request.

/** Forces a render without signing in: a flash cookie that holds no message. */
const RENDER_AS_VISITOR = { headers: { Cookie: "flash=none" } };

/** A CSP that allows inline scripts by hash only (and what they load), and its stylesheet by hash. */
const HASH_SCRIPTS = /script-src ('sha256-[A-Za-z0-9+/=]{44}' )+'strict-dynamic'; style-src 'self' 'sha256-/;

async function sha256Base64(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\bsrc=|application\/(ld\+)?json/.test(attributes))
    .map((match) => match[2] ?? "")
    .filter((text) => text !== "");
}

let memberCookie = "";
beforeAll(async () => {
  memberCookie = (await signedInCookie()).cookie;
});

it("holds for visitors every page with a form that a visitor opens", () => {
  expect([...heldForVisitorsPaths].sort()).toEqual(
    [
      "/confirm-email",
      "/confirm-email-change",
      "/contact",
      "/conversation",
      "/forgot-password",
      "/login",
      "/privacy/request",
      "/remove-factor",
      "/remove-passkey",
      "/reset-password",
    ].sort(),
  );
});

describe.each(heldForVisitorsPaths.map((path) => [path]))("%s for a visitor", (path) => {
  it("is the page a render gives a visitor, nonce aside, held: the same bytes every time", async () => {
    const held = await fetchPage(path);
    const again = await fetchPage(path);
    const rendered = await fetchPage(path, RENDER_AS_VISITOR);
    expect(held.status).toBe(200);
    expect(rendered.html).toContain("nonce=");
    expect(held.html).not.toContain("nonce=");
    expect(held.html).toBe(withoutNonces(rendered.html));
    expect(again.html).toBe(held.html);
    expect(again.response.headers.get("ETag")).toBe(held.response.headers.get("ETag"));
  });

  it("allows each inline script and stylesheet by hash, never by nonce, and is never stored", async () => {
    const { response, html } = await fetchPage(path);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toContain("nonce-");
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) expect(csp).toContain(`'sha256-${await sha256Base64(css)}'`);
    const scripts = inlineScripts(html);
    if (scripts.length > 0) expectSecurityHeaders(response, HASH_SCRIPTS);
    else expect(csp).toContain("script-src 'none'");
    for (const script of scripts) expect(csp).toContain(`'sha256-${await sha256Base64(script)}'`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]{43}"$/);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetchWorker(path, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).not.toBeNull();
    expect(await response.text()).toBe("");
  });

  it("is rendered per request for a signed-in person and with a toast", async () => {
    const member = await fetchWorker(path, { headers: { Cookie: memberCookie }, redirect: "manual" });
    expect(member.headers.get("ETag")).toBeNull();
    // The login page sends a signed-in person on; the others show the signed-in header.
    if (path === "/login") expect(member.status).toBe(302);
    else expect(await member.text()).toContain('action="/logout"');
    const toast = `flash=${encodeURIComponent('{"title":"Hello","description":"A toast for you"}')}`;
    const withToast = await fetchPage(path, { headers: { Cookie: toast } });
    expect(withToast.response.headers.get("Content-Security-Policy")).toMatch(NONCE_SCRIPTS);
    expect(textOf(withToast.html)).toContain("A toast for you");
  });
});

describe("what a query string changes is rendered per request", () => {
  it.each([
    ["/login?next=%2Faccount", '<input type="hidden" name="next" value="/account"/>'],
    ["/login?tab=register", '<input type="hidden" name="intent" value="register"/>'],
    ["/contact?subject=gold-token", "Regarding: gold token"],
    ["/confirm-email?token=abc123", '<input type="hidden" name="token" value="abc123"/>'],
    ["/confirm-email-change?token=abc123", '<input type="hidden" name="token" value="abc123"/>'],
    ["/reset-password?token=abc123", '<input type="hidden" name="token" value="abc123"/>'],
    ["/privacy/request?token=abc123", "Link not valid"],
  ])("%s", async (path, shown) => {
    const { response, html } = await fetchPage(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toMatch(NONCE_SCRIPTS);
    expect(response.headers.get("ETag")).toBeNull();
    expect(html).toContain(shown);
    const plain = await fetchPage(path.split("?")[0] ?? "");
    expect(plain.html).not.toContain(shown);
  });
});

describe("a form's answer is rendered per request", () => {
  it("shows the errors of a refused form, with a fresh nonce", async () => {
    const response = await postForm("/forgot-password", { email: "not an address" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Security-Policy")).toMatch(NONCE_SCRIPTS);
    expect(textOf(await response.text())).toContain("Please enter a valid email address.");
  });

  it("shows what was done", async () => {
    const response = await postForm("/forgot-password", { email: "nobody@example.com" });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain("Check your email");
    // The blank form is still the held one.
    const { html } = await fetchPage("/forgot-password");
    expect(textOf(html)).not.toContain("Check your email");
  });

  it("keeps the login's second step out of the held page", async () => {
    const response = await postForm("/login", {
      intent: "login",
      email: "nobody@example.com",
      password: "x",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Security-Policy")).toMatch(NONCE_SCRIPTS);
    expect(textOf(await response.text())).toContain("Login Failed");
  });
});
