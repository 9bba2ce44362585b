import { describe, expect, it } from "vitest";
import { indexablePaths, signedInPaths, unlistedPaths } from "../../app/lib/route-table";
import { expectSecurityHeaders, fetchPage, fetchWorker, NO_SCRIPTS, NONCE_SCRIPTS } from "./support";

describe("security headers", () => {
  it.each([
    ["a prerendered content page", "/media", NO_SCRIPTS],
    ["a rendered content page", "/media?utm_source=test", NONCE_SCRIPTS],
    ["an interactive page", "/login?next=%2Faccount", NONCE_SCRIPTS],
    [
      "a form page held for visitors",
      "/login",
      /script-src 'sha256-[^;]*'strict-dynamic'; style-src 'self' 'sha256-/,
    ],
    ["an API answer", "/api/user-types", NONCE_SCRIPTS],
    ["a 404", "/no-such-page", NONCE_SCRIPTS],
  ])("are on %s", async (_, path, scripts) => {
    expectSecurityHeaders(await fetchWorker(path), scripts);
  });

  it("gives each response a fresh nonce and never caches HTML", async () => {
    const path = "/login?next=%2Faccount";
    const [a, b] = await Promise.all([fetchWorker(path), fetchWorker(path)]);
    expect(a.headers.get("Content-Security-Policy")).not.toBe(b.headers.get("Content-Security-Policy"));
    expect(a.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("search and sharing", () => {
  it.each(indexablePaths.map((path) => [path]))(
    "%s has canonical, Open Graph and Twitter tags",
    async (path) => {
      const { html } = await fetchPage(path);
      expect(html).toContain(`<link rel="canonical" href="https://facets.example${path}"`);
      for (const tag of [
        'property="og:title"',
        'property="og:description"',
        'property="og:url"',
        'name="twitter:card"',
      ]) {
        expect(html).toContain(tag);
      }
      expect(html).toContain('property="og:image" content="https://facets.example/og-image.png"');
      expect(html).not.toContain('content="noindex');
    },
  );

  it.each(
    unlistedPaths.filter((path) => path !== "/api/" && !signedInPaths.includes(path)).map((path) => [path]),
  )("%s says noindex", async (path) => {
    const { html } = await fetchPage(path);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it("puts the organisation's JSON-LD on the home page", async () => {
    const { html } = await fetchPage("/");
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? "{}")).toMatchObject({ "@type": "Organization", name: "FACETS DAO" });
  });

  it("lists the public content routes in the sitemap", async () => {
    const response = await fetchWorker("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(indexablePaths.map((path) => new URL(path, "https://facets.example").toString()));
  });

  it("keeps robots out of the private and noindex pages and points at the sitemap", async () => {
    const body = await (await fetchWorker("/robots.txt")).text();
    for (const rule of [
      "Disallow: /admin",
      "Disallow: /login",
      "Disallow: /api/",
      "Disallow: /workzone",
      "Disallow: /email$",
    ]) {
      expect(body).toContain(rule);
    }
    expect(body).toContain("Sitemap: https://facets.example/sitemap.xml");
  });

  it("disallows the dashboard with its queries and pages, and no content page, as RFC 9309 reads it", async () => {
    const allowed = robotsRules(await (await fetchWorker("/robots.txt")).text());
    for (const path of [
      "/admin",
      "/admin?tab=contacts",
      "/admin?tab=users&after=1.2",
      "/admin/message?id=7",
      "/admin/person?id=7",
      "/email?x=1",
      "/api/contact",
    ]) {
      expect(allowed(path), path).toBe(false);
    }
    for (const path of indexablePaths) {
      expect(allowed(path), path).toBe(true);
      expect(allowed(`${path}?utm_source=news`), path).toBe(true);
    }
    for (const path of unlistedPaths) expect(allowed(path), path).toBe(false);
  });
});

/**
 * A robots.txt as RFC 9309 reads it for a path and query: the longest matching rule wins, Allow on a tie;
 * "*" matches any characters and a final "$" the end; everything else is a literal prefix.
 */
function robotsRules(text: string): (pathAndQuery: string) => boolean {
  const rules = [...text.matchAll(/^(Allow|Disallow):\s*(\S*)\s*$/gim)].map(([, kind, pattern = ""]) => ({
    allow: kind?.toLowerCase() === "allow",
    length: pattern.length,
    matches: new RegExp(
      `^${pattern
        .replace(/\$$/, "\u0000")
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replaceAll("*", ".*")
        .replace("\u0000", "$")}`,
    ),
  }));
  return (pathAndQuery) => {
    const matching = rules.filter((rule) => rule.length > 0 && rule.matches.test(pathAndQuery));
    const longest = Math.max(-1, ...matching.map((rule) => rule.length));
    const winners = matching.filter((rule) => rule.length === longest);
    return winners.length === 0 || winners.some((rule) => rule.allow);
  };
}
