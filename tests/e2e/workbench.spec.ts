import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { signInAsDemoAdmin } from "./demo-admin";
import { clientIp } from "./members";
import { hydrated, uniqueEmail } from "./support";

// /admin is a workbench, not a brochure (issue 33): no hero over the lists, and the heading and the tabs
// with their counts stay in view while a long list scrolls under them.

test("the dashboard opens on a table of twenty rows or more, and its tabs stay in view while it scrolls", async ({
  page,
  request,
  baseURL,
}, { project }) => {
  test.skip(project.name === "phone", "the first screen of a laptop");
  // More messages than a screen holds, whatever other tests left in the list.
  for (let n = 0; n < 30; n++) {
    const sent = await request.post("/api/contact", {
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
      data: {
        firstName: "Rush",
        lastName: `Number ${n}`,
        email: uniqueEmail("workbench"),
        userTypeId: 2,
        message: "About buying tokens.\nPlease tell me how to pay.",
      },
    });
    expect(sent.status()).toBe(201);
  }
  await signInAsDemoAdmin(page, baseURL ?? "");
  await page.goto("/admin?tab=contacts");

  const heading = page.getByRole("heading", { level: 1, name: "Admin Dashboard" });
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  const list = page.getByRole("heading", { level: 2, name: "Contact Submissions" });
  // The list starts in the top quarter of a 900-pixel screen: nothing tall stands above it.
  expect((await list.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(225);
  await expect(tabs.getByRole("link", { name: /Contact Submissions \d+/ })).toBeVisible();
  // A row a line: at 1440×900, twenty messages or more on the first screen.
  const rows = page.getByRole("table", { name: "Contact Submissions" }).getByRole("row");
  const bottoms = await rows.evaluateAll((all) =>
    all.slice(1).map((row) => row.getBoundingClientRect().bottom),
  );
  expect(bottoms.filter((bottom) => bottom <= 900).length).toBeGreaterThanOrEqual(20);

  // To the end of the page: the list's own heading scrolls away, the dashboard's stays.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await expect(heading).toBeInViewport();
  await expect(tabs.getByRole("link", { name: /Contact Submissions \d+/ })).toBeInViewport();
  await expect(list).not.toBeInViewport();
});

test("with JavaScript, j and k move through the rows, x ticks one, / searches and ? lists the keys", async ({
  page,
  request,
  baseURL,
}, { project }) => {
  test.skip(project.name === "phone", "keys are a keyboard's");
  const marker = `keys${Date.now().toString(36)}`;
  for (let n = 0; n < 3; n++) {
    const sent = await request.post("/api/contact", {
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
      data: {
        firstName: "Key",
        lastName: `Row ${n}`,
        email: uniqueEmail(`${marker}-${n}`),
        userTypeId: 2,
        message: `About ${marker}.`,
      },
    });
    expect(sent.status()).toBe(201);
  }
  await signInAsDemoAdmin(page, baseURL ?? "");
  await page.goto(`/admin?tab=contacts&q=${marker}`);
  await hydrated(page);
  const rows = page.getByRole("table", { name: "Contact Submissions" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);

  await page.keyboard.press("j");
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press("x");
  await expect(rows.nth(1).getByRole("checkbox")).toBeChecked();
  await expect(rows.nth(0).getByRole("checkbox")).not.toBeChecked();

  // The ticked row goes through the bulk action like a ticked box clicked.
  await page
    .getByRole("form", { name: "Move messages" })
    .getByRole("button", { name: "Spam", exact: true })
    .click();
  await expect(page.getByText("1 message moved to Spam.").first()).toBeVisible();
  await expect(rows).toHaveCount(2);

  await page.keyboard.press("/");
  await expect(page.getByRole("form", { name: "Filter messages" }).getByLabel("Search")).toBeFocused();
  // The search so far is selected, and keys typed into a field are the field's.
  await page.keyboard.type("jk");
  await expect(page.getByRole("form", { name: "Filter messages" }).getByLabel("Search")).toHaveValue("jk");
  await page.keyboard.press("Escape");
  await page.locator("main h1").click();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Tick or untick the row");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/message\?id=\d+/);
});
