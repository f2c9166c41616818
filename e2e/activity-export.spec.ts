import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { LOCALE_COOKIE } from "@/lib/i18n/config";

// The activity files hold what the page shows: for the same rows, the same person, action, target, result and sentence,
// in the reader's language, never a message template or a catalog key.

const TEMPLATE = /\{[A-Za-z_]+(\}|,\s*(select|plural|number))/;
const CATALOG_KEY = /^[a-z_]+(\.[a-z_]+)+$/;
// The file's columns beside the table's: person, action, target, outcome, message.
const FILE_COLUMNS = [1, 3, 4, 7, 8];

test.use({ storageState: storageStateFor("admin") });

/** The table's rows as read on screen: person (name, then e-mail), action, target, outcome, message. */
async function shownRows(page: Page): Promise<string[][]> {
  const table = page.getByTestId("activity-table");
  await expect(table).toHaveAttribute("aria-busy", "false");
  return page.getByTestId("activity-row").evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("td, th")].slice(1, 6).map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, " ").trim())),
  );
}

async function download(page: Page, xlsx: boolean): Promise<string[][]> {
  const link = page.locator(xlsx ? 'a[href^="/api/activity/export"][href*="format=xlsx"]' : 'a[href^="/api/activity/export"]:not([href*="format=xlsx"])');
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = (await file.path())!;
  if (!xlsx) {
    const text = await readFile(path, "utf8");
    return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, delimiter: text.includes('";"') ? ";" : "," }).data;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push(Array.from({ length: 14 }, (_, i) => row.getCell(i + 1).text)));
  return rows;
}

test("the CSV and the .xlsx hold the page's texts for the same rows, in English and Turkish", async ({ page }) => {
  // A run the ERP refuses one order of for good: it completes with rejections, which the trail reads as done.
  const started = await page.request.post("/api/erp/transfers", { headers: { origin: E2E_BASE_URL, "Idempotency-Key": `activity-export-${Date.now()}` }, data: { orderIds: ["9999999"] } });
  expect(started.status(), await started.text()).toBe(201);
  const runId = ((await started.json()) as { run: { id: string } }).run.id;
  await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { result: string } }).run.result, { timeout: 20_000 }).toBe("complete_with_rejections");

  try {
    for (const locale of ["en", "tr"] as const) {
      await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: E2E_BASE_URL }]);
      await page.goto("/activity?limit=50");
      const shown = await shownRows(page);
      expect(shown.length).toBeGreaterThan(3);
      const runEnd = page.getByTestId("activity-row").filter({ has: page.locator(`a[href="/erp/transfers/${runId}"]`) }).first();
      await expect(runEnd.locator("[data-outcome]")).toHaveAttribute("data-outcome", "success");

      for (const xlsx of [false, true]) {
        const [, ...rows] = await download(page, xlsx);
        const file = rows.slice(0, shown.length).map((row) => FILE_COLUMNS.map((i) => row[i] ?? ""));
        const onPage = shown.map(([who = "", ...rest], i) => [who.startsWith(file[i]![0]!) ? file[i]![0]! : who, ...rest.map((c) => (c === "—" ? "" : c))]);
        expect(file, `${locale} ${xlsx ? "xlsx" : "csv"}`).toEqual(onPage);
        const unreadable = rows.flat().filter((cell) => TEMPLATE.test(cell) || CATALOG_KEY.test(cell.trim()));
        expect(unreadable, `${locale} ${xlsx ? "xlsx" : "csv"}`).toEqual([]);
      }
    }
  } finally {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: E2E_BASE_URL }]);
  }
});
