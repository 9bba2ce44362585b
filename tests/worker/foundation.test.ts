import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./support";

describe("home page", () => {
  it("renders every section in the spec's order with its anchors", async () => {
    const { status, html } = await fetchPage("/");
    expect(status).toBe(200);
    const order = [
      'id="main"',
      'id="about"',
      'id="projects"',
      'id="currency"',
      'id="clubs"',
      'id="governance"',
      'id="contact"',
      "<footer",
    ];
    const positions = order.map((marker) => html.indexOf(marker));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html.indexOf("<header")).toBeLessThan(positions[0] ?? 0);
  });

  it("shows the hero's tagline, statistics, actions and badges", async () => {
    const text = textOf((await fetchPage("/")).html);
    for (const expected of [
      "Insurance Reinvented. Finance Reimagined.",
      "$3.7T",
      "Join FACETS",
      "Learn More",
      "Transparent on Solana",
      "Not publicly traded",
      "DAO governance protocols",
    ]) {
      expect(text).toContain(expected);
    }
    const html = (await fetchPage("/")).html;
    const linkText = (href: string) =>
      [...html.matchAll(new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`, "g"))].map((m) =>
        textOf(m[1] ?? ""),
      );
    expect(linkText("/contact")).toContain("Join FACETS");
    expect(linkText("/facets-token")).toContain("Learn More about the FACETS token");
  });

  it("marks only the home link active on /", async () => {
    const { html } = await fetchPage("/");
    const active = [
      ...html.matchAll(
        /<a[^>]*aria-current="page"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*aria-current="page"/g,
      ),
    ].map((m) => m[1] ?? m[2]);
    expect(new Set(active)).toEqual(new Set(["/"]));
  });

  it("shows Login to a visitor and no Logout or Admin link", async () => {
    const text = textOf((await fetchPage("/")).html);
    expect(text).toContain("Login");
    expect(text).not.toContain("Logout");
    expect(text).not.toContain("Admin Dashboard");
  });
});

describe("the hydrate gate", () => {
  it("ships no script on a content page", async () => {
    for (const path of ["/", "/media"]) {
      const { html } = await fetchPage(path);
      expect(html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, "")).not.toContain(
        "<script",
      );
      expect(html).not.toContain("modulepreload");
    }
  });

  it("ships scripts carrying the response's CSP nonce on an interactive page rendered per request", async () => {
    const { response, html } = await fetchPage("/login?tab=register");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe("unknown paths", () => {
  it("answer 404 with the page 'Page Not Found' inside the shell", async () => {
    const { status, html } = await fetchPage("/no-such-page");
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Page Not Found");
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
  });
});
