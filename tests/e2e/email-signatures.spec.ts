import { expect } from "@playwright/test";
import { signaturePages } from "../../app/content/email-signatures";
import { test } from "./browser-test";

// The signature pages show their images from the origin that serves them. The suite's SITE_ORIGIN is
// the test server's own address (127.0.0.1), so the same server reached as localhost stands for every
// other host (a preview deployment, a developer's machine): an image on SITE_ORIGIN would be blocked
// there by the page's own CSP (img-src 'self').
const pages = Object.values(signaturePages).map((page) => page.path);

test.skip(
  ({ isMobile }) => isMobile,
  "the same images and policy at every width; the pages' layout is in pages.spec.ts",
);

for (const path of pages) {
  for (const host of ["127.0.0.1", "localhost"]) {
    test(`${path} on ${host} loads every image without a CSP violation`, async ({ page, baseURL }) => {
      const url = new URL(path, baseURL);
      url.hostname = host;
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) violations.push(message.text());
      });

      const response = await page.goto(url.href);
      expect(response?.status()).toBe(200);
      const images = await page.locator("img").evaluateAll((elements) =>
        (elements as HTMLImageElement[]).map((image) => ({
          src: image.currentSrc,
          complete: image.complete,
          naturalWidth: image.naturalWidth,
          width: Number(image.getAttribute("width")),
        })),
      );
      for (const image of images) {
        expect(image.complete && image.naturalWidth > 0, `${image.src} loaded`).toBe(true);
        expect(new URL(image.src).origin, `${image.src} is served by the page's origin`).toBe(url.origin);
        expect(image.naturalWidth, `${image.src} is drawn at twice its size`).toBe(2 * image.width);
      }
      expect(violations).toEqual([]);
    });
  }
}

test("the image signatures offer their image as PNG and as SVG", async ({ page, request }) => {
  for (const path of [signaturePages.dao.path, signaturePages.image.path]) {
    await page.goto(path);
    for (const [name, type] of [
      ["Download PNG", "image/png"],
      ["Download SVG", "image/svg+xml"],
    ]) {
      const href = await page.getByRole("link", { name }).getAttribute("href");
      const response = await request.get(href ?? "");
      expect(response.status(), `${href}`).toBe(200);
      expect(response.headers()["content-type"]).toContain(type);
    }
  }
});

test("the signature's HTML source can be copied from a text box", async ({ page }) => {
  await page.goto(signaturePages.image.path);
  const source = page.getByRole("textbox", { name: "Signature HTML" });
  await expect(source).toHaveAttribute("readonly", "");
  // Absolute on the configured SITE_ORIGIN (wrangler.toml), never on the host that served the page.
  await expect(source).toHaveValue(/<img src="https:\/\/facets\.example\/email\/facets-signature\.png"/);
});
