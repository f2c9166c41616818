import { expect, test } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Channels where people paste and read orders: a spreadsheet block pasted with channel and date columns ends on the run's
// orders (a bad cell named by line and column, nothing sent), and a reconciliation's bucket list filtered by one channel.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test.use({ storageState: storageStateFor("operator") });

const dayMonthYear = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}`;

test("a block pasted from a spreadsheet carries each order's channel and date into the run; a bad cell is named and nothing is sent", async ({ page }) => {
  const [a, b, c] = (await emulatorOrders.pending(3)) as [string, string, string];
  const placed = new Date(Date.now() - 2 * 86_400_000);
  const block = (date: string) => `Sipariş No\tKanal\tSipariş Tarihi\n${a}\tTrendyol\t${date}\n${b}\tweb\t${placed.toISOString().slice(0, 10)}\n${c}\t\t\n`;
  await page.goto("/erp");
  const ids = page.getByLabel("Order ids", { exact: true });
  await ids.fill(block("31.02.2026"));
  await page.getByRole("button", { name: "Check ids" }).click();
  await expect(page.getByTestId("transfer-cell-problem")).toHaveText(["Line 2, order date (column “Sipariş Tarihi”): “31.02.2026” is not a date (use 2026-11-28, 2026-11-28 14:05 or 28.11.2026)"]);
  await expect(page.getByTestId("transfer-send")).toBeDisabled();

  await ids.fill(block(dayMonthYear(placed)));
  await page.getByRole("button", { name: "Check ids" }).click();
  await expect(page.getByTestId("transfer-column")).toHaveText(["order id (column “Sipariş No”)", "channel (column “Kanal”)", "order date (column “Sipariş Tarihi”)"]);
  await expect(page.getByTestId("transfer-columns-carried")).toHaveText("2 orders carry their channel, order date or package id into the run.");
  await expect(page.getByTestId("transfer-cell-problems")).toHaveCount(0);
  await page.getByTestId("transfer-send").click();
  await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}/);
  const runId = /\/erp\/transfers\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const run: Json = await (await page.request.get(`/api/erp/transfers/${runId}`)).json();
  // A date without a zone is the account's day (Europe/Istanbul here, UTC+3 all year).
  const day = (d: Date) => new Date(`${d.toISOString().slice(0, 10)}T00:00:00+03:00`).toISOString();
  expect(run.orders.items.map((o: Json) => [o.orderId, o.source, o.orderDate && new Date(o.orderDate).toISOString()])).toEqual([
    [a, "trendyol", day(placed)],
    [b, "web", day(placed)],
    [c, null, null],
  ]);
});

test("a reconciliation's bucket list filters by the channel whose count is followed, bookmarkably; a malformed channel is refused on its field", async ({ page }) => {
  const base = `8${Date.now()}`;
  const [x, y, z] = [`${base}1`, `${base}2`, `${base}3`];
  const started = await page.request.post("/api/erp/reconciliations", { headers: { Origin: E2E_BASE_URL }, data: { orders: [{ id: x, source: "trendyol" }, { id: y, source: "web" }, { id: z, source: "Trendyol" }] } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = await started.json();
  await expect.poll(async () => (await (await page.request.get(`/api/erp/reconciliations/${id}`)).json()).status, { timeout: 20_000 }).toBe("done");
  const bad = await page.request.get(`/api/erp/reconciliations/${id}/orders?bucket=neverSeen&channel=%25web`);
  expect(bad.status()).toBe(422);
  expect((await bad.json()).errors).toEqual({ channel: ["Filter by a sales channel's name, such as web or a marketplace: 1 to 40 letters, digits, spaces, dots or dashes."] });

  await page.goto(`/reconciliations/${id}`);
  await expect(page.getByTestId("bucket-order-row")).toHaveCount(3);
  await page.getByTestId("breakdown-channel").locator('tr[data-key="trendyol"]').getByTestId("breakdown-link").click();
  await expect(page).toHaveURL(/channel=trendyol/);
  await expect(page.getByTestId("bucket-order-row")).toHaveText([new RegExp(x), new RegExp(z)]);
  await page.reload();
  await expect(page.getByTestId("bucket-order-row")).toHaveText([new RegExp(x), new RegExp(z)]);
  await page.getByTestId("bucket-channel-clear").click();
  await expect(page.getByTestId("bucket-order-row")).toHaveCount(3);
  // On a phone the tables scroll inside their own region; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
