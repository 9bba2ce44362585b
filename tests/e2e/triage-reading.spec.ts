import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { signInAsDemoAdmin } from "./demo-admin";
import { sendMessages } from "./queue-seed";
import { chooseScope, hydrated, notice } from "./support";

// Reading a rush (docs/decisions/176): each row shows a message's substance, greetings left out; a message
// opened from a filtered list offers Previous, Next and "Send and next" within it, and Back to the same
// filters; the moves of the table of states have keys on the focused row and on a message's page.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

const rowsOf = (page: Page) => page.getByRole("table", { name: "Contact Submissions" }).locator("tbody tr");

/** Closes what a test left open (Done, all matching), so the lists of later specs start as they expect. */
async function closeAll(page: Page, marker: string, { js = false } = {}) {
  await page.goto(`/admin?tab=contacts&q=${marker}`);
  // The tab's code loads after the page and draws the bar again: a scope chosen before then is lost.
  if (js) await hydrated(page);
  const bulk = page.getByRole("form", { name: "Move messages" });
  await chooseScope(bulk.getByRole("radio", { name: /^All \d+ matching$/ }));
  await bulk.getByRole("button", { name: "Done", exact: true }).click();
  // More than the ticked ones move once their count is confirmed (decision 177).
  await page.getByRole("button", { name: /^Move [\d,]+ to Done$/ }).click();
  await expect(rowsOf(page)).toHaveCount(0);
}

/** The message pages the list links to, in its order. */
const openLinks = (page: Page) =>
  rowsOf(page)
    .locator("a[data-open]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Next, Send and next and Back keep to the list's filters", async ({ page, request, baseURL }) => {
    const marker = `read${Date.now().toString(36)}`;
    await sendMessages(request, marker, 3);
    await signInAsDemoAdmin(page, baseURL ?? "");
    const list = `/admin?tab=contacts&q=${marker}&link=no`;
    await page.goto(list);
    await expect(rowsOf(page)).toHaveCount(3);
    // The substance, "Dear FACETS DAO," left out.
    await expect(rowsOf(page).first().locator("summary")).toHaveText(
      /^I would like to apply for 2,500 tokens/,
    );
    const [first, second, third] = await openLinks(page);
    expect(first).toContain(`back=q%3D${marker}%26link%3Dno`);

    await page.goto(first ?? "");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === second);
    await page.getByLabel(/^Reply to /).fill("Thank you: we will write with the wallet address.");
    await page.getByRole("button", { name: "Send and next" }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === third);
    await expect(notice(page, "Reply sent")).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Waiting on the applicant", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Back to Contact Submissions" }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === list);
    await closeAll(page, marker);
  });
});

test("with JavaScript, d, s and w move the focused row or the open message, and r replies", async ({
  page,
  request,
  baseURL,
}) => {
  const marker = `keyd${Date.now().toString(36)}`;
  await sendMessages(request, marker, 4);
  await signInAsDemoAdmin(page, baseURL ?? "");
  await page.goto(`/admin?tab=contacts&q=${marker}`);
  await hydrated(page);
  const rows = rowsOf(page);
  await expect(rows).toHaveCount(4);

  await page.keyboard.press("j");
  await page.keyboard.press("d");
  await expect(notice(page, "Contact Processed")).toBeVisible();
  await expect(rows).toHaveCount(3);
  await page.keyboard.press("s");
  await expect(notice(page, "Marked spam")).toBeVisible();
  await expect(rows).toHaveCount(2);

  await page.locator("main h1").click();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Mark Processed");
  await expect(help).toContainText("Spam");
  await page.keyboard.press("Escape");

  // Keys typed into a field are the field's.
  const search = page.getByRole("form", { name: "Filter messages" }).getByLabel("Search");
  await search.focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" ds");
  await expect(search).toHaveValue(`${marker} ds`);
  await expect(rows).toHaveCount(2);

  await page.locator("main h1").click();
  await page.keyboard.press("j");
  await page.keyboard.press("r");
  await expect(page).toHaveURL(/\/admin\/message\?id=\d+&back=/);
  await hydrated(page);
  const reply = page.locator("textarea#reply-body");
  await reply.fill("Half a reply");
  await page.getByRole("heading", { name: /^Message \d+ from/ }).click();
  await page.keyboard.press("w");
  // Drawn after the move: Waiting is no longer offered. What was typed stays.
  await expect(page.locator('main [aria-keyshortcuts="w"]')).toHaveCount(0);
  await expect(notice(page, "Waiting on the applicant")).toBeVisible();
  await expect(reply).toHaveValue("Half a reply");
  await page.keyboard.press("r");
  await expect(reply).toBeFocused();
  await closeAll(page, marker, { js: true });
});
