import { expect, test as base, type Browser, type Locator, type Page } from "@playwright/test";
import { E2E_BASE_URL, storageStateFor, type E2ERole } from "@/test/env";

// Each role in its own context, so a test can hold two at once; Playwright gives every new context the test's `use` options.

export interface RolePages {
  asAdmin: Page;
  asOperator: Page;
  asViewer: Page;
}

async function pageAs(browser: Browser, role: E2ERole, provide: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor(role) });
  try {
    await provide(await context.newPage());
  } finally {
    await context.close();
  }
}

export const test = base.extend<RolePages>({
  asAdmin: async ({ browser }, use) => pageAs(browser, "admin", use),
  asOperator: async ({ browser }, use) => pageAs(browser, "operator", use),
  asViewer: async ({ browser }, use) => pageAs(browser, "viewer", use),
});

export { expect } from "@playwright/test";

/** Picks an option of a select (components/ui/select.tsx) by its visible text, as a person does. */
export async function chooseOption(select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  const listbox = select.page().getByRole("listbox");
  await listbox.getByRole("option", { name: option, exact: typeof option === "string" }).click();
  await expect(listbox).toHaveCount(0);
}

/** The texts a select offers, read from its open list (closed again with Escape). */
export async function optionsOf(select: Locator): Promise<string[]> {
  await select.click();
  const listbox = select.page().getByRole("listbox");
  const texts = await listbox.getByRole("option").allTextContents();
  await select.page().keyboard.press("Escape");
  await expect(listbox).toHaveCount(0);
  return texts.map((t) => t.trim());
}

/** Picks a day ("YYYY-MM-DD") in a date field (components/ui/date-field.tsx) with the calendar's keys: years, months, then days. */
export async function pickDate(field: Locator, ymd: string): Promise<void> {
  const page = field.page();
  await field.click();
  const picker = page.getByTestId("date-picker");
  const focusedDay = () => page.evaluate(() => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") ?? null);
  await expect.poll(focusedDay).not.toBeNull();
  const [ty, tm] = ymd.split("-").map(Number) as [number, number];
  const [fy, fm] = (await focusedDay())!.split("-").map(Number) as [number, number];
  const months = (ty - fy) * 12 + (tm - fm);
  for (let i = 0; i < Math.abs(Math.trunc(months / 12)); i++) await page.keyboard.press(months > 0 ? "Shift+PageDown" : "Shift+PageUp");
  for (let i = 0; i < Math.abs(months % 12); i++) await page.keyboard.press(months > 0 ? "PageDown" : "PageUp");
  const days = Math.round((Date.parse(ymd) - Date.parse((await focusedDay())!)) / 86_400_000);
  for (let i = 0; i < Math.abs(days); i++) await page.keyboard.press(days > 0 ? "ArrowRight" : "ArrowLeft");
  await expect.poll(focusedDay).toBe(ymd);
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
}
