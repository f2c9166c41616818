import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import Papa from "papaparse";
import readXlsxFile from "read-excel-file/node";
import { expectAccessible } from "@/e2e/a11y";
import { emulator } from "@/test/emulator";
import { E2E_BASE_URL, E2E_EMULATOR_URL, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { chooseOption, expect, test } from "@/e2e/fixtures";

// The warehouse pages against the emulator's demo data (ONLINE is the default; IST01 "İSTANBUL
// Şube", ANK01 "Ankara Depo", GAZ01 "Gaziantep Depo" with ERP id "0042", BUR01 passive...).
// Every test makes its own warehouses with unique names and codes, and puts back what it changes
// on the demo data (ONLINE stays the default), so no test depends on another or on their order.

const ADMIN = storageStateFor("admin");
const OPERATOR = storageStateFor("operator");
const VIEWER = storageStateFor("viewer");
const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const CSV_HEADER = '"ID","Name","Code","ERP warehouse ID","Default","Status"';

interface Warehouse {
  id: number;
  name: string;
  code: string;
  erpWarehouseId: string | null;
  isDefault: boolean;
  isActive: boolean;
}

/** Unique per call and per run: upper-case letters and digits. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const rows = (page: Page) => page.getByTestId("warehouse-row");
const table = (page: Page) => page.getByTestId("warehouse-table");
const params = (page: Page) => new URL(page.url()).searchParams;
const rowByCode = (page: Page, code: string) => page.locator(`[data-testid="warehouse-row"][data-code="${code}"]`);

/** Waits until the table shows the answer for the current URL (not the previous rows). */
async function settled(page: Page) {
  await expect(table(page)).toBeVisible();
  await expect(table(page)).toHaveAttribute("aria-busy", "false");
}

async function createWarehouse(request: APIRequestContext, body: Partial<Warehouse> & { name: string; code: string }): Promise<Warehouse> {
  const res = await request.post("/api/warehouses", { headers: SAME_ORIGIN, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { warehouse: Warehouse }).warehouse;
}

async function updateWarehouse(request: APIRequestContext, id: number, body: Record<string, unknown>) {
  const res = await request.put(`/api/warehouses/${id}`, { headers: SAME_ORIGIN, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** ONLINE (id 1) is the default other tests expect. */
async function restoreOnlineDefault(request: APIRequestContext) {
  await updateWarehouse(request, 1, { isDefault: true });
}

test.afterEach(async () => {
  await emulator.clearFaults();
});

test.describe("warehouse list as admin", () => {
  test.use({ storageState: ADMIN });

  test("finds a warehouse by searching with Turkish letters, and says when nothing matches", async ({ page }) => {
    await page.goto("/warehouses");
    await expect(page.getByRole("heading", { level: 1, name: "Warehouses" })).toBeVisible();
    await settled(page);
    await expect(page.getByTestId("warehouse-total")).toContainText(/\d+ warehouses/);
    await expectAccessible(page);

    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("istanbul");
    await expect(page).toHaveURL(/[?&]q=istanbul(&|$)/);
    await settled(page);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole("link")).toHaveText("İSTANBUL Şube");
    await expect(page.getByTestId("warehouse-total")).toContainText("1 warehouse matches");

    // Upper case, dotless and dotted I and Ş all fold the same way.
    await search.fill("ISTANBUL ŞUBE");
    await expect(page).toHaveURL(/[?&]q=ISTANBUL/);
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText("İSTANBUL Şube");

    // By ERP id, with its leading zeros.
    await search.fill("0042");
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText("Gaziantep Depo");

    const nothing = `zz-${unique()}`;
    await search.fill(nothing);
    const noMatch = page.getByTestId("warehouse-no-match");
    await expect(noMatch).toContainText(`Nothing matches “${nothing}”`);
    await noMatch.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(page).toHaveURL(/\/warehouses$/);
    await expect(search).toHaveValue("");
    await settled(page);

    // Column visibility: the code column can be hidden and shown again; Escape closes the menu.
    const codeHeader = page.getByRole("columnheader", { name: "Code", exact: true });
    await expect(codeHeader).toBeVisible();
    await page.getByRole("button", { name: "Columns" }).click();
    const columns = page.getByRole("group", { name: "Show or hide columns" });
    await columns.getByRole("checkbox", { name: "Code" }).uncheck();
    await expect(codeHeader).toHaveCount(0);
    await columns.getByRole("checkbox", { name: "Code" }).check();
    await page.keyboard.press("Escape");
    await expect(columns).toBeHidden();
    await expect(page.getByRole("button", { name: "Columns" })).toBeFocused();
    await expect(codeHeader).toBeVisible();

    // The dark theme passes too.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await settled(page);
    await expectAccessible(page);
  });

  test("bookmarks a filtered, sorted page 2 and reopens it; back and forward restore the views", async ({ page, context }) => {
    test.setTimeout(150_000);
    const prefix = `Bm${unique()}`;
    await emulator.seed({ warehouses: 60, prefix });
    // Seeded behind the console's back: wait until its index has been refreshed (short-lived).
    await expect
      .poll(async () => ((await (await page.request.get(`/api/warehouses?q=${prefix}&limit=10`)).json()) as { total: number }).total, {
        timeout: 100_000,
        intervals: [1_000, 2_000, 5_000],
      })
      .toBe(60);

    await page.goto("/warehouses");
    await settled(page);
    await page.getByRole("searchbox", { name: "Search" }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    await settled(page);
    await chooseOption(page.getByLabel("Rows per page"), "10");
    await expect(page).toHaveURL(/[?&]limit=10/);
    await settled(page);

    const nameHeader = page.getByRole("columnheader", { name: "Name", exact: true });
    await nameHeader.getByRole("button").click();
    await expect(page).toHaveURL(/[?&]sort=name\.asc/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await nameHeader.getByRole("button").click();
    await expect(page).toHaveURL(/[?&]sort=name\.desc/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText(`${prefix} Depo 60`);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText(`${prefix} Depo 50`);
    await expect(rows(page)).toHaveCount(10);
    const bookmark = page.url();
    expect(Object.fromEntries(params(page))).toEqual({ q: prefix, limit: "10", sort: "name.desc", page: "2" });

    // The bookmark, opened in a new page, shows the same view.
    const other = await context.newPage();
    await other.goto(bookmark);
    await settled(other);
    await expect(rows(other).first().getByRole("link")).toHaveText(`${prefix} Depo 50`);
    await expect(other.getByRole("searchbox", { name: "Search" })).toHaveValue(prefix);
    await expect(other.getByLabel("Rows per page")).toHaveText("10");
    await expect(other.getByRole("columnheader", { name: "Name", exact: true })).toHaveAttribute("aria-sort", "descending");
    await expect(other.getByTestId("warehouse-pagination")).toContainText("Page 2 of 6");
    await expect(other.getByTestId("warehouse-total")).toContainText("60 warehouses match");
    await other.close();

    // Back and forward.
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText(`${prefix} Depo 60`);
    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=2/);
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText(`${prefix} Depo 50`);

    // Changing a filter goes back to page 1 and keeps the rest.
    await chooseOption(page.getByLabel("Status"), "Active");
    await expect(page).toHaveURL(/[?&]status=active/);
    expect(params(page).get("page")).toBeNull();
    expect(params(page).get("sort")).toBe("name.desc");
    await settled(page);
    await expect(rows(page).first().getByRole("link")).toHaveText(`${prefix} Depo 60`);

    await test.step("on a phone, Sort by replaces the header buttons, keeps the same URL state and survives a reload", async () => {
      const code = (n: number) => `${prefix.toUpperCase()}-${String(n).padStart(5, "0")}`;
      await page.setViewportSize({ width: 375, height: 812 });
      const headerButtons = table(page).locator("th[aria-sort] button");
      await expect(headerButtons.first()).toBeAttached();
      for (const button of await headerButtons.all()) await expect(button).toBeHidden();
      const trigger = page.getByTestId("sort-by-trigger");
      const direction = page.getByTestId("sort-direction");
      await expect(trigger).toHaveText("Sort by: Name");
      await expect(direction).toHaveAccessibleName("Descending, reverse the order");
      await trigger.click();
      await page.getByRole("menuitemradio", { name: "Code", exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=code\.desc/);
      await settled(page);
      await expect(rows(page).first()).toHaveAttribute("data-code", code(60));
      await direction.click();
      await expect(page).toHaveURL(/[?&]sort=code\.asc/);
      await settled(page);
      await expect(rows(page).first()).toHaveAttribute("data-code", code(1));

      await page.reload();
      await settled(page);
      expect(Object.fromEntries(params(page))).toEqual({ q: prefix, limit: "10", status: "active", sort: "code.asc" });
      await expect(rows(page).first()).toHaveAttribute("data-code", code(1));
      await expect(trigger).toHaveText("Sort by: Code");
      await expect(direction).toHaveAttribute("data-direction", "asc");
      await trigger.click();
      await expect(page.getByRole("menuitemradio", { name: "Code", exact: true })).toHaveAttribute("aria-checked", "true");
      await expectAccessible(page);
      await page.keyboard.press("Escape");
    });
  });

  test("activates and deactivates selected rows and reports the outcome per row", async ({ page }) => {
    const tag = unique();
    const a = await createWarehouse(page.request, { name: `Online bulk ${tag} A`, code: `BLK-${tag}-A` });
    const b = await createWarehouse(page.request, { name: `Online bulk ${tag} B`, code: `BLK-${tag}-B` });

    await page.goto(`/warehouses?q=online`);
    await settled(page);
    await page.getByRole("checkbox", { name: "Select Online", exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${a.name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${b.name}` }).check();
    const bar = page.getByTestId("bulk-bar");
    await expect(bar).toContainText("3 selected");
    await bar.getByRole("button", { name: "Deactivate selected" }).click();
    // Deactivation asks first, naming what it will change.
    const confirm = page.getByRole("dialog", { name: "Deactivate 3 warehouses?" });
    await expect(confirm).toContainText(a.name);
    await confirm.getByRole("button", { name: "Deactivate", exact: true }).click();

    const report = page.getByTestId("bulk-report");
    await expect(report).toContainText("Deactivation: 2 done, 1 failed");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: a.name })).toContainText("deactivated");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: /^Online:/ })).toContainText("The default warehouse must be active");
    await expect(bar).toBeHidden();
    await settled(page);
    await expect(rowByCode(page, a.code).getByTestId("status-badge")).toHaveText("Passive");
    await expect(rowByCode(page, b.code).getByTestId("status-badge")).toHaveText("Passive");
    await expect(rowByCode(page, "ONLINE").getByTestId("status-badge")).toHaveText("Active");
    // Its toast offers a short undo, below the header: it covers neither the header nor the user menu.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "2 warehouses are now passive." });
    const header = await page.locator("header").boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox!.y).toBeGreaterThan(header!.y + header!.height);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(report).toContainText("Activation: 2 done, 0 failed");
    await expect(rowByCode(page, a.code).getByTestId("status-badge")).toHaveText("Active");
    await expect(rowByCode(page, b.code).getByTestId("status-badge")).toHaveText("Active");
    await updateWarehouse(page.request, a.id, { isActive: false });
    await page.reload();
    await settled(page);

    await page.getByRole("checkbox", { name: `Select ${a.name}` }).check();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Activate selected", exact: true }).click();
    await expect(report).toContainText("Activation: 1 done, 0 failed");
    await expect(rowByCode(page, a.code).getByTestId("status-badge")).toHaveText("Active");

    // "All warehouses" on the warehouse's page returns to this search.
    await page.goto("/warehouses?q=online&status=active&sort=name.desc");
    await settled(page);
    await rowByCode(page, a.code).getByRole("link", { name: a.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: a.name })).toBeVisible();
    await page.getByTestId("back-to-list").click();
    await expect(page).toHaveURL(/\/warehouses\?q=online&status=active&sort=name\.desc$/);
  });

  test("exports every warehouse matching the filter as CSV, not just the page", async ({ page }) => {
    await page.goto("/warehouses?q=GAZ01");
    await settled(page);
    let [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^warehouses-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csvText = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    let lines = csvText.trim().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toContain('"7","Gaziantep Depo","GAZ01","0042","no","active"');
    expect(lines).toHaveLength(2);

    // Its .xlsx twin, read back with the library the console reads workbooks with: the CSV's rows, typed.
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Excel (.xlsx)" }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^warehouses-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    const [sheet] = await readXlsxFile((await xlsx.path())!, { trim: false });
    expect(sheet!.data).toEqual([
      ["ID", "Name", "Code", "ERP warehouse ID", "Default", "Status"],
      [7, "Gaziantep Depo", "GAZ01", "0042", "no", "active"],
    ]);
    expect(sheet!.data.map((row) => row.map((c) => (c === null ? "" : String(c))))).toEqual(Papa.parse<string[]>(csvText, { skipEmptyLines: true }).data);

    // Page size 10, but the file has every warehouse (at least 12: the demo's 7 and 5 more).
    const tag = unique();
    for (let i = 1; i <= 5; i++) await createWarehouse(page.request, { name: `E2E Csv ${tag} ${i}`, code: `CSV-${tag}-${i}` });
    const { total } = (await (await page.request.get("/api/warehouses?limit=10&sort=code.asc")).json()) as { total: number };
    expect(total).toBeGreaterThan(10);
    await page.goto("/warehouses?limit=10&sort=code.asc");
    await settled(page);
    await expect(rows(page)).toHaveCount(10);
    [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length - 1).toBeGreaterThanOrEqual(total);
    expect(lines).toContain('"2","İSTANBUL Şube","IST01","101","no","active"');
    expect(lines.some((l) => l.includes(`,"E2E Csv ${tag} 5","CSV-${tag}-5","","no","active"`))).toBe(true);
  });

  test("a failed delete says so and leaves the row; deactivate instead works", async ({ page }) => {
    const tag = unique();
    const w = await createWarehouse(page.request, { name: `E2E Keep ${tag}`, code: `KEEP-${tag}` });
    await page.goto(`/warehouses?q=${w.code}`);
    await settled(page);
    await expect(rows(page)).toHaveCount(1);

    await emulator.addFault({ path: `/v1/stores/${w.id}`, method: "DELETE", kind: "respond", status: 503 });
    await page.getByRole("button", { name: `Actions for ${w.name}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${w.name}?` });
    await dialog.getByLabel(`Type the code ${w.code} to confirm`).fill(w.code);
    await dialog.getByRole("button", { name: "Delete warehouse" }).click();
    await expect(dialog.getByRole("alert")).toContainText(`${w.name} was not deleted`);
    await expect(dialog.getByRole("alert")).toContainText("The Labs platform is not available right now");
    await expect(rows(page)).toHaveCount(1);
    await emulator.clearFaults();

    await dialog.getByRole("button", { name: "Deactivate instead" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${w.name} is now passive.`)).toBeVisible();
    await settled(page);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByTestId("status-badge")).toHaveText("Passive");
  });
});

test.describe("warehouse lifecycle as admin", () => {
  test.use({ storageState: ADMIN });

  test("creates, edits, makes default, deactivates and deletes a warehouse", async ({ page }) => {
    // Five writes through the form and the restore of the default: about 20 s alone, past 30 s on a shared machine.
    test.setTimeout(60_000);
    const tag = unique();
    const name = `E2E Depo ${tag}`;
    const code = `E2E-${tag}`;

    try {
      await page.goto("/warehouses");
      await page.getByRole("link", { name: "New warehouse" }).click();
      await expect(page).toHaveURL(/\/warehouses\/new$/);
      await expect(page.getByRole("heading", { level: 1, name: "New warehouse" })).toBeVisible();
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Code").fill(code);
      await page.getByLabel("ERP warehouse ID").fill("0099");
      await expect(page.getByTestId("code-check")).toHaveText("No other warehouse uses this code.");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Create warehouse" }).click();

      await expect(page).toHaveURL(/\/warehouses\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await expect(page.getByText(`${name} was created.`)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const fields = page.getByTestId("warehouse-fields");
      await expect(fields).toContainText(code);
      await expect(fields).toContainText("0099");
      await expect(page.getByTestId("erp-mapping")).toContainText("ERP warehouse 0099");
      await expect(page.getByTestId("status-badge")).toHaveText("Active");
      await expect(page.getByTestId("default-badge")).toHaveCount(0);
      await expect(page.getByTestId("target-history").getByRole("listitem").first()).toBeVisible();
      await expectAccessible(page);

      // Edit.
      await page.getByRole("link", { name: "Edit" }).click();
      await expect(page).toHaveURL(new RegExp(`/warehouses/${id}/edit$`));
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await page.getByLabel("Name").fill(`${name} Edited`);
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page).toHaveURL(new RegExp(`/warehouses/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name: `${name} Edited` })).toBeVisible();

      // Make default: the confirmation names the default it replaces.
      await page.getByRole("button", { name: "Make default" }).click();
      let dialog = page.getByRole("dialog", { name: `Make ${name} Edited the default warehouse?` });
      await expect(dialog).toContainText("Online (ONLINE) is the default warehouse now");
      await dialog.getByRole("button", { name: "Make default" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${name} Edited is now the default warehouse.`)).toBeVisible();
      await expect(page.getByTestId("default-badge")).toBeVisible();
      // The default cannot be deactivated or deleted, and the page says why and what to do.
      await expect(page.getByRole("button", { name: "Deactivate" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Deactivate" })).toHaveAccessibleDescription(/cannot be deactivated/);
      await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
      await expect(page.getByTestId("default-rule")).toContainText("Make another warehouse the default first.");
      await expect(page.getByRole("link", { name: "Choose another default warehouse" })).toBeVisible();

      // ONLINE becomes the default again; its confirmation names this warehouse.
      await page.goto("/warehouses/1");
      await page.getByRole("button", { name: "Make default" }).click();
      dialog = page.getByRole("dialog", { name: "Make Online the default warehouse?" });
      await expect(dialog).toContainText(`${name} Edited (${code}) is the default warehouse now`);
      await dialog.getByRole("button", { name: "Make default" }).click();
      await expect(page.getByText("Online is now the default warehouse.")).toBeVisible();

      // Deactivate.
      await page.goto(`/warehouses/${id}`);
      await expect(page.getByTestId("default-badge")).toHaveCount(0);
      await page.getByRole("button", { name: "Deactivate" }).click();
      dialog = page.getByRole("dialog", { name: `Deactivate ${name} Edited?` });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("status-badge")).toHaveText("Active");
      await page.getByRole("button", { name: "Deactivate" }).click();
      await dialog.getByRole("button", { name: "Deactivate" }).click();
      const passive = page.locator("[data-sonner-toast]").filter({ hasText: `${name} Edited is now passive.` });
      await expect(passive).toBeVisible();
      await expect(page.getByTestId("status-badge")).toHaveText("Passive");
      // Undo from the toast makes it active again; deactivated once more for the steps below.
      await passive.getByRole("button", { name: "Undo" }).click();
      await expect(page.getByText(`${name} Edited is now active.`)).toBeVisible();
      await expect(page.getByTestId("status-badge")).toHaveText("Active");
      await page.getByRole("button", { name: "Deactivate" }).click();
      await dialog.getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByTestId("status-badge")).toHaveText("Passive");
      await expect(page.getByRole("button", { name: "Activate" })).toBeEnabled();

      // Delete: the code must be typed.
      await page.getByRole("button", { name: "Delete" }).click();
      dialog = page.getByRole("dialog", { name: `Delete ${name} Edited?` });
      await expect(dialog).toContainText(`(${code})`);
      const confirm = dialog.getByRole("button", { name: "Delete warehouse" });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(`Type the code ${code} to confirm`).fill("wrong");
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(`Type the code ${code} to confirm`).fill(code);
      await confirm.click();
      await expect(page).toHaveURL(/\/warehouses$/);
      await expect(page.getByText(`${name} Edited was deleted.`)).toBeVisible();
      expect((await page.request.get(`/api/warehouses/${id}`)).status()).toBe(404);
      await page.goto(`/warehouses?q=${code}`);
      await expect(page.getByTestId("warehouse-no-match")).toBeVisible();
    } finally {
      await restoreOnlineDefault(page.request);
    }
  });

  test("a code that differs from another's only by case is refused, naming that warehouse, and both are flagged as not ready", async ({ page }) => {
    const tag = unique();
    const upper = await createWarehouse(page.request, { name: `E2E Case ${tag}`, code: `CASE-${tag}` });
    await page.goto("/warehouses/new");
    await page.getByLabel("Name").fill(`E2E Case ${tag} twin`);
    await page.getByLabel("Code").fill(`case-${tag}`.toLowerCase());
    await expect(page.getByTestId("code-check")).toContainText(`E2E Case ${tag} has the code CASE-${tag}, which reads the same`);
    await page.getByRole("button", { name: "Create warehouse" }).click();
    await expect(page.getByTestId("code-error")).toContainText(`E2E Case ${tag} already has the code CASE-${tag}`);
    await expect(page).toHaveURL(/\/warehouses\/new$/);
    // One made on the platform directly, which takes it: readiness names the other on both.
    const res = await fetch(`${E2E_EMULATOR_URL}/v1/stores`, {
      method: "POST",
      headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `E2E Case ${tag} platform`, code: `Case-${tag}` }),
    });
    expect(res.ok, await res.text()).toBe(true);
    await expect(async () => {
      await page.goto(`/warehouses/${upper.id}`);
      await expect(page.locator('[data-testid="readiness-check"][data-check="codePolicy"]')).toHaveAttribute("data-state", "fail", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('[data-testid="readiness-check"][data-check="codePolicy"]')).toContainText(`E2E Case ${tag} platform (Case-${tag})`);
  });

  test("a duplicate code lands on the code field and keeps what was typed", async ({ page }) => {
    const name = `E2E Dup ${unique()}`;
    await page.goto("/warehouses/new");
    await page.getByLabel("Name").fill(name);
    const codeInput = page.getByLabel("Code");
    await codeInput.fill("ONLINE");
    await expect(page.getByTestId("code-check")).toContainText("Online already uses this code.");
    await page.getByRole("button", { name: "Create warehouse" }).click();
    await expect(page.getByTestId("code-error")).toHaveText("This code is already used by another warehouse.");
    await expect(codeInput).toHaveAttribute("aria-invalid", "true");
    await expect(codeInput).toBeFocused();
    await expect(codeInput).toHaveValue("ONLINE");
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expect(page).toHaveURL(/\/warehouses\/new$/);
  });

  test("required fields and spaces in the code are refused before sending", async ({ page }) => {
    await page.goto("/warehouses/new");
    await page.getByLabel("Code").fill("has space");
    await page.getByRole("button", { name: "Create warehouse" }).click();
    await expect(page.getByTestId("name-error")).toHaveText("This field is required.");
    await expect(page.getByTestId("code-error")).toHaveText("The code cannot contain spaces.");
    await expect(page.getByLabel("Name")).toBeFocused();
  });

  test("the code check's answer does not move the submit button, so a click as it arrives lands", async ({ page }) => {
    await page.goto("/warehouses/new");
    await expect(page.getByLabel("Code")).toBeEnabled();
    const submitTop = () => page.getByRole("button", { name: "Create warehouse" }).evaluate((b) => Math.round(b.getBoundingClientRect().top));
    // Typed and measured in one go, two frames later: well inside the check's 350 ms wait before it asks.
    const typed = await page.getByLabel("Code").evaluate(async (input: HTMLInputElement, code) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, code);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return Math.round([...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Create warehouse")!.getBoundingClientRect().top);
    }, `E2E-${unique()}`);
    await expect(page.getByTestId("code-check")).toHaveText("No other warehouse uses this code.");
    expect(await submitTop(), "the submit button's top once the check answered").toBe(typed);
  });

  test("the Labs platform down during save keeps the typed values and says so", async ({ page }) => {
    const tag = unique();
    const name = `E2E Down ${tag}`;
    const code = `DOWN-${tag}`;
    await page.goto("/warehouses/new");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("ERP warehouse ID").fill("0123");
    await emulator.addFault({ path: "/v1/stores", method: "POST", kind: "respond", status: 503 });
    await page.getByRole("button", { name: "Create warehouse" }).click();

    const error = page.getByTestId("form-error");
    await expect(error).toContainText("Nothing was saved.");
    await expect(error).toContainText("The Labs platform is not available right now.");
    await expect(error).toContainText("Everything you typed is still here");
    await expect(page).toHaveURL(/\/warehouses\/new$/);
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expect(page.getByLabel("Code")).toHaveValue(code);
    await expect(page.getByLabel("ERP warehouse ID")).toHaveValue("0123");
    await expect(page.getByRole("button", { name: "Create warehouse" })).toBeEnabled();

    // Once it is back, the same form saves.
    await emulator.clearFaults();
    await page.getByRole("button", { name: "Create warehouse" }).click();
    await expect(page).toHaveURL(/\/warehouses\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("warns before leaving a form with unsaved changes", async ({ page }) => {
    const w = await createWarehouse(page.request, { name: `E2E Guard ${unique()}`, code: `GRD-${unique()}` });
    await page.goto(`/warehouses/${w.id}/edit`);
    const nameInput = page.getByLabel("Name");
    await nameInput.click();
    await nameInput.press("End");
    await nameInput.pressSequentially(" changed");

    // A link inside the console asks first; staying keeps the typed value.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on the form" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/warehouses/${w.id}/edit$`));
    await expect(nameInput).toHaveValue(`${w.name} changed`);

    // Closing the tab or reloading gets the browser's own warning.
    const [prompt] = await Promise.all([page.waitForEvent("dialog"), page.close({ runBeforeUnload: true })]);
    expect(prompt.type()).toBe("beforeunload");
    await prompt.dismiss();
    expect(page.isClosed()).toBe(false);

    // Leaving on purpose goes where the link pointed.
    await page.getByRole("link", { name: "All warehouses" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/warehouses$/);

    // An untouched form lets you go.
    await page.goto(`/warehouses/${w.id}/edit`);
    await page.getByRole("link", { name: "All warehouses" }).click();
    await expect(page).toHaveURL(/\/warehouses$/);
  });

  test("shows a conflict field by field when someone else saved first; keep mine and take theirs", async ({ page, asOperator: other }) => {
    const tag = unique();
    const w = await createWarehouse(page.request, { name: `E2E Conflict ${tag}`, code: `CNF-${tag}`, erpWarehouseId: "500" });
    await page.goto(`/warehouses/${w.id}/edit`);
    await other.goto(`/warehouses/${w.id}/edit`);

    // The other person saves first: a new name and a new ERP id.
    await other.getByLabel("Name").fill(`${w.name} Theirs`);
    await other.getByLabel("ERP warehouse ID").fill("501");
    await other.getByRole("button", { name: "Save changes" }).click();
    await expect(other).toHaveURL(new RegExp(`/warehouses/${w.id}$`));

    // This form still has the old version: saving shows both, field by field.
    await page.getByLabel("Name").fill(`${w.name} Mine`);
    await page.getByRole("button", { name: "Save changes" }).click();
    const panel = page.getByTestId("conflict-panel");
    await expect(panel.getByRole("heading", { name: "Someone else changed this warehouse" })).toBeVisible();
    const nameRow = panel.locator('[data-testid="conflict-row"][data-field="name"]');
    await expect(nameRow.getByTestId("conflict-theirs")).toContainText(`${w.name} Theirs`);
    await expect(nameRow.getByTestId("conflict-yours")).toContainText(`${w.name} Mine`);
    const erpRow = panel.locator('[data-testid="conflict-row"][data-field="erpWarehouseId"]');
    await expect(erpRow.getByTestId("conflict-theirs")).toContainText("501");
    await expect(erpRow.getByTestId("conflict-yours")).toContainText("500");
    await expectAccessible(page);

    // Keep mine: my name on top of their version (their ERP id stays).
    await panel.getByRole("button", { name: "Keep mine" }).click();
    await expect(page).toHaveURL(new RegExp(`/warehouses/${w.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${w.name} Mine` })).toBeVisible();
    await expect(page.getByTestId("warehouse-fields")).toContainText("501");

    // Again, and this time take theirs.
    await page.goto(`/warehouses/${w.id}/edit`);
    await other.goto(`/warehouses/${w.id}/edit`);
    await other.getByLabel("Code").fill(`CNF-${tag}-T`);
    await other.getByRole("button", { name: "Save changes" }).click();
    await expect(other).toHaveURL(new RegExp(`/warehouses/${w.id}$`));

    await page.getByLabel("Name").fill(`${w.name} Mine again`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("conflict-panel")).toBeVisible();
    await page.getByTestId("conflict-panel").getByRole("button", { name: "Take theirs" }).click();
    await expect(page.getByTestId("conflict-panel")).toBeHidden();
    await expect(page.getByLabel("Name")).toHaveValue(`${w.name} Mine`);
    await expect(page.getByLabel("Code")).toHaveValue(`CNF-${tag}-T`);
  });

  test("an unknown or malformed id is a not-found page", async ({ page }) => {
    for (const path of ["/warehouses/99999999", "/warehouses/abc", "/warehouses/0", "/warehouses/1.5/edit"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Warehouse not found" })).toBeVisible();
    }
  });
});

/** The ids the platform itself marks default now (every page, straight from the emulator). */
async function platformDefaults(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await fetch(`${E2E_EMULATOR_URL}/v1/stores?page=${page}&limit=100`, { headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}` } });
    const body = (await res.json()) as { items: { id: number; isDefault: number }[]; totalPage: number };
    pages = body.totalPage;
    ids.push(...body.items.filter((w) => w.isDefault).map((w) => w.id));
  }
  return ids;
}

test.describe("the default warehouse under concurrent and failing writes", () => {
  test.use({ storageState: OPERATOR });

  test("two make-default edits at once leave exactly one default: the later one", async ({ page }) => {
    const tag = unique();
    const a = await createWarehouse(page.request, { name: `E2E Race A ${tag}`, code: `RACE-${tag}-A` });
    const b = await createWarehouse(page.request, { name: `E2E Race B ${tag}`, code: `RACE-${tag}-B` });
    try {
      await updateWarehouse(page.request, a.id, { isDefault: true });
      // The first edit's re-read of the default it replaces (a) is slow; the second edit, making a
      // the default again, arrives inside that window.
      await emulator.addFault({ method: "GET", path: `/v1/stores/${a.id}`, times: 1, latencyMs: 3000 });
      const first = page.request.put(`/api/warehouses/${b.id}`, { headers: SAME_ORIGIN, data: { isDefault: true } });
      await page.waitForTimeout(1000);
      const second = page.request.put(`/api/warehouses/${a.id}`, { headers: SAME_ORIGIN, data: { isDefault: true } });
      const [r1, r2] = await Promise.all([first, second]);
      expect([r1.status(), r2.status()]).toEqual([200, 200]);
      expect(await platformDefaults()).toEqual([a.id]);
      await page.goto("/warehouses?status=default");
      await settled(page);
      await expect(rows(page)).toHaveCount(1);
      await expect(rowByCode(page, a.code)).toBeVisible();
    } finally {
      await restoreOnlineDefault(page.request);
    }
  });

  test("a make-default whose previous default cannot be unmarked is saved, says so, and is audited", async ({ page }) => {
    const tag = unique();
    const c = await createWarehouse(page.request, { name: `E2E Settle C ${tag}`, code: `SETL-${tag}-C` });
    const a = await createWarehouse(page.request, { name: `E2E Settle A ${tag}`, code: `SETL-${tag}-A` });
    try {
      await updateWarehouse(page.request, a.id, { isDefault: true });
      // A platform that keeps a marked, and fails to unmark it.
      await emulator.addFault({ method: "GET", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 200, body: { ...a, isDefault: 1, isActive: 1 } });
      await emulator.addFault({ method: "PUT", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 500, body: { status: "error", message: "INTERNAL settle stack" } });

      await page.goto(`/warehouses/${c.id}`);
      await page.getByRole("button", { name: "Make default" }).click();
      const dialog = page.getByRole("dialog", { name: `Make ${c.name} the default warehouse?` });
      await dialog.getByRole("button", { name: "Make default" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${c.name} is now the default warehouse.`)).toBeVisible();
      await expect(
        page.getByText(`${c.name} was saved, but the previous default warehouse could not be unmarked. Check the list: if two warehouses are marked default, make ${c.name} the default again.`),
      ).toBeVisible();
      await expect(page.getByTestId("default-badge")).toBeVisible();

      const res = await page.request.get(`/api/activity?target=warehouse:${a.id}&outcome=failure`);
      expect(res.status()).toBe(200);
      const { items } = (await res.json()) as { items: { action: string; message: string }[] };
      expect(items.map((i) => i.action)).toEqual(["warehouse.update"]);
      expect(items[0]?.message).toContain("The previous default could not be unmarked");
      expect(JSON.stringify(items)).not.toContain("INTERNAL");
    } finally {
      await restoreOnlineDefault(page.request);
    }
  });
});

test.describe("warehouses as operator", () => {
  test.use({ storageState: OPERATOR });

  test("may edit but not delete, and is told why", async ({ page }) => {
    await page.goto("/warehouses?q=ANK01");
    await settled(page);
    await rows(page).first().getByRole("link", { name: "Ankara Depo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ankara Depo" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(page.getByTestId("warehouse-actions")).toContainText("Only admins can delete warehouses.");
  });
});

test.describe("warehouses as viewer", () => {
  test.use({ storageState: VIEWER });

  test("sees every action, disabled, with the reason", async ({ page }) => {
    await page.goto("/warehouses?q=ANK01");
    await settled(page);
    const create = page.getByRole("button", { name: "New warehouse" });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription("Only operators and admins can create or edit warehouses.");
    await expect(page.getByText("Only operators and admins can create or edit warehouses.").first()).toBeVisible();

    // The row menu: keyboard operable, reasons on the disabled items, Escape returns focus.
    const trigger = page.getByRole("button", { name: "Actions for Ankara Depo" });
    // The menu's code loads just after the page; until then its button shows disabled (and takes no focus).
    await expect(trigger).toBeEnabled();
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "View" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    // An unavailable item is named by what is on screen: the action and why it cannot be taken.
    const edit = menu.getByRole("menuitem", { name: /^Edit/ });
    await expect(edit).toBeFocused();
    await expect(edit).toBeDisabled();
    await expect(edit).toHaveAccessibleName("Edit Only operators and admins can create or edit warehouses.");
    await expect(menu.getByRole("menuitem", { name: /^Delete/ })).toHaveAccessibleName("Delete Only admins can delete warehouses.");
    await expect(menu.getByRole("menuitem", { name: /^Deactivate/ })).toBeDisabled();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    // Bulk changes: selectable, but the buttons say why they cannot be used.
    await page.getByRole("checkbox", { name: "Select Ankara Depo" }).check();
    await expect(page.getByTestId("bulk-bar").getByRole("button", { name: "Activate selected", exact: true })).toBeDisabled();
    await expect(page.getByTestId("bulk-bar")).toContainText("Only operators and admins can create or edit warehouses.");

    // The detail page.
    await rows(page).first().getByRole("link", { name: "Ankara Depo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ankara Depo" })).toBeVisible();
    const actions = page.getByTestId("warehouse-actions");
    for (const name of ["Edit", "Make default", "Deactivate", "Delete"]) {
      await expect(actions.getByRole("button", { name, exact: true })).toBeDisabled();
    }
    await expect(actions).toContainText("Only operators and admins can create or edit warehouses.");
    await expect(actions).toContainText("Only admins can delete warehouses.");
    await expectAccessible(page);

    // The edit page itself says why there is no form.
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    await expect(page.getByTestId("not-allowed")).toContainText("Only operators and admins can create or edit warehouses.");
    await expect(page.getByRole("textbox")).toHaveCount(0);
  });
});

