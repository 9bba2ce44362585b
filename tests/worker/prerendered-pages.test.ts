import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { interactivePaths, islandPaths, prerenderedPaths } from "../../app/lib/route-table";
import { withoutNonces } from "../../app/server/delivery/prerendered-manifest";
import { expectSecurityHeaders, fetchPage, fetchWorker, NO_SCRIPTS } from "./support";
import { signedInCookie } from "./support-accounts";

// Content pages are built once and served to visitors from memory (docs/architecture.md): the same
// document a render would give them, with every security header, a hash-based CSP and an ETag.

/** Forces a render without signing in: a flash cookie that holds no message. */
const RENDER_AS_VISITOR = { headers: { Cookie: "flash=none" } };

/** Where two documents part, with some context, or null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return `at ${i}:\n  prerendered …${a.slice(i - 80, i + 80)}\n  rendered    …${b.slice(i - 80, i + 80)}`;
}

async function sha256Base64(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

const visitorHeader = (html: string) => html.includes('href="/login"') && !html.includes('action="/logout"');
const signedInHeader = (html: string) => html.includes('action="/logout"') && !html.includes('href="/login"');

let memberCookie = "";
beforeAll(async () => {
  memberCookie = (await signedInCookie()).cookie;
});

it("prerenders every page that neither hydrates nor is an API", async () => {
  const manifest = await (await env.ASSETS.fetch("https://assets.invalid/_prerendered/manifest.json")).json<{
    origin: string;
    pages: Record<string, unknown>;
  }>();
  expect(manifest.origin).toBe(env.SITE_ORIGIN);
  expect(Object.keys(manifest.pages).sort()).toEqual([...prerenderedPaths].sort());
  for (const path of interactivePaths) expect(prerenderedPaths).not.toContain(path);
});

describe.each(prerenderedPaths.map((path) => [path]))("prerendered %s", (path) => {
  it("is the page a render gives a visitor, nonce aside", async () => {
    const prerendered = await fetchPage(path);
    const rendered = await fetchPage(path, RENDER_AS_VISITOR);
    expect(prerendered.status).toBe(200);
    expect(rendered.status).toBe(200);
    expect(prerendered.html).not.toContain("nonce=");
    expect(rendered.html).toContain("nonce=");
    expect(firstDifference(prerendered.html, withoutNonces(rendered.html))).toBeNull();
  });

  it("allows its inline stylesheet by hash, runs no script, and is revalidated by ETag", async () => {
    const { response, html } = await fetchPage(path);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) expect(csp).toContain(`'sha256-${await sha256Base64(css)}'`);
    expectSecurityHeaders(response, NO_SCRIPTS);
    expect(csp).not.toContain("nonce-");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const etag = (await fetchWorker(path)).headers.get("ETag") ?? "";
    const revalidated = await fetchWorker(path, { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    expect((await fetchWorker(path, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("gives a visitor the visitor's header and a signed-in person theirs", async () => {
    const visitor = await fetchPage(path);
    expect(visitorHeader(visitor.html)).toBe(true);
    const member = await fetchPage(path, { headers: { Cookie: memberCookie } });
    expect(member.status).toBe(200);
    expect(signedInHeader(member.html)).toBe(true);
    expect(member.response.headers.get("Cache-Control")).toBe("no-store");
    // Held per header form (member-pages.server.ts): no nonce, the stylesheet allowed by its hash.
    expect(member.response.headers.get("Content-Security-Policy")).toMatch(/style-src[^;]*'sha256-/);
    expect(member.response.headers.get("ETag")).toBeNull();
  });
});

describe("what is rendered instead", () => {
  it.each([
    ["a query string", "/ip-token?play=30", {}],
    ["a flash cookie", "/insure", RENDER_AS_VISITOR],
  ] as const)("renders a request with %s, with a fresh nonce", async (_, path, init) => {
    const response = await fetchWorker(path, init);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'nonce-/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("finds the session cookie among others: the member's held page, not the visitor's", async () => {
    const response = await fetchWorker("/insure", { headers: { Cookie: `theme=dark; ${memberCookie}` } });
    expect(await response.text()).toContain("Logout");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("serves the visitor's document despite cookies that are not ours", async () => {
    const response = await fetchWorker("/insure", { headers: { Cookie: "theme=dark" } });
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
  });

  it("does not prerender interactive pages: a visitor gets them held, their scripts allowed by hash", async () => {
    for (const path of islandPaths) {
      const response = await fetchWorker(path);
      expect(response.headers.get("Content-Security-Policy")).toMatch(
        /script-src 'sha256-[^;]*'strict-dynamic'/,
      );
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("sends the document compressed at build in the coding the client prefers", async () => {
    const plain = await fetchWorker("/insure");
    const identityEtag = plain.headers.get("ETag") ?? "";
    const html = await plain.text();
    const brotli = await fetchWorker("/insure", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("ETag")).toBe(`${identityEtag.slice(0, -1)}-br"`);
    expect(brotli.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    // The runtime decodes what it receives: the stored encodings are the same document.
    expect(await brotli.text()).toBe(html);

    const gzip = await fetchWorker("/insure", { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(html);

    const revalidated = await fetchWorker("/insure", {
      headers: { "Accept-Encoding": "br", "If-None-Match": brotli.headers.get("ETag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Encoding")).toBeNull();
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetchWorker("/insure", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).not.toBeNull();
    expect(await response.text()).toBe("");
  });

  it("never serves the prerendered folder itself", async () => {
    for (const path of ["/_prerendered/insure/", "/_prerendered/manifest.json"]) {
      const response = await fetchWorker(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Security-Policy")).not.toBeNull();
    }
  });
});
