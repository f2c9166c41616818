import { expect, test } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The failures inbox: a 5xx fault's orders show up grouped by reason, are sent again from there as one run, and leave.

const OPERATOR = storageStateFor("operator");

test.afterEach(async () => {
  await emulator.clearFaults();
});

test("a 5xx fault's orders appear in the inbox, are retried from it as one run, and leave it", async ({ browser }) => {
  const page = await browser.newPage({ storageState: OPERATOR });
  try {
    const ids = await emulatorOrders.pending(3);
    await emulator.addFault({ method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, times: 1 });
    const started = await page.request.post("/api/erp/transfers", {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `failures-inbox-${Date.now()}` },
      data: { orderIds: ids },
    });
    expect(started.status()).toBe(201);
    const runId = ((await started.json()) as { run: { id: string } }).run.id;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 })
      .toBe("completed");

    // Filtered to this run in the URL (other specs leave failures of their own in the shared store).
    await page.goto(`/erp/failures?run=${runId}`);
    const group = page.locator('[data-testid="failures-group"][data-reason-code="server_error:503"]');
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId("failures-group-count")).toHaveText("3");
    await expect(page.getByTestId("failures-total")).toHaveText("3 open orders");
    await expect.poll(async () => Number(await page.getByTestId("nav-failures").getAttribute("data-count"))).toBeGreaterThanOrEqual(3);
    const openBefore = Number(await page.getByTestId("nav-failures").getAttribute("data-count"));
    // The count is a pill on the ERP item, named in words, opening the inbox.
    const nav = page.getByRole("navigation", { name: "Main" });
    const pill = nav.getByRole("link", { name: `${openBefore.toLocaleString("en-US")} open failures`, exact: true });
    await expect(pill).toHaveAttribute("href", "/erp/failures");
    await expect(pill).toHaveText(openBefore.toLocaleString("en-US"));
    const erp = (await nav.getByRole("link", { name: "ERP actions", exact: true }).boundingBox())!;
    const box = (await pill.boundingBox())!;
    expect([box.x <= erp.x + erp.width, box.x + box.width > erp.x + erp.width], "the pill sits on the ERP item's edge").toEqual([true, true]);
    expect(Math.abs(box.y + box.height / 2 - (erp.y + erp.height / 2)), "on the item's line").toBeLessThan(4);
    // The phone menu shows the same open count as the desktop nav.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId("nav-menu").click();
    await expect(page.getByTestId("nav-menu-failures")).toHaveAttribute("data-count", String(openBefore));
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 720 });

    await group.getByRole("button", { name: "Retry all 3" }).click();
    const dialog = page.getByTestId("failures-dialog");
    await expect(dialog).toContainText("Send 3 orders again?");
    await dialog.getByRole("button", { name: "Send 3 orders" }).click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}$/);
    const retryRun = page.url().split("/").pop()!;
    expect(retryRun).not.toBe(runId);
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
    await expect(page.getByTestId("count-transferred")).toHaveText("3");
    for (const id of ids) await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${id}"]`)).toHaveAttribute("data-meaning", "transferred");

    await page.goto(`/erp/failures?run=${runId}`);
    await expect(page.getByTestId("failures-empty")).toBeVisible();
    await expect(page.getByTestId("nav-failures")).toHaveAttribute("data-count", String(openBefore - 3));

    // Never twice: the same group again finds nothing left to send.
    const again = await page.request.post(`/api/erp/failures/retry?run=${runId}`, {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `failures-inbox-again-${Date.now()}` },
      data: { meaning: "unknown", reasonCode: "server_error:503", reason: null, confirmUnknown: true },
    });
    expect(again.status()).toBe(409);

    // Marked resolved with a note, the order's history shows who resolved it and the note.
    const missing = `9${Date.now()}`;
    const refused = await page.request.post("/api/erp/transfers", {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `failures-resolve-${missing}` },
      data: { orderIds: [missing] },
    });
    const refusedRun = ((await refused.json()) as { run: { id: string } }).run.id;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/erp/transfers/${refusedRun}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 })
      .toBe("completed");
    await page.goto(`/erp/failures?run=${refusedRun}`);
    await page.getByTestId("failures-group").getByRole("button", { name: "Mark resolved" }).click();
    await dialog.getByLabel("Note (how it was resolved)").fill("Cancelled by the store");
    await dialog.getByRole("button", { name: "Mark resolved" }).click();
    await expect(page.getByTestId("failures-empty")).toBeVisible();
    await page.goto(`/erp/orders/${missing}`);
    await expect(page.getByTestId("order-history-resolution")).toHaveText(/^Marked resolved by .+ \(operator@demo\.local\) on .+: “?Cancelled by the store”?$/);
  } finally {
    await page.close();
  }
});
