import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signaturePages } from "../../app/content/email-signatures";
import { fetchPage } from "./support";

const pages = Object.values(signaturePages);
const imagePages = pages.filter((page) => "image" in page);

/** The HTML source the page offers to copy, as a person would copy it out of the text box. */
function copyableHtml(html: string): string {
  const source = /<textarea[^>]*id="signature-html"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
  expect(source, "the page offers the signature's HTML source").toBeDefined();
  return (source ?? "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1] ?? "");
}

describe.each(imagePages)("$path", ({ path }) => {
  it("shows its images from its own origin and hands out absolute production addresses to PNGs", async () => {
    const { status, html } = await fetchPage(path);
    expect(status).toBe(200);
    const snippet = copyableHtml(html);
    const shown = imageSources(html.replace(/<textarea[\s\S]*?<\/textarea>/g, ""));
    const copied = imageSources(snippet);

    expect(shown.length).toBeGreaterThan(0);
    for (const src of shown) expect(src).toMatch(/^\/(?!\/)[\w/.-]+\.png$/);

    expect(copied.length).toBe(shown.length);
    for (const src of copied) {
      expect(src.startsWith(`${env.SITE_ORIGIN}/`), `${src} is on ${env.SITE_ORIGIN}`).toBe(true);
      expect(new URL(src).pathname).toMatch(/\.png$/);
    }
    expect(copied.map((src) => new URL(src).pathname)).toEqual(shown);
  });

  it("offers its image as PNG and as SVG", async () => {
    const { html } = await fetchPage(path);
    expect(html).toMatch(/<a href="\/[\w/.-]+\.png" download=""[^>]*>Download PNG<\/a>/);
    expect(html).toMatch(/<a href="\/[\w/.-]+\.svg" download=""[^>]*>Download SVG<\/a>/);
  });
});

describe.each(pages)("$path's copyable HTML", ({ path }) => {
  it("is plain: no classes, no references to the page, links on the production origin", async () => {
    const snippet = copyableHtml((await fetchPage(path)).html);
    expect(snippet).not.toMatch(/\bclass=|aria-describedby|\bid=|<link/);
    for (const [, href] of snippet.matchAll(/\bhref="([^"]*)"/g)) {
      expect(href).toMatch(/^(https:|mailto:)/);
    }
    if (/\bhref="https:/.test(snippet)) expect(snippet).toContain(`href="${env.SITE_ORIGIN}/"`);
  });
});
