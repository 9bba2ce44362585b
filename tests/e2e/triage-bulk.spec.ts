import { expect, type Page } from "@playwright/test";
import { test } from "./browser-test";
import { sendMessages } from "./queue-seed";
import { hydrated, logInAsAdmin, notice } from "./support";

// Triage in bulk as a person does it (docs/decisions/177-triage-bulk.md): the heading's box ticks the page,
// a move of more than the ticked rows is confirmed with its count and a sample, the scope chosen stays after
// a move, and a move is undone from its notice; with JavaScript and without.

test.skip(({ isMobile }) => isMobile, "the flows run once, at desktop width");

async function queueOf(page: Page, label: string, count: number) {
  const marker = `${label}${Date.now().toString(36)}`;
  await sendMessages(page.request, marker, count);
  await page.goto(`/admin?tab=contacts&q=${marker}`);
  const rows = page.getByRole("table", { name: "Contact Submissions" }).locator("tbody tr");
  await expect(rows).toHaveCount(count);
  return { rows, bar: page.getByRole("form", { name: "Move messages" }) };
}

test("with JavaScript: tick the page, move the ticked, undo; then all but the ticked, confirmed", async ({
  page,
}) => {
  await logInAsAdmin(page, { js: true });
  const { rows, bar } = await queueOf(page, "tickall", 4);
  await hydrated(page);
  const all = page.getByRole("checkbox", { name: "Tick every row on this page" });
  await all.check();
  for (const box of await rows.getByRole("checkbox").all()) await expect(box).toBeChecked();
  await all.uncheck();
  for (const box of await rows.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  await all.check();
  await rows.first().getByRole("checkbox").uncheck();

  // Ticked rows move at once, with no confirmation, and the notice offers Undo.
  await bar.getByRole("button", { name: "Spam", exact: true }).click();
  await expect(notice(page, "Messages moved")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.getByRole("form", { name: "Undo the move" }).getByRole("button", { name: "Undo" }).click();
  await expect(notice(page, "Move undone")).toBeVisible();
  await expect(rows).toHaveCount(4);

  // All but one: the confirmation counts and samples them; the scope stays chosen after the move.
  await rows.first().getByRole("checkbox").check();
  await bar.getByRole("radio", { name: "All except the ticked" }).check();
  await bar.getByRole("button", { name: "Done", exact: true }).click();
  const confirm = page.getByRole("region", { name: "Move 3 messages to Done?" });
  await expect(confirm).toContainText("3 messages: 3 New.");
  await expect(confirm.getByRole("listitem")).toHaveCount(3);
  await confirm.getByRole("button", { name: "Move 3 to Done" }).click();
  await expect(page.getByText("3 messages moved to Done.").first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(bar.getByRole("radio", { name: "All except the ticked" })).toBeChecked();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("all matching is confirmed, moved, kept as the scope and undone", async ({ page }) => {
    await logInAsAdmin(page, { js: false });
    const { rows, bar } = await queueOf(page, "nojsbulk", 3);
    await expect(page.getByRole("checkbox", { name: "Tick every row on this page" })).toHaveCount(0);
    // Nothing ticked and the ticked ones: a clear notice, nothing moved.
    await bar.getByRole("button", { name: "Spam", exact: true }).click();
    await expect(notice(page, "Nothing ticked")).toBeVisible();
    await bar.getByRole("radio", { name: "All 3 matching" }).check();
    await bar.getByRole("button", { name: "Spam", exact: true }).click();
    const confirm = page.getByRole("region", { name: "Move 3 messages to Spam?" });
    await expect(confirm).toContainText("3 messages: 3 New.");
    await confirm.getByRole("button", { name: "Move 3 to Spam" }).click();
    await expect(notice(page, "Messages moved")).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByRole("form", { name: "Undo the move" }).getByRole("button", { name: "Undo" }).click();
    await expect(notice(page, "Move undone")).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(bar.getByRole("radio", { name: "All 3 matching" })).toBeChecked();
  });
});
