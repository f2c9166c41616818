import { expect, type Locator } from "@playwright/test";

/**
 * Confirms an import's one dialog: "Start import", or "Start again" when it names a recent start (by this
 * or another spec, within the repeat window). A card whose last run was not loaded yet asks again once.
 */
/** Opens a card's start dialog; a click before the page hydrates goes nowhere (the server already drew the card), so it is clicked until the dialog shows. */
export async function openImportDialog(start: Locator, dialog: Locator) {
  const heading = dialog.getByRole("heading", { name: /^Start the \w+ import( again)?\?$/ });
  await expect(async () => {
    if (!(await heading.isVisible())) await start.click();
    await expect(heading).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

export async function confirmImportStart(dialog: Locator) {
  const heading = dialog.getByRole("heading", { name: /^Start the \w+ import( again)?\?$/ });
  await expect(heading).toBeVisible();
  if ((await heading.textContent())?.includes("again")) {
    await dialog.getByRole("button", { name: "Start again" }).click();
    return;
  }
  await dialog.getByRole("button", { name: "Start import" }).click();
  const again = dialog.getByRole("button", { name: "Start again" });
  await expect.poll(async () => (await again.isVisible()) || !(await dialog.isVisible()), { timeout: 15_000 }).toBe(true);
  if (await again.isVisible()) await again.click();
}
