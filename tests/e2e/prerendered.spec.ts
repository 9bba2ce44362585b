import { expect, type Page } from "@playwright/test";
import { prerenderedPaths } from "../../app/lib/route-table";
import { test } from "./browser-test";
import { logInAsAdmin, logOut } from "./support";

// What a browser gets from a prerendered page: the document built once, its stylesheet allowed by hash
// (no CSP violation, the styles applied), no script; and the signed-in header as soon as someone signs
// in, even though the browser holds the visitor's copy (no-cache, ETag, Vary: Cookie).

/** Styles or scripts the page's policy refused. (The signature pages' images point at SITE_ORIGIN.) */
function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/(style|script)-src/.test(message.text())) messages.push(message.text());
  });
  return messages;
}

test("visitors get the prerendered documents, styled under the hash-based policy", async ({ page }, {
  project,
}) => {
  test.skip(project.name === "phone", "the documents are the same at every width");
  const violations = cspViolations(page);
  for (const path of prerenderedPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"], path).toContain("script-src 'none'");
    expect(headers.etag, path).toMatch(/^"[\w-]+"$/);
    // The inlined stylesheet applies: the header sticks to the top.
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  }
  expect(violations).toEqual([]);
});

test("signing in and out switches the header on a page the browser already holds", async ({ page }) => {
  const violations = cspViolations(page);
  // Both the inline navigation and the side menu hold these, whichever the width shows.
  const logoutForm = page.locator('header form[action="/logout"]');
  const loginLink = page.locator('header a[href="/login"]');
  await page.goto("/insure");
  await page.reload();
  await expect(logoutForm).toHaveCount(0);
  await logInAsAdmin(page);
  const signedIn = await page.goto("/insure");
  // The admin's held page (member-pages.server.ts): never stored, no script allowed.
  expect(signedIn?.headers()["cache-control"]).toBe("no-store");
  expect(signedIn?.headers()["content-security-policy"]).toContain("script-src 'none'");
  await expect(logoutForm.first()).toBeAttached();
  await expect(loginLink).toHaveCount(0);
  await logOut(page);
  const visitor = await page.goto("/insure");
  expect(visitor?.headers()["content-security-policy"]).toContain("script-src 'none'");
  await expect(logoutForm).toHaveCount(0);
  await expect(loginLink.first()).toBeAttached();
  expect(violations).toEqual([]);
});
