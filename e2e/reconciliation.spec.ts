import ExcelJS from "exceljs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pickDate } from "@/e2e/fixtures";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Reconciliation against the built app and the emulator: through /api/v1 with a key (a manifest lands in its buckets), and
// on the page (a window backfilled, an uploaded .xlsx, a file without an id column refused with nothing started).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let admin: APIRequestContext;
let api: APIRequestContext;
let keyId: string;

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Reconciler ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  const { secret, key } = await res.json();
  keyId = key.id;
  api = await playwright.request.newContext({ baseURL: `${E2E_BASE_URL}/api/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
});

test.afterAll(async () => {
  await api.dispose();
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

async function until(path: string, done: (body: Json) => boolean): Promise<Json> {
  let body: Json = {};
  await expect.poll(async () => done((body = await (await api.get(path)).json())), { timeout: 20_000 }).toBe(true);
  return body;
}

test("a manifest of transferred, queued and never-seen ids lands in those buckets; queue-never-seen queues exactly the never-seen", async () => {
  const ids = await emulatorOrders.seed(6);
  const [sent1, sent2, queued1, queued2, never1, never2] = ids as [string, string, string, string, string, string];
  const unknownToAll = "987654321012";
  const transfer = await api.post("transfers", { data: { orderIds: [sent1, sent2] }, headers: { "Idempotency-Key": `reconcile-e2e-${Date.now()}` } });
  expect(transfer.status(), await transfer.text()).toBe(201);
  await until(`transfers/${(await transfer.json()).run.id}`, (b) => b.run.state === "completed");
  expect((await api.post("order-queue", { data: { orderIds: [queued1, queued2] } })).status()).toBe(200);

  const started = await api.post("reconciliations", { data: { orders: [...ids, unknownToAll].map((id) => ({ id, source: "web" })) } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = await started.json();
  const done = await until(`reconciliations/${id}`, (b) => b.status !== "running");
  expect(done).toMatchObject({ status: "done", total: 7, buckets: { inErp: 2, waiting: 2, open: 0, neverSeen: 3, unknownToPlatform: 0 } });
  const page = async (bucket: string) => ((await (await api.get(`reconciliations/${id}/orders?bucket=${bucket}&limit=25`)).json()).items as Json[]).map((o) => o.orderId);
  expect(await page("inErp")).toEqual([sent1, sent2]);
  expect(await page("waiting")).toEqual([queued1, queued2]);
  expect(await page("neverSeen")).toEqual([never1, never2, unknownToAll]);

  const queued = await api.post(`reconciliations/${id}/queue-never-seen`);
  expect(queued.status(), await queued.text()).toBe(200);
  expect(await queued.json()).toEqual({ queued: 3, alreadyQueued: 0, alreadyTransferred: 0, unknown: 0, left: 0 });
  const queue = ((await (await api.get("order-queue?limit=100")).json()).items as Json[]).map((o) => o.orderId);
  expect(queue.filter((o) => ids.includes(o) || o === unknownToAll).sort()).toEqual([queued1, queued2, never1, never2, unknownToAll].sort());
  await api.delete("order-queue", { data: { orderIds: [queued1, queued2, never1, never2, unknownToAll] } });
});

test("a window over the maximum and a manifest of malformed ids are refused on their fields, and nothing is started", async () => {
  const over = await api.post("reconciliations", { data: { from: "2026-01-01T00:00:00Z", to: "2026-02-02T00:00:00Z" } });
  expect(over.status()).toBe(422);
  expect((await over.json()).errors).toEqual({ to: ["A window may span at most 31 days."] });
  const malformed = await api.post("reconciliations", { data: { orders: [{ id: "3572000" }, { id: "35720O1" }] } });
  expect(malformed.status()).toBe(422);
  expect((await malformed.json()).errors).toEqual({ "orders.1.id": ["An order id has digits only."] });
  expect((await api.post("reconciliations/00000000-0000-4000-8000-000000000000/queue-never-seen")).status()).toBe(404);
});

test.describe("the reconciliation page", () => {
  test.use({ storageState: storageStateFor("operator") });
  const TEMPLATE = /\{[A-Za-z_]+(\}|,\s*(select|plural|number))/;

  async function queuedIds(): Promise<string[]> {
    return ((await (await api.get("order-queue?limit=100")).json()).items as Json[]).map((o) => o.orderId as string);
  }

  async function startedCount(): Promise<number> {
    return (await (await api.get("reconciliations?limit=10")).json()).total as number;
  }

  async function doneView(page: Page) {
    await expect(page).toHaveURL(/\/reconciliations\/[0-9a-f-]{36}/);
    const view = page.getByTestId("reconciliation-view");
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 20_000 });
    return view;
  }

  test("a backfill of a day: the buckets and their per-day and per-channel rows add up, a bucket's ids export and survive a reload, and the never-seen are queued once confirmed", async ({ page }) => {
    const day = new Date(Date.UTC(2016, 0, 1) + (Date.now() % 1500) * 86_400_000).toISOString().slice(0, 10);
    const [sent, waiting, never1, never2] = (await emulatorOrders.seedListed(4, { createdAt: `${day}T12:00:00Z`, source: "trendyol" })) as [string, string, string, string];
    const transfer = await api.post("transfers", { data: { orderIds: [sent] }, headers: { "Idempotency-Key": `reconcile-page-${Date.now()}` } });
    expect(transfer.status(), await transfer.text()).toBe(201);
    await until(`transfers/${(await transfer.json()).run.id}`, (b) => b.run.state === "completed");
    expect((await api.post("order-queue", { data: { orderIds: [waiting] } })).status()).toBe(200);

    await page.goto("/reconciliations");
    const form = page.getByTestId("reconcile-window");
    await pickDate(form.getByLabel("From", { exact: true }), day);
    await pickDate(form.getByLabel("To", { exact: true }), day);
    await form.getByRole("button", { name: "Send every platform order of these dates not yet in the ERP" }).click();
    const view = await doneView(page);
    await expect(page).toHaveURL(/backfill=1/);
    await expect(page.getByTestId("reconciliation-total")).toContainText("4");
    for (const [bucket, n] of Object.entries({ inErp: 1, waiting: 1, open: 0, neverSeen: 2, unknownToPlatform: 0 })) await expect(view.getByTestId(`bucket-${bucket}`)).toHaveAttribute("data-count", String(n));
    await expect(page.getByTestId("breakdown-day").locator(`tr[data-key="${day}"]`)).toHaveAttribute("data-total", "4");
    await expect(page.getByTestId("breakdown-channel").locator('tr[data-key="trendyol"]')).toHaveAttribute("data-total", "4");
    await expect(page.getByTestId("bucket-order-row")).toHaveText([new RegExp(never1), new RegExp(never2)]);

    await view.getByTestId("bucket-inErp").click();
    await expect(page).toHaveURL(/bucket=inErp/);
    await page.reload();
    await expect(page.getByTestId("bucket-order-row")).toHaveText([new RegExp(sent)]);
    await page.goBack();
    await expect(page.getByTestId("bucket-orders")).toHaveAttribute("data-bucket", "neverSeen");

    const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bucket-export-xlsx").click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push([1, 2, 3, 4].map((i) => row.getCell(i).text)));
    expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([["Order ID", "Channel", "Bucket"], [never1, "trendyol", "Never seen"], [never2, "trendyol", "Never seen"]]);
    expect(rows.flat().filter((cell) => TEMPLATE.test(cell))).toEqual([]);

    await expect(page.getByTestId("backfill-notice")).toBeVisible();
    await page.getByTestId("queue-never-seen-button").click();
    const dialog = page.getByTestId("queue-never-seen-confirm");
    await expect(dialog).toContainText("Queue 2 never-seen orders?");
    await dialog.getByRole("button", { name: "Queue them" }).click();
    await expect(dialog).toHaveCount(0);
    expect((await queuedIds()).filter((id) => [sent, waiting, never1, never2].includes(id)).sort()).toEqual([waiting, never1, never2].sort());
    await api.delete("order-queue", { data: { orderIds: [waiting, never1, never2] } });
  });

  test("an uploaded .xlsx export is previewed with the columns it found, then reconciled per channel", async ({ page }) => {
    const ids = await emulatorOrders.seed(3);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Siparişler");
    sheet.addRow(["Müşteri", "Sipariş Tarihi", "Sipariş No", "Kanal"]);
    sheet.addRow(["Ayşe", "2026-01-05T09:00:00Z", ids[0], "trendyol"]);
    sheet.addRow(["Mehmet", "2026-01-05T10:00:00Z", ids[1], "trendyol"]);
    sheet.addRow(["Zeynep", "2026-01-06T11:00:00Z", ids[2], "web"]);
    sheet.addRow(["Ali", "2026-01-06T12:00:00Z", "iade", "web"]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    await page.goto("/reconciliations");
    const upload = page.getByTestId("reconcile-upload");
    await upload.getByLabel("Export file").setInputFiles({ name: "panel-export.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
    const preview = upload.getByTestId("reconcile-upload-preview");
    await expect(preview.getByTestId("reconcile-upload-found")).toHaveText("3 orders in 4 rows.");
    await expect(preview.getByTestId("reconcile-upload-column-id")).toHaveText("Sipariş No");
    await expect(preview.getByTestId("reconcile-upload-column-date")).toHaveText("Sipariş Tarihi");
    await expect(preview.getByTestId("reconcile-upload-column-channel")).toHaveText("Kanal");
    await preview.getByRole("button", { name: "Reconcile 3 orders" }).click();

    const view = await doneView(page);
    await expect(view.getByTestId("bucket-neverSeen")).toHaveAttribute("data-count", "3");
    await expect(page.getByTestId("breakdown-channel").locator('tr[data-key="trendyol"]')).toHaveAttribute("data-total", "2");
    await expect(page.getByTestId("breakdown-channel").locator('tr[data-key="web"]')).toHaveAttribute("data-total", "1");
    await expect(page.getByTestId("breakdown-day").locator('tr[data-key="total"]')).toHaveAttribute("data-total", "3");
  });

  test("a file without an order-id column and one over the row limit are refused with the reason, and nothing is started or queued", async ({ page }) => {
    const [before, queueBefore] = [await startedCount(), await queuedIds()];
    await page.goto("/reconciliations");
    const upload = page.getByTestId("reconcile-upload");
    await upload.getByLabel("Export file").setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from("Customer;Date;Channel\nAyşe;2026-11-28;web\nMehmet;2026-11-27;web\n") });
    await expect(upload.getByTestId("reconcile-upload-error")).toHaveText("No column of this file holds order ids (numbers only); export the order list with its order id column.");
    await expect(upload.getByTestId("reconcile-upload-preview")).toHaveCount(0);

    const rows = Array.from({ length: 100_001 }, (_, i) => String(4_000_000 + i)).join("\n");
    const big = await page.request.post("/api/erp/reconciliations/upload", { headers: { Origin: E2E_BASE_URL }, data: { fileName: "big.csv", content: Buffer.from(`order_id\n${rows}`).toString("base64"), start: true } });
    expect(big.status()).toBe(422);
    expect((await big.json()).errors).toEqual({ fileName: ["The file has more than 100000 rows, the most one reconciliation reads; export fewer days."] });
    expect(await startedCount()).toBe(before);
    expect(await queuedIds()).toEqual(queueBefore);
  });
});
