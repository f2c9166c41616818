import { expect, test } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { xlsxFile } from "@/test/xlsx";

// One order's history: an .xlsx with a header row previews right, an id this console sent before is flagged with its run,
// and the order search (page and palette) opens the order's page with that run.

test.use({ storageState: storageStateFor("operator") });

test("an .xlsx with a header row, an id sent before flagged with its run, and the order page showing that run", async ({ page }) => {
  // Seeded ids no earlier run carried (pending ones may sit in runs that failed).
  const [sent, fresh, other] = await emulatorOrders.seed(3);
  const started = await page.request.post("/api/erp/transfers", {
    headers: { origin: E2E_BASE_URL, "idempotency-key": `order-history-${sent}` },
    data: { orderIds: [sent] },
  });
  expect(started.status(), await started.text()).toBe(201);
  const runId = ((await started.json()) as { run: { id: string } }).run.id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 })
    .toBe("completed");

  await page.goto("/erp");
  const workbook = xlsxFile([["Sipariş No"], [{ number: sent! }], [{ number: fresh! }], [other!]]);
  await page.getByLabel("Or upload a CSV, TXT or Excel (.xlsx) file").setInputFiles({
    name: "orders.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(workbook),
  });
  await expect(page.getByTestId("transfer-file-error")).toHaveCount(0);
  await expect(page.getByTestId("transfer-preview-header")).toHaveText("The first row “Sipariş No” looks like a header and was left out.");
  await expect(page.getByTestId("transfer-preview-count")).toHaveText("3 orders will be sent in 1 batch (up to 100 ids per call).");
  await expect(page.getByTestId("transfer-invalid-token")).toHaveCount(0);
  const flagged = page.getByTestId("transfer-transferred-id");
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText(sent!);
  await expect(flagged.getByRole("link")).toHaveAttribute("href", `/erp/transfers/${runId}`);
  await page.getByRole("button", { name: "Leave 1 order out" }).click();
  await expect(page.getByTestId("transfer-preview-count")).toHaveText("2 orders will be sent in 1 batch (up to 100 ids per call).");
  await expect(page.getByTestId("transfer-preview-transferred")).toHaveCount(0);

  const search = page.getByRole("search", { name: "Find an order" });
  await search.getByRole("textbox").fill(sent!);
  await search.getByRole("button", { name: "Show history" }).click();
  await expect(page).toHaveURL(`/erp/orders/${sent}`);
  const row = page.getByTestId("order-history-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-run-id", runId);
  await expect(row).toContainText("Transferred");
  await expect(row).toContainText("operator@demo.local");

  await page.goto("/erp");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  // Keys pressed before hydration go nowhere: Ctrl-K is retried until the palette opens.
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press("Control+K");
    await expect(palette).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId("palette-input").fill(`order ${fresh}`);
  await expect(page.getByTestId("palette-order")).toHaveText(/History of order \d+/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/erp/orders/${fresh}`);
  await expect(page.getByTestId("order-history-empty")).toContainText("No run carried this order");
});
