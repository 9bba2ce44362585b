import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { demoAdminCookie, signInAsDemoAdmin } from "./demo-admin";
import { approvedMember } from "./members";
import { registerPeople, sendMessages } from "./queue-seed";
import { uniqueEmail } from "./support";

// The workbench's lists fit the screen (issue 42, item 5; docs/decisions/171): with 200 new messages, at a
// laptop's 1440×900 every column of the message list and the people lists shows, Actions included, the
// page never scrolls sideways and twenty rows or more are on the first screen; at a phone's 390×844 the
// page is no wider than the screen and a table scrolls inside its own box, its first column kept in view.

const LISTS = ["/admin?tab=contacts", "/admin?tab=pending", "/admin?tab=users"];

test.beforeAll(async ({ request, baseURL }) => {
  const marker = `fit${Date.now().toString(36)}`;
  const ids = await sendMessages(request, marker, 200);
  // The widest a first page gets, whatever ran before: the longest state's label ("Waiting on the
  // applicant") and a held row, among the oldest (the list's first page).
  const admin = { Cookie: await demoAdminCookie(baseURL ?? "") };
  for (const [endpoint, id] of [
    ["mark-contact-waiting", ids[0]],
    ["mark-contact-waiting", ids[2]],
    ["claim-contact", ids[1]],
  ] as const) {
    expect((await request.post(`/api/admin/${endpoint}/${id}`, { headers: admin })).status()).toBe(200);
  }
  await registerPeople(request, marker, 30);
  await approvedMember(request, uniqueEmail(`${marker}-approved-member-with-a-long-address`), "Bartholomew");
});

/** How far the page scrolls sideways: 0 when it fits. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Each header cell of the list's table, with its box and the visible part of the table's own box. */
function headerCells(page: Page) {
  return page
    .locator("main table")
    .first()
    .evaluate((table) => {
      const box = table.parentElement?.getBoundingClientRect();
      return [...table.querySelectorAll("thead th")].map((cell) => {
        const { left, right } = cell.getBoundingClientRect();
        return {
          name: cell.textContent ?? "",
          left,
          right,
          boxLeft: box?.left ?? 0,
          boxRight: box?.right ?? 0,
        };
      });
    });
}

test("at 1440×900 every column shows, Actions included, the page does not scroll sideways, and twenty rows are on the first screen", async ({
  page,
  baseURL,
}, { project }) => {
  test.skip(project.name === "phone", "a laptop's screen");
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoAdmin(page, baseURL ?? "");
  for (const path of LISTS) {
    await page.goto(path);
    const table = page.locator("main table").first();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    const cells = await headerCells(page);
    expect(cells.at(-1)?.name, path).toBe("Actions");
    for (const cell of cells) {
      expect(cell.left, `${path}: ${cell.name}`).toBeGreaterThanOrEqual(Math.max(0, cell.boxLeft));
      expect(cell.right, `${path}: ${cell.name}`).toBeLessThanOrEqual(Math.min(1440, cell.boxRight));
    }
    if (path === "/admin?tab=contacts") {
      const bottoms = await table
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().bottom));
      expect(bottoms.filter((bottom) => bottom <= 900).length).toBeGreaterThanOrEqual(20);
    }
  }
});

test("at 390×844 the page is no wider than the screen, and a table scrolls in its own box with its first column in view", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoAdmin(page, baseURL ?? "");
  for (const path of LISTS) {
    await page.goto(path);
    const table = page.locator("main table").first();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    // Scrolled to its end, the table's own box shows its last column, Actions, and still its first.
    await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      box.scrollLeft = box.scrollWidth;
    });
    const cells = await headerCells(page);
    const first = cells.find((cell) => cell.name.trim() !== "" && cell.name !== "Tick");
    for (const cell of [first, cells.at(-1)]) {
      expect(cell?.left, `${path}: ${cell?.name}`).toBeGreaterThanOrEqual(0);
      expect(cell?.right, `${path}: ${cell?.name}`).toBeLessThanOrEqual(390);
    }
    expect(cells.at(-1)?.name).toBe("Actions");
    expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
