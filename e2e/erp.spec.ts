import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { confirmImportStart, openImportDialog } from "@/e2e/imports";
import { chooseOption } from "@/e2e/fixtures";

// ERP actions: order transfer runs (preview, batches, per-order outcomes, unknown outcomes after
// a timeout, retries, idempotency, 10,000 ids) and the three imports. Every test makes its own
// orders (fresh pending ids or newly seeded ones) and clears the faults it adds.

const OPERATOR = storageStateFor("operator");
const VIEWER = storageStateFor("viewer");
const RUN_URL = /\/erp\/transfers\/([0-9a-f-]{36})(\?.*)?$/;

test.afterEach(async () => {
  await emulator.clearFaults();
});

async function previewAndSend(page: Page, text: string) {
  await page.getByLabel("Order ids", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Check ids" }).click();
  await expect(page.getByTestId("transfer-preview")).toBeVisible();
}

function runIdOf(page: Page): string {
  const match = RUN_URL.exec(page.url());
  if (!match?.[1]) throw new Error(`not a run page: ${page.url()}`);
  return match[1];
}

async function waitForEnd(page: Page, timeout = 30_000) {
  await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", /completed|interrupted/, { timeout });
}

async function runsBy(page: Page, email: string): Promise<number> {
  const res = await page.request.get(`/api/erp/transfers?by=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).total as number;
}

test.describe("order transfers as operator", () => {
  test.use({ storageState: OPERATOR });

  test("previews a mixed list and shows each order's outcome on a bookmarkable results page", async ({ page }) => {
    const [a, b, c] = await emulatorOrders.pending(3);
    await emulatorOrders.transferDirectly([c!]);

    await page.goto("/erp");
    await expect(page.getByRole("heading", { level: 1, name: "ERP actions" })).toBeVisible();
    await expectAccessible(page);

    await previewAndSend(page, `${a}\n${b}, ${a}; abc\t12x "${c}" 9999999`);
    const preview = page.getByTestId("transfer-preview");
    await expect(preview.getByTestId("transfer-preview-count")).toHaveText("4 orders will be sent in 1 batch (up to 100 ids per call).");
    await expect(preview.getByTestId("transfer-preview-duplicates")).toContainText("1 duplicate removed; each id is sent once.");
    await expect(preview.getByTestId("transfer-preview-duplicates")).toContainText(a!);
    await expect(preview.getByTestId("transfer-preview-invalid")).toContainText("2 entries are not an order id and will not be sent:");
    await expect(preview.getByTestId("transfer-invalid-token")).toHaveText(["abc: not a number", "12x: not a number"]);

    const send = page.getByTestId("transfer-send");
    await expect(send).toHaveText("Send 4 orders");
    await send.click();
    await expect(page).toHaveURL(RUN_URL);
    const runId = runIdOf(page);
    await waitForEnd(page);

    // Of the 2 not transferred, one is in the ERP already (done) and one unknown to the platform (rejected).
    await expect(page.getByTestId("run-summary")).toHaveText(
      "Complete with rejections: 2 transferred, 1 already in the ERP, 1 rejected by the platform, of 4.",
    );
    await expect(page.getByTestId("run-status")).toHaveText("Complete with rejections");
    await expect(page.getByTestId("count-transferred")).toHaveText("2");
    await expect(page.getByTestId("count-already")).toHaveText("1");
    await expect(page.getByTestId("count-rejected")).toHaveText("1");
    const rows = page.getByTestId("run-order-row");
    await expect(rows).toHaveCount(4);
    const row = (id: string) => page.locator(`[data-testid="run-order-row"][data-order-id="${id}"]`);
    await expect(row(a!)).toHaveAttribute("data-outcome", "transferred");
    await expect(row(b!)).toHaveAttribute("data-outcome", "transferred");
    await expect(row("9999999")).toHaveAttribute("data-outcome", "not_transferred");
    await expect(row("9999999").getByTestId("run-order-reason")).toHaveText("Order not found");
    await expect(row(c!)).toHaveAttribute("data-outcome", "not_transferred");
    await expect(row(c!).getByTestId("run-order-reason")).toHaveText("Already transferred");
    await expect(row(c!)).toHaveAttribute("data-meaning", "already_in_erp");
    await expect(row("9999999")).toHaveAttribute("data-meaning", "rejected");
    await expect(row(a!).getByRole("link", { name: a!, exact: true })).toHaveAttribute("href", `/erp/orders/${a}`);
    await expectAccessible(page);

    // Filter by outcome, kept in the URL; a reload (bookmark) gives the same view.
    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Not transferred");
    await expect(page).toHaveURL(/outcome=not_transferred/);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel("Outcome", { exact: true })).toHaveText("Not transferred");

    // CSV export of the filter: BOM, header, the upstream's reason verbatim and translated.
    const csv = await page.request.get(`/api/erp/transfers/${runId}/export?outcome=not_transferred`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith('"Position","Order ID","Batch","Outcome","Reason","Platform\'s reason","Reason code","Meaning","Channel","Order date","Package"\r\n')).toBe(true);
    expect(text).toContain(`"9999999","1","Not transferred","Order not found","Sipariş bulunamadı.","","Rejected"`);
    expect(text).toContain(`"${c}","1","Not transferred","Already transferred","Sipariş daha önce aktarılmış.","","Already in the ERP"`);
    expect(text.trim().split("\r\n")).toHaveLength(3);

    // The run is in the history with who and counts.
    await page.goto("/erp");
    const historyRow = page.locator(`[data-testid="transfer-history-row"][data-run-id="${runId}"]`);
    await expect(historyRow).toContainText("operator@demo.local");
    await expect(historyRow).toContainText("Complete with rejections");
  });

  test("uploads a CSV file, and refuses a broken workbook and a file that is not text", async ({ page }) => {
    const ids = await emulatorOrders.pending(3);
    await page.goto("/erp");
    const upload = page.getByLabel("Or upload a CSV, TXT or Excel (.xlsx) file");
    // The styled picker keeps the native input labelled and reachable by keyboard, and speaks the console's language.
    const picker = page.getByTestId("file-picker");
    await expect(picker).toContainText("Choose a file");
    await expect(picker.getByTestId("file-picker-name")).toHaveText("No file chosen");
    await upload.focus();
    await expect(upload).toBeFocused();
    await upload.setInputFiles({ name: "bad.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]) });
    await expect(page.getByTestId("transfer-file-error")).toHaveText("bad.xlsx could not be read as an Excel workbook. Save it again as .xlsx or CSV and try again.");
    await upload.setInputFiles({ name: "bad.txt", mimeType: "text/plain", buffer: Buffer.from([0x33, 0x00, 0x35]) });
    await expect(page.getByTestId("transfer-file-error")).toHaveText(
      "bad.txt is not a text file (CSV or TXT in UTF-8) nor an .xlsx workbook. Save it as CSV or .xlsx and try again.",
    );

    const csv = `order_id\r\n"${ids[0]}"\r\n"${ids[1]}"\r\n"${ids[2]}"\r\n`;
    // Dropped on the zone, as from a file manager.
    const dropped = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "orders.csv", { type: "text/csv" }));
      return data;
    }, `\uFEFF${csv}`);
    await picker.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(page.getByTestId("transfer-file-error")).toHaveCount(0);
    await expect(picker.getByTestId("file-picker-name")).toHaveText("orders.csv");
    await expect(page.getByTestId("transfer-preview-count")).toHaveText("3 orders will be sent in 1 batch (up to 100 ids per call).");
    // The header row is left out with a note, not listed as an invalid id.
    await expect(page.getByTestId("transfer-preview-header")).toHaveText("The first row “order_id” looks like a header and was left out.");
    await expect(page.getByTestId("transfer-invalid-token")).toHaveCount(0);
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    await waitForEnd(page);
    await expect(page.getByTestId("run-summary")).toHaveText("Complete: all 3 orders are in the ERP (3 transferred now, 0 were there already).");
    await expect(page.getByTestId("run-status")).toHaveText("Complete");
  });

  test("refuses an empty list, a list of only invalid ids and more ids than allowed, before sending", async ({ page }) => {
    await page.goto("/erp");
    const send = page.getByTestId("transfer-send");
    await page.getByRole("button", { name: "Check ids" }).click();
    await expect(page.getByTestId("transfer-preview-problem")).toHaveText("There are no order ids to send. Paste ids or upload a file.");
    await expect(send).toBeDisabled();

    await previewAndSend(page, "abc, 12x; -1");
    await expect(page.getByTestId("transfer-preview-problem")).toHaveText("None of the entries is a valid order id, so nothing can be sent.");
    await expect(send).toBeDisabled();

    // A list that long comes from a file (typing it into the box would take the test minutes).
    const many = Array.from({ length: 10_001 }, (_, i) => String(70_000_000 + i)).join("\n");
    await page.getByLabel("Or upload a CSV, TXT or Excel (.xlsx) file").setInputFiles({ name: "many.txt", mimeType: "text/plain", buffer: Buffer.from(many) });
    await expect(page.getByTestId("transfer-preview-problem")).toHaveText(
      "10,001 ids is more than the 10,000 allowed in one run. Split the list into smaller runs.",
    );
    await expect(send).toBeDisabled();

    // Editing after the preview makes it stale: nothing can be sent until it is checked again.
    await previewAndSend(page, "3572000");
    await expect(send).toBeEnabled();
    await page.getByLabel("Order ids", { exact: true }).fill("3572000 3572001");
    await expect(send).toBeDisabled();
    await expect(page.getByText("The list changed since the preview.")).toBeVisible();
  });

  test("retries only the failed orders in a new run linked to its parent, and copies failed ids", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const [x, y] = await emulatorOrders.pending(2);
    // The platform is rate limited for the call: nothing was transferred, and sending again may work.
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    await page.goto("/erp");
    await previewAndSend(page, `${x} ${y}`);
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    const parentId = runIdOf(page);
    await waitForEnd(page);
    await expect(page.getByTestId("count-failed")).toHaveText("2");
    await expect(page.getByTestId("run-status")).toHaveText("Needs attention");
    await expect(page.getByRole("button", { name: /Send again anyway/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Copy failed ids (2)" }).click();
    await expect(page.getByText("Copied 2 ids to the clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${x}\n${y}`);

    await page.getByRole("button", { name: "Retry failed (2)" }).click();
    const dialog = page.getByRole("dialog", { name: "Retry 2 failed orders?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Retry 2 orders" }).click();
    await expect(page).toHaveURL(RUN_URL);
    await expect.poll(() => runIdOf(page)).not.toBe(parentId);
    const childId = runIdOf(page);
    await waitForEnd(page);
    await expect(page.getByTestId("count-total")).toHaveText("2");
    await expect(page.locator('[data-testid="run-order-row"]')).toHaveCount(2);
    await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${x}"]`)).toHaveAttribute("data-meaning", "transferred");
    await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${y}"]`)).toHaveAttribute("data-meaning", "transferred");
    await expect(page.getByTestId("run-status")).toHaveText("Complete");

    // Linked both ways.
    const parentLink = page.getByTestId("run-parent").getByRole("link");
    await expect(page.getByTestId("run-parent")).toContainText("Retry of failed orders");
    await parentLink.click();
    await expect(page).toHaveURL(new RegExp(`/erp/transfers/${parentId}`));
    const childLink = page.getByTestId("run-children").getByRole("link");
    await expect(childLink).toHaveAttribute("href", `/erp/transfers/${childId}`);
  });

  test("a not-found order is offered only as 'send again anyway', which hands each order on once: a second send is refused, nothing is sent twice, and the parent links each order to its run", async ({ page, context }) => {
    const failed = ["9999961", "9999962"];
    const [ok] = await emulatorOrders.pending(1);
    await page.goto("/erp");
    await previewAndSend(page, `${ok} ${failed.join(" ")}`);
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    const parentId = runIdOf(page);
    await waitForEnd(page);

    // Not found is refused for good: no retry, only a deliberate "send again anyway" that says why.
    await expect(page.getByTestId("run-status")).toHaveText("Complete with rejections");
    await expect(page.getByTestId("count-rejected")).toHaveText("2");
    await expect(page.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

    // A second tab (another operator, or a page left open) has its dialog open already.
    const other = await context.newPage();
    await other.goto(`/erp/transfers/${parentId}`);
    await other.getByRole("button", { name: "Send again anyway (2)" }).click();
    const otherDialog = other.getByRole("dialog", { name: "Send 2 rejected orders again anyway?" });
    await expect(otherDialog).toBeVisible();
    await expect(otherDialog.getByTestId("resend-rejected-reasons")).toHaveText("Order not found (2 orders)");

    const seq = await emulatorOrders.lastSeq();
    await page.getByRole("button", { name: "Send again anyway (2)" }).click();
    await page.getByRole("dialog", { name: "Send 2 rejected orders again anyway?" }).getByRole("button", { name: "Send 2 orders anyway" }).click();
    await expect.poll(() => runIdOf(page)).not.toBe(parentId);
    const childId = runIdOf(page);
    await waitForEnd(page);

    // The second retry is refused, in the reader's words, and stays on the parent.
    await otherDialog.getByRole("button", { name: "Send 2 orders anyway" }).click();
    await expect(other.getByTestId("run-action-error")).toHaveText(
      "These orders were already sent again in a follow-up run, so they are not sent a second time. Open that run from “Follow-up runs”.",
    );
    await expect(other).toHaveURL(new RegExp(`/erp/transfers/${parentId}$`));
    await other.close();

    // So is one sent straight to the API with a fresh key: 409 problem+json.
    const again = await page.request.post("/api/erp/transfers", {
      headers: { Origin: E2E_BASE_URL, "Idempotency-Key": `second-retry-${Date.now()}` },
      data: { parentRunId: parentId, retry: "rejected", confirmRejected: true },
    });
    expect(again.status()).toBe(409);
    expect(again.headers()["content-type"]).toContain("application/problem+json");
    expect(await again.json()).toMatchObject({ code: "conflict", reason: "already_retried" });

    // Since the retry, the platform received each failed id exactly once.
    expect((await emulatorOrders.transferredSince(seq)).sort()).toEqual(failed);

    // The parent says where each order went and offers no second retry.
    await page.goto(`/erp/transfers/${parentId}`);
    await expect(page.getByRole("button", { name: /Send again anyway|^Retry/ })).toHaveCount(0);
    await expect(page.getByTestId("run-already-retried")).toContainText("2 orders of this run were already sent again in a follow-up run");
    for (const id of failed) {
      const link = page.locator(`[data-testid="run-order-row"][data-order-id="${id}"]`).getByTestId("run-order-retried-in").getByRole("link");
      await expect(link).toHaveAttribute("href", `/erp/transfers/${childId}`);
    }
    await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${ok}"]`).getByTestId("run-order-retried-in")).toHaveText("");
    await expectAccessible(page);
  });

  test("a double click on send creates one run and sends each order once", async ({ page }) => {
    const ids = await emulatorOrders.pending(2);
    const before = await runsBy(page, "operator@demo.local");
    const seq = await emulatorOrders.lastSeq();
    await page.goto("/erp");
    await previewAndSend(page, ids.join("\n"));
    await page.getByTestId("transfer-send").dblclick();
    await expect(page).toHaveURL(RUN_URL);
    await waitForEnd(page);
    expect(await runsBy(page, "operator@demo.local")).toBe(before + 1);
    expect((await emulatorOrders.transferredSince(seq)).sort()).toEqual([...ids].sort());
  });

  test("ids still on their way in another run are refused by name with the list kept; ids already in the ERP are recorded, not sent again", async ({ page }) => {
    test.setTimeout(60_000);
    const seeded = await emulatorOrders.seed(302);
    const ids = seeded.slice(298);
    const seq = await emulatorOrders.lastSeq();
    // Three slow batches, each inside the console's 4 s deadline: the two shared ids are in the last, on their way for about 6 s.
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", latencyMs: 3000, times: 3 });
    const earlier = await page.request.post("/api/erp/transfers", {
      headers: { Origin: E2E_BASE_URL, "Idempotency-Key": crypto.randomUUID() },
      data: { orderIds: seeded.slice(0, 300) },
    });
    expect(earlier.status()).toBe(201);
    const earlierId = ((await earlier.json()) as { run: { id: string } }).run.id;

    await page.goto("/erp");
    await previewAndSend(page, ids.join("\n"));
    await page.getByTestId("transfer-send").click();
    await expect(page.getByTestId("transfer-send-error")).toContainText(`Orders already on their way to the ERP in a run still going: ${ids[0]}, ${ids[1]}.`);
    await expect(page).toHaveURL(/\/erp$/);
    await expect(page.getByLabel("Order ids", { exact: true })).toHaveValue(ids.join("\n"));

    // Once that run is done, the same list sends only the two it had not carried.
    await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${earlierId}`)).json()) as { run: { state: string } }).run.state, { timeout: 20_000 }).toBe("completed");
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    await waitForEnd(page);
    await expect(page.getByTestId("count-transferred")).toHaveText("2");
    await expect(page.getByTestId("count-already")).toHaveText("2");
    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Not transferred");
    await expect(page.getByTestId("run-order-reason").first()).toHaveText("An earlier run already put it in the ERP; not sent again");
    expect((await emulatorOrders.transferredSince(seq)).sort()).toEqual([...seeded].sort());
  });

  test("a batch that times out after the platform acted yields 'outcome unknown' for exactly its orders", async ({ page }) => {
    test.setTimeout(60_000);
    const ids = await emulatorOrders.seed(200);
    const seq = await emulatorOrders.lastSeq();
    // The first call to arrive is performed, then answered after the console's 4 s deadline. Both batches are on the
    // wire at once (ERP_TRANSFER_IN_FLIGHT is 2), so either may be the one: exactly its orders are unknown.
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", latencyMs: 6000, apply: "after", times: 1 });

    await page.goto("/erp");
    await previewAndSend(page, ids.join("\n"));
    await expect(page.getByTestId("transfer-preview-count")).toHaveText("200 orders will be sent in 2 batches (up to 100 ids per call).");
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    const runId = runIdOf(page);
    await waitForEnd(page);

    await expect(page.getByTestId("count-unknown")).toHaveText("100");
    await expect(page.getByTestId("count-transferred")).toHaveText("100");
    await expect(page.getByTestId("count-failed")).toHaveText("0");
    await expect(page.getByTestId("count-rejected")).toHaveText("0");
    await expect(page.getByTestId("count-already")).toHaveText("0");
    await expect(page.getByTestId("run-status")).toHaveText("Needs attention");
    await expect(page.getByTestId("run-unknown-note")).toContainText("100 orders have an unknown outcome");

    const res = await page.request.get(`/api/erp/transfers/${runId}?outcome=unknown&limit=100`);
    const body = await res.json();
    expect(body.orders.total).toBe(100);
    const unknownIds = body.orders.items.map((o: { orderId: string }) => o.orderId);
    expect([ids.slice(0, 100), ids.slice(100)]).toContainEqual(unknownIds);
    expect(body.orders.items.every((o: { reasonCode: string }) => o.reasonCode === "timeout")).toBe(true);

    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Outcome unknown");
    await expect(page.getByTestId("run-order-reason").first()).toHaveText("The platform did not answer in time");

    // Resending them is the person's decision, with a warning.
    await page.getByRole("button", { name: "Resend unknown orders (100)" }).click();
    const dialog = page.getByRole("dialog", { name: "Resend 100 orders with unknown outcome?" });
    await expect(dialog.getByTestId("resend-unknown-warning")).toContainText("The platform may already have transferred them.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Each order reached the platform exactly once: the timed-out batch was never resent.
    await expect.poll(async () => (await emulatorOrders.transferredSince(seq)).length, { timeout: 15_000 }).toBe(200);
    expect((await emulatorOrders.transferredSince(seq)).sort()).toEqual([...ids].sort());
  });

  test("10,000 ids sent through the API finish with correct counts", async ({ page }) => {
    test.setTimeout(180_000);
    const ids = await emulatorOrders.seed(10_000);
    const key = crypto.randomUUID();
    const post = () =>
      page.request.post("/api/erp/transfers", {
        headers: { Origin: E2E_BASE_URL, "Idempotency-Key": key },
        data: { orderIds: ids },
      });
    const created = await post();
    expect(created.status()).toBe(201);
    const runId = (await created.json()).run.id as string;
    expect((await created.json()).run.totalBatches).toBe(100);

    // The same key gives back the same run.
    const again = await post();
    expect(again.status()).toBe(200);
    expect((await again.json()).run.id).toBe(runId);

    await expect
      .poll(async () => (await (await page.request.get(`/api/erp/transfers/${runId}`)).json()).run.state, { timeout: 150_000, intervals: [1000] })
      .toBe("completed");
    const { run } = await (await page.request.get(`/api/erp/transfers/${runId}`)).json();
    expect(run.counts).toEqual({ total: 10_000, transferred: 10_000, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect(run.batchesDone).toBe(100);
    expect(run.status).toBe("all_transferred");
    expect(run.result).toBe("complete");

    await page.goto(`/erp/transfers/${runId}`);
    await expect(page.getByTestId("run-summary")).toHaveText("Complete: all 10,000 orders are in the ERP (10,000 transferred now, 0 were there already).");
    await expect(page.getByTestId("count-transferred")).toHaveText("10,000");
  });

  test("an unknown or malformed run id shows a not-found page", async ({ page }) => {
    for (const id of ["not-a-run", "00000000-0000-4000-8000-000000000000"]) {
      const res = await page.goto(`/erp/transfers/${id}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Transfer run not found" })).toBeVisible();
    }
    expect((await page.request.get("/api/erp/transfers/not-a-run")).status()).toBe(422);
    expect((await page.request.get("/api/erp/transfers/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
  });
});

test.describe("imports as operator", () => {
  test.use({ storageState: OPERATOR });

  const KINDS = [
    { kind: "products", label: "product", message: "Ürün içe aktarma işlemi başlatıldı" },
    { kind: "prices", label: "price", message: "Fiyat içe aktarma işlemi başlatıldı." },
    { kind: "stock", label: "stock", message: "Stok güncelleme işlemi başlatıldı" },
  ] as const;

  test("starts each import after confirming, warns before a repeat naming who and when, and shows a failure", async ({ page }) => {
    // The browser's clock is Playwright's from here on: relative times must follow it as it moves.
    await page.clock.install({ time: new Date() });
    await page.goto("/erp");
    for (const { kind, label, message } of KINDS) {
      const card = page.getByTestId(`import-card-${kind}`);
      // The card knows its last run before the button decides which dialog to show.
      await expect(card.getByTestId("import-status")).not.toContainText("Loading the last run");
      const dialog = page.getByTestId(`import-dialog-${kind}`);
      await openImportDialog(card.getByRole("button", { name: `Start ${label} import` }), dialog);
      // A run of this spec earlier within the window makes it the repeat dialog from the start.
      await expect(dialog.getByRole("heading", { name: new RegExp(`^Start the ${label} import( again)?\\?$`) })).toBeVisible();
      await confirmImportStart(dialog);
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId("import-status")).toContainText("by Onur Operator");
      await expect(card.getByTestId("import-status")).toContainText(`The platform said: “${message}”`);
      await expect(card.getByTestId("import-status")).toContainText("The platform does not report when an import finishes.");
    }

    // Starting the same import again within the window is one dialog that names who started it and when.
    const card = page.getByTestId("import-card-products");
    await card.getByRole("button", { name: "Start product import" }).click();
    const dialog = page.getByTestId("import-dialog-products");
    await expect(dialog.getByRole("heading", { name: "Start the product import again?" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Start import" })).toHaveCount(0);
    await expect(dialog.getByTestId("import-repeat-warning")).toContainText(/started the product import (just now|\d+ minutes? ago)/);
    await expect(dialog.getByTestId("import-repeat-warning")).toContainText("Onur Operator (operator@demo.local) started the product import");
    await expect(dialog.getByTestId("import-repeat-warning")).toContainText(/at .*\d/);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Start again" }).click();
    await expect(dialog).toBeHidden();

    // A failure is shown and recorded, and the button is usable again.
    await emulator.addFault({ path: "/v1/action/products-erp-sync", kind: "respond", status: 503, times: 1 });
    await card.getByRole("button", { name: "Start product import" }).click();
    await dialog.getByRole("button", { name: "Start again" }).click();
    await expect(card.getByTestId("import-failure")).toHaveText(
      "The product import was not started: The Labs platform is temporarily unavailable.",
    );
    await expect(card.getByRole("button", { name: "Start product import" })).toBeEnabled();
    await expect(card.getByTestId("import-status")).toContainText("The platform answered HTTP 503.");
    // Right after a start the card says "just now" (never "in 2 seconds"), and the words move with the clock.
    await expect(card.getByTestId("import-status")).toContainText("The last attempt, just now by Onur Operator");
    await page.clock.fastForward("02:00");
    await expect(card.getByTestId("import-status")).toContainText("The last attempt, 2 minutes ago by Onur Operator");

    // History per kind, in the URL.
    await chooseOption(page.getByLabel("Show", { exact: true }), "Products");
    await expect(page).toHaveURL(/import=products/);
    const rows = page.getByTestId("imports-row");
    await expect(rows.first()).toContainText("Failed");
    await expect(rows.first()).toContainText("operator@demo.local");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await expect(rows.filter({ hasText: "(started again on purpose)" }).first()).toBeVisible();
    for (let i = 0; i < (await rows.count()); i++) await expect(rows.nth(i)).toHaveAttribute("data-kind", "products");

    // An unknown kind is refused by the API.
    const bad = await page.request.post("/api/erp/imports", { headers: { Origin: E2E_BASE_URL }, data: { kind: "orders" } });
    expect(bad.status()).toBe(422);
  });
});

test.describe("as viewer", () => {
  test.use({ storageState: VIEWER });

  test("sees runs and imports, with the start buttons disabled and the reason given", async ({ page, playwright }) => {
    // A run to look at, made by an operator.
    const operator = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: OPERATOR, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
    const created = await operator.post("/api/erp/transfers", {
      headers: { "Idempotency-Key": crypto.randomUUID() },
      data: { orderIds: ["9999981", "9999982"] },
    });
    expect(created.status()).toBe(201);
    const runId = (await created.json()).run.id as string;
    await operator.dispose();

    const reason = "Your role (Viewer) can see runs but not start them. Operators and admins can.";
    await page.goto("/erp");
    await expect(page.getByTestId("transfer-send")).toBeDisabled();
    await expect(page.getByTestId("transfer-disabled-reason")).toHaveText(reason);
    for (const label of ["product", "price", "stock"]) {
      await expect(page.getByRole("button", { name: `Start ${label} import` })).toBeDisabled();
    }
    await expect(page.getByTestId("import-disabled-reason")).toHaveText([reason, reason, reason]);
    await expect(page.getByTestId("transfer-history-table")).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/erp/transfers/${runId}`);
    await waitForEnd(page);
    await expect(page.getByRole("button", { name: "Send again anyway (2)" })).toBeDisabled();
    await expect(page.getByTestId("run-disabled-reason")).toHaveText(reason);
    await expectAccessible(page);

    const refused = await page.request.post("/api/erp/transfers", {
      headers: { Origin: E2E_BASE_URL, "Idempotency-Key": crypto.randomUUID() },
      data: { orderIds: ["3572000"] },
    });
    expect(refused.status()).toBe(403);
  });
});
