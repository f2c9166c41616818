import { expect, type Locator } from "@playwright/test";

/**
 * Confirms an import's one dialog: "Start import", or "Start again" when it names a recent start (by this
 * or another spec, within the repeat window). A card whose last run was not loaded yet asks again once.
 */
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
