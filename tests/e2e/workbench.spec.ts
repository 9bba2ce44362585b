import { expect, test } from "@playwright/test";
import { signInAsDemoAdmin } from "./demo-admin";
import { clientIp } from "./members";
import { uniqueEmail } from "./support";

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
