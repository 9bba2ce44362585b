import { expect } from "@playwright/test";
import { test } from "./browser-test";

const isPhone = (name: string) => name === "phone";

test("the home page renders its hero and sections", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Insurance Reinvented. Finance Reimagined." }),
  ).toBeVisible();
  for (const name of [
    "About FACETS",
    "B2B2C platforms",
    "Multi-currency",
    "Community platforms",
    "DAO governance",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeAttached();
  }
  await expect(page.getByRole("link", { name: "Join FACETS" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Learn More about the FACETS token" })).toHaveAttribute(
    "href",
    "/facets-token",
  );
});

test("in-page anchors scroll to their section", async ({ page }) => {
  for (const anchor of ["about", "projects", "currency", "clubs", "governance"]) {
    await page.goto("about:blank");
    await page.goto(`/#${anchor}`);
    await expect(page.locator(`#${anchor}`)).toBeInViewport();
  }
});

test("the home link is marked active only on /", async ({ page }, { project }) => {
  test.skip(isPhone(project.name), "inline links show on wide screens");
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await page.goto("/no-such-page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
});

test("the side menu opens, takes focus, closes with Escape and on link click", async ({ page }, {
  project,
}) => {
  test.skip(!isPhone(project.name), "the side menu is for small screens");
  await page.goto("/");
  const menu = page.getByRole("dialog", { name: "Site menu" });
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
  // It slides in from the right and ends flush with the right edge, 300px wide.
  await expect
    .poll(async () => {
      const box = await menu.boundingBox();
      return box ? [Math.round(box.width), Math.round(box.x + box.width)] : null;
    })
    .toEqual([300, 360]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Media" }).click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByRole("dialog", { name: "Site menu" })).toBeHidden();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/definitely-not-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

// Decision 146: Chromium may paint whatever it has parsed when its parser yields, and on a busy machine it
// did, mid-header and mid-footer, and then moved what it had painted (a layout shift). The stylesheet
// keeps the body unpainted until #page-end, after the footer, is parsed. A document cut short anywhere
// before that point stands for the parser's every pause, so this needs no busy machine to fail.
test("a document cut short anywhere before its end paints nothing", async ({ page }, { project }) => {
  test.skip(isPhone(project.name), "the same document at every width");
  for (const path of ["/facets-gold-logo", "/capital"]) {
    const full = await (await page.request.get(path)).text();
    const cuts = {
      "in the header": full.indexOf("</header>") - 40,
      "in the page": full.indexOf("<main") + 400,
      "after the footer's start": full.indexOf('<footer id="site-footer"') + 80,
      "in the footer's last row": full.indexOf("</footer>") - 40,
      "just before the end marker": full.indexOf('<div id="page-end"'),
    };
    for (const [where, at] of Object.entries(cuts)) {
      expect(at, `${where} is found in ${path}`).toBeGreaterThan(0);
      await page.route(path, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: full.slice(0, at) });
      });
      await page.goto(path);
      const visibility = await page.evaluate(() => getComputedStyle(document.body).visibility);
      expect(visibility, `${path} cut ${where} paints nothing`).toBe("hidden");
      await page.unrouteAll();
    }
    await page.goto(path);
    expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("visible");
  }
});
