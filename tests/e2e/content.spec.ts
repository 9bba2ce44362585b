import { type Browser, expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { demoAdminCookie, signInAsDemoAdmin } from "./demo-admin";

// Staff publish content in the Content tab (issue 41), with JavaScript and without: a holder vote's change
// to the tranches, and a new media article added in the form, each saved, published and seen by a visitor,
// then rolled back. Each test puts the spec's version back, for the page checks that share this server.

/** What a visitor (no cookie) reads on a page. */
async function visitorText(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  const text = await page.locator("main").innerText();
  await context.close();
  return text;
}

/** Every document back to version 1, the spec's: the build's own pages again. */
async function rollBackEverything(baseURL: string) {
  const cookie = await demoAdminCookie(baseURL);
  const list = await fetch(new URL("/api/admin/content", baseURL), { headers: { Cookie: cookie } });
  for (const { name } of (await list.json()) as { name: string }[]) {
    const response = await fetch(new URL(`/api/admin/content/${name}/rollback`, baseURL), {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: new URL(baseURL).origin },
      body: JSON.stringify({ version: 1 }),
    });
    expect(response.status).toBe(200);
  }
}

async function openDocument(page: Page, title: string) {
  await page.goto("/admin/content");
  await expect(
    page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Content" }),
  ).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

test.afterEach(async ({ baseURL }) => {
  await rollBackEverything(baseURL ?? "");
});

test("a holder vote's change to the tranches, saved, published and rolled back with JavaScript", async ({
  page,
  browser,
  baseURL,
}, { project }) => {
  test.skip(project.name === "phone", "the same forms at every width");
  await signInAsDemoAdmin(page, baseURL ?? "");
  await openDocument(page, "Token tranches");
  await page.getByLabel("Status").nth(1).selectOption("allocated");
  await page.getByLabel("Status").nth(2).selectOption("available");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();
  expect(await visitorText(browser, "/facets-token")).toContain("Tranches 3 to 7: planned");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published").first()).toBeVisible();
  expect(await visitorText(browser, "/facets-token")).toContain("Tranche 3: available now");

  await page.getByRole("button", { name: "Roll back to version 1", exact: true }).click();
  await expect(page.getByText("Rolled back").first()).toBeVisible();
  expect(await visitorText(browser, "/facets-token")).toContain("Tranches 3 to 7: planned");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an article added in the form, refused until its address is https:, then published", async ({
    page,
    browser,
    baseURL,
  }, { project }) => {
    test.skip(project.name === "phone", "the same forms at every width");
    await signInAsDemoAdmin(page, baseURL ?? "");
    await openDocument(page, "Media articles");
    // The draft may hold articles another run saved: the new one comes after them, with its own address.
    const story = `https://daoweekly.example/tranche-3-${Date.now()}`;
    const name = `Article ${(await page.getByRole("group", { name: /^Article \d+$/ }).count()) + 1}`;
    await page.getByRole("button", { name: "Add article" }).click();
    const article = page.getByRole("group", { name, exact: true });
    await expect(article).toBeVisible();
    await article.getByLabel("Title").fill("Tranche 3 opens after the holder vote");
    await article.getByLabel("Source").fill("DAO Weekly");
    await article.getByLabel("Date").fill("2026-12-01");
    await article.getByLabel("Category").selectOption("Blockchain");
    await article.getByLabel("Summary").fill("Holders of tranches 1 and 2 voted to open tranche 3.");
    await article.getByLabel("Address").fill(story.replace("https:", "http:"));
    await article.getByLabel("Illustration's text").fill("Illustration: a ballot box");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Address is an https: address")).toBeVisible();
    await expect(page.getByRole("group", { name, exact: true }).getByLabel("Title")).toHaveValue(
      "Tranche 3 opens after the holder vote",
    );

    await page.getByRole("group", { name, exact: true }).getByLabel("Address").fill(story);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Draft saved")).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published").first()).toBeVisible();
    const media = await visitorText(browser, "/media");
    expect(media).toContain("Tranche 3 opens after the holder vote");
  });
});

test("the Content tab fits the screen, at a laptop's width and a phone's", async ({ page, baseURL }) => {
  await signInAsDemoAdmin(page, baseURL ?? "");
  for (const path of ["/admin/content", "/admin/content?doc=tranches", "/admin/content?doc=pilots"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
