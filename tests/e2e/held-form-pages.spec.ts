import { request as httpRequest } from "node:http";
import { expect, type Page } from "@playwright/test";
import { heldForVisitorsPaths, interactivePaths } from "../../app/lib/route-table";
import { test } from "./browser-test";
import { hydrated, notice } from "./support";

// A visitor's page with a form is rendered once and held (visitor-form-pages.server.ts): its inline code
// runs under a policy that names it by hash. The browser runtime still starts, and the forms still work.

/** Styles or scripts the page's policy refused. */
function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/(style|script)-src|Content Security Policy/.test(message.text())) messages.push(message.text());
  });
  return messages;
}

test.skip(({ isMobile }) => isMobile, "the documents are the same at every width");

test("visitors get the held form pages, styled and started under the hash-based policy", async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of heldForVisitorsPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp, path).not.toContain("nonce-");
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
    // The pages with the browser runtime start it from the held document.
    if (interactivePaths.includes(path)) await hydrated(page);
  }
  expect(violations).toEqual([]);
});

test("a hydrated held contact page sends its message", async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Contact FACETS" });
  await form.getByLabel("First name").fill("Held");
  await form.getByLabel("Last name").fill("Page");
  await form.getByLabel("Email address").fill(`held-${Date.now()}@example.com`);
  await form.getByLabel("Area of interest").selectOption({ label: "FACETS token enquiry" });
  // The form asks a token application for its payment method (decision 174).
  await form.getByRole("radio", { name: "SOL" }).check();
  await form.getByLabel("Message").fill("A message from the held contact page.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(notice(page, "Message Sent!")).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  expect(violations).toEqual([]);
});

/** A request on the wire with exactly these headers (node's client adds no Accept-Encoding). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

test("a client that sends no Accept-Encoding, or identity, reads HTML", async ({ baseURL }) => {
  for (const path of ["/insure", "/login", "/forgot-password"]) {
    for (const headers of [{}, { "Accept-Encoding": "identity" }] as Record<string, string>[]) {
      const response = await rawGet(`${baseURL}${path}`, headers);
      expect(response.status, path).toBe(200);
      expect(response.headers["content-encoding"], path).toBeUndefined();
      expect(response.body.toString("utf8").startsWith("<!DOCTYPE html>"), path).toBe(true);
    }
    const brotli = await rawGet(`${baseURL}${path}`, { "Accept-Encoding": "br" });
    expect(brotli.headers["content-encoding"], path).toBe("br");
    const etag = String(brotli.headers.etag);
    expect(etag).toMatch(/-br"$/);
    const revalidated = await rawGet(`${baseURL}${path}`, { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(revalidated.status, path).toBe(304);
  }
});
