import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

const WRITE_REASON = "Only operators and admins can create or edit warehouses.";

/** Keys pressed before hydration go nowhere, so the first shortcut on a page is retried until it lands. */
async function pressUntil(page: Page, keys: string[], landed: () => Promise<void>) {
  await expect(async () => {
    for (const key of keys) await page.keyboard.press(key);
    await landed();
  }).toPass({ timeout: 15_000 });
}

async function listSettled(page: Page) {
  await expect(page.getByTestId("warehouse-table")).toHaveAttribute("aria-busy", "false");
}

test.describe("keyboard shortcuts as admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("g then a letter goes to a section", async ({ page }) => {
    await page.goto("/team");
    await pressUntil(page, ["g", "a"], () => expect(page).toHaveURL(/\/activity$/, { timeout: 2_000 }));
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("g");
    await page.keyboard.press("w");
    await expect(page).toHaveURL(/\/warehouses$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Warehouses" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("g");
    await page.keyboard.press("e");
    await expect(page).toHaveURL(/\/erp$/);
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await expect(page).toHaveURL(/\/team$/);
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await expect(page.getByTestId("home-page")).toBeVisible();
  });

  test("? opens the list of shortcuts; Escape closes it and gives focus back", async ({ page }) => {
    await page.goto("/warehouses");
    await listSettled(page);
    const team = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" });
    await team.focus();
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await pressUntil(page, ["?"], () => expect(sheet).toBeVisible({ timeout: 2_000 }));
    await expect(sheet.getByRole("row", { name: /g then w Go to warehouses/ })).toBeVisible();
    await expect(sheet.getByRole("row", { name: /n New warehouse/ })).toBeVisible();
    await expectAccessible(page);
    // Keys belong to the sheet while it is open.
    await page.keyboard.press("g");
    await page.keyboard.press("a");
    await expect(page).toHaveURL(/\/warehouses$/);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(team).toBeFocused();

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.keyboard.press("?");
    await expect(sheet).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole("button", { name: "Close" }).click();
    await expect(sheet).toBeHidden();
  });

  test("/ focuses the warehouse search, and keys typed there are text, not shortcuts", async ({ page }) => {
    await page.goto("/warehouses");
    await listSettled(page);
    const search = page.getByTestId("warehouse-search");
    await pressUntil(page, ["/"], () => expect(search).toBeFocused({ timeout: 2_000 }));
    await expect(search).toHaveValue("");
    await page.keyboard.type("ga");
    await page.keyboard.type("gw");
    await expect(search).toHaveValue("gagw");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/warehouses\?q=gagw$/);
    await expect(search).toBeFocused();
  });

  test("/ on the activity page focuses its first filter", async ({ page }) => {
    await page.goto("/activity");
    const actor = page.getByRole("search", { name: "Filter the activity" }).getByRole("combobox", { name: "Person" });
    await pressUntil(page, ["/"], () => expect(actor).toBeFocused({ timeout: 2_000 }));
  });

  test("n opens the new warehouse form", async ({ page }) => {
    await page.goto("/warehouses");
    await listSettled(page);
    await pressUntil(page, ["n"], () => expect(page).toHaveURL(/\/warehouses\/new$/, { timeout: 2_000 }));
  });

  test("a warehouse's pages say where they are", async ({ page }) => {
    await page.goto("/warehouses/1");
    const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    expect(name).not.toBe("");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Warehouses" })).toHaveAttribute("href", "/warehouses");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(name);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveCount(1);
    await expectAccessible(page);

    await page.goto("/warehouses/1/edit");
    await expect(crumbs.getByRole("link", { name })).toHaveAttribute("href", "/warehouses/1");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Edit");
  });

  test("a transfer run's page says where it is", async ({ page }) => {
    const created = await page.request.post("/api/erp/transfers", {
      headers: { Origin: E2E_BASE_URL, "Idempotency-Key": crypto.randomUUID() },
      data: { orderIds: await emulatorOrders.seed(2) },
    });
    expect(created.status()).toBe(201);
    const runId = (await created.json()).run.id as string;
    await page.goto(`/erp/transfers/${runId}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "ERP actions" })).toHaveAttribute("href", "/erp");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(`Run ${runId.slice(0, 8)}`);
  });
});

test.describe("keyboard shortcuts as viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("n says why a viewer cannot create a warehouse, and stays", async ({ page }) => {
    await page.goto("/warehouses");
    await listSettled(page);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: WRITE_REASON });
    await pressUntil(page, ["n"], () => expect(toast).toBeVisible({ timeout: 2_000 }));
    await expect(page).toHaveURL(/\/warehouses$/);
  });
});
