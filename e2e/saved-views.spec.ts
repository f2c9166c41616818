import type { Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { E2E_BASE_URL } from "@/test/env";
import { chooseOption, expect, test } from "@/e2e/fixtures";

// Saved views on the warehouse and activity lists: an admin publishes a view the team opens; a default opens a bare
// list URL; a duplicate or empty name is refused on the field; publishing is shown disabled, with its reason, to others.

const SAME_ORIGIN = { origin: E2E_BASE_URL };

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

type View = { id: string; name: string; shared: boolean };

const rows = (page: Page) => page.getByTestId("warehouse-row");
const table = (page: Page) => page.getByTestId("warehouse-table");
const menu = (page: Page) => page.getByTestId("views-menu");
const nameDialog = (page: Page) => page.getByTestId("view-name-dialog");

async function settled(page: Page) {
  await expect(table(page)).toBeVisible();
  await expect(table(page)).toHaveAttribute("aria-busy", "false");
}

async function removeViews(page: Page, list: "warehouses" | "activity", names: string[]) {
  const answer = (await (await page.request.get(`/api/views?list=${list}`)).json()) as { items: (View & { editable: boolean })[] };
  for (const v of answer.items.filter((v) => names.includes(v.name) && v.editable)) {
    expect((await page.request.delete(`/api/views/${v.id}`, { headers: SAME_ORIGIN })).status()).toBe(204);
  }
  await page.request.put("/api/views/default", { headers: SAME_ORIGIN, data: { list, viewId: null } });
}

async function saveCurrentAs(page: Page, name: string, options: { isDefault?: boolean } = {}) {
  await menu(page).click();
  await page.getByRole("menuitem", { name: "Save current view as…" }).click();
  await expect(nameDialog(page)).toBeVisible();
  await nameDialog(page).getByLabel("Name").fill(name);
  if (options.isDefault) await nameDialog(page).getByLabel(/with this view/).check();
  await nameDialog(page).getByRole("button", { name: "Save view" }).click();
}

const statuses = async (page: Page) => page.getByTestId("warehouse-row").getByTestId("status-badge").allTextContents();

test("an admin saves and publishes “Passive branches”; an operator opens it and sees the same list", async ({ asAdmin, asOperator }) => {
  try {
    const page = asAdmin;
    await removeViews(page, "warehouses", ["Passive branches"]);
    // The ERP column hidden and the list filtered to passive branches: both are in the URL, so both are in the view.
    await page.goto("/warehouses?hide=erpWarehouseId");
    await settled(page);
    await expect(table(page).getByRole("columnheader", { name: "ERP ID" })).toHaveCount(0);
    await chooseOption(page.getByLabel("Status"), "Passive");
    await expect(page).toHaveURL(/[?&]status=passive/);
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
    expect(new Set(await statuses(page))).toEqual(new Set(["Passive"]));
    const total = await page.getByTestId("warehouse-total").textContent();
    const codes = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));

    await saveCurrentAs(page, "Passive branches");
    await expect(nameDialog(page)).toBeHidden();
    await expect(menu(page)).toHaveText(/View: Passive branches/);

    await menu(page).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("menuitem", { name: "Publish “Passive branches” to the team" }).click();
    await expect(page.getByText("“Passive branches” is now a team view.")).toBeVisible();

    // The operator starts from the whole list and picks the team's view.
    const op = asOperator;
    await op.goto("/warehouses?page=1");
    await settled(op);
    await menu(op).click();
    await op.getByRole("menuitem", { name: "Passive branches · Team" }).click();
    await expect(op).toHaveURL(/[?&]status=passive/);
    await expect(op).toHaveURL(/[?&]hide=erpWarehouseId/);
    await settled(op);
    await expect(op.getByTestId("warehouse-total")).toHaveText(total!);
    expect(await rows(op).evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual(codes);
    await expect(table(op).getByRole("columnheader", { name: "ERP ID" })).toHaveCount(0);
    await expect(menu(op)).toHaveText(/View: Passive branches/);

    // Not theirs to change: shown, disabled, with the reason.
    await menu(op).click();
    const takeBack = op.getByRole("menuitem", { name: /Take “Passive branches” back from the team/ });
    await expect(takeBack).toHaveAttribute("aria-disabled", "true");
    await expect(takeBack).toContainText("Only admins publish views to the team.");
    await expect(op.getByRole("menuitem", { name: /Delete “Passive branches”/ })).toContainText("Only admins change team views.");

    // "Copy link" gives the view as a URL; pasted, it restores the same list.
    await op.getByRole("menuitem", { name: "Copy link to “Passive branches”" }).click();
    await expect(op.getByText("Link copied.")).toBeVisible();
    const link = await op.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${E2E_BASE_URL}/warehouses?status=passive&hide=erpWarehouseId`);
    await op.goto("/warehouses?page=1");
    await settled(op);
    await op.goto(link);
    await settled(op);
    await expect(menu(op)).toHaveText(/View: Passive branches/);
  } finally {
    await removeViews(asAdmin, "warehouses", ["Passive branches"]);
  }
});

test("a person's default view opens the warehouse list when its URL names nothing", async ({ asOperator: page }) => {
  const name = `Passive default ${Date.now()}`;
  try {
    await page.goto("/warehouses?status=passive");
    await settled(page);
    await saveCurrentAs(page, name, { isDefault: true });
    await expect(nameDialog(page)).toBeHidden();

    await page.goto("/warehouses");
    await expect(page).toHaveURL(/\/warehouses\?status=passive$/);
    await settled(page);
    expect(new Set(await statuses(page))).toEqual(new Set(["Passive"]));
    await expect(menu(page)).toHaveText(new RegExp(`View: ${name}`));

    // Cleared, the bare URL is the whole list again; another member's list never followed it.
    await menu(page).click();
    await page.getByRole("menuitem", { name: `Stop using “${name}” as my default` }).click();
    await expect(page.getByText("This list opens without a view.")).toBeVisible();
    await page.goto("/warehouses");
    await expect(page).toHaveURL(/\/warehouses$/);
  } finally {
    await removeViews(page, "warehouses", [name]);
  }
});

test("a duplicate or an empty name is refused on the field and what was typed stays", async ({ asOperator: page }) => {
  const name = `Mine ${Date.now()}`;
  try {
    await page.goto("/activity?outcome=failure");
    await saveCurrentAs(page, name);
    await expect(nameDialog(page)).toBeHidden();

    await saveCurrentAs(page, name.toUpperCase());
    const field = nameDialog(page).getByLabel("Name");
    await expect(nameDialog(page).getByText("A view with this name already exists; choose another name.")).toBeVisible();
    await expect(field).toHaveValue(name.toUpperCase());
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expectAccessible(page);

    await field.fill("   ");
    await nameDialog(page).getByRole("button", { name: "Save view" }).click();
    await expect(nameDialog(page).getByText("Give the view a name.")).toBeVisible();
    await expect(field).toHaveValue("   ");
    await nameDialog(page).getByRole("button", { name: "Cancel" }).click();

    const answer = (await (await page.request.get("/api/views?list=activity")).json()) as { items: View[] };
    expect(answer.items.filter((v) => v.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  } finally {
    await removeViews(page, "activity", [name]);
  }
});

test("a viewer keeps personal views but sees publishing disabled, with the reason", async ({ asViewer: page }) => {
  const name = `Viewer view ${Date.now()}`;
  try {
    await page.goto("/warehouses?status=active&sort=name.desc");
    await settled(page);
    await menu(page).click();
    await page.getByRole("menuitem", { name: "Save current view as…" }).click();
    const share = nameDialog(page).getByRole("checkbox", { name: "Publish to the team" });
    await expect(share).toHaveAttribute("aria-disabled", "true");
    await expect(share).toHaveAccessibleDescription("Only admins publish views to the team.");
    await share.click({ force: true });
    await expect(share).not.toBeChecked();
    await nameDialog(page).getByLabel("Name").fill(name);
    await nameDialog(page).getByRole("button", { name: "Save view" }).click();
    await expect(nameDialog(page)).toBeHidden();

    await menu(page).click();
    const publish = page.getByRole("menuitem", { name: new RegExp(`Publish “${name}” to the team`) });
    await expect(publish).toHaveAttribute("aria-disabled", "true");
    await expect(publish).toContainText("Only admins publish views to the team.");
    // Playwright does not click what is aria-disabled; forced, nothing happens either.
    await publish.click({ force: true });
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    // The menu in the dark theme, too.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await menu(page).click();
    await expect(publish).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    const answer = (await (await page.request.get("/api/views?list=warehouses")).json()) as { items: View[] };
    expect(answer.items.find((v) => v.name === name)?.shared).toBe(false);
  } finally {
    await removeViews(page, "warehouses", [name]);
  }
});
