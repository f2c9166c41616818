import { expect, test } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { startReceiver } from "@/test/alert-servers";

// Outcomes by meaning, as a store team meets them: pasting a list that overlaps one sent a minute ago ends green,
// with the orders already in the ERP counted as done, nothing offered for retry, and no attention alert.

const ADMIN = storageStateFor("admin");
const OPERATOR = storageStateFor("operator");
const SIGNING = "erp-outcomes-signing-secret-0123";

test.afterEach(async () => {
  await emulator.clearFaults();
});

test("an overlapping paste ends green with the already-in-ERP count and no retry button, and raises no attention alert", async ({ browser }) => {
  const receiver = await startReceiver(SIGNING);
  const admin = await browser.newPage({ storageState: ADMIN });
  const page = await browser.newPage({ storageState: OPERATOR });
  let channelId: string | null = null;
  try {
    const created = await admin.request.post("/api/alerts/channels", {
      headers: { origin: E2E_BASE_URL },
      data: { name: `Outcomes hook ${Date.now()}`, kind: "webhook", enabled: true, events: ["transfer.attention"], url: `${receiver.url}/hooks`, signingSecret: SIGNING },
    });
    expect(created.status(), await created.text()).toBe(201);
    channelId = ((await created.json()) as { channel: { id: string } }).channel.id;

    // Two of the three orders were sent a minute ago (by this console or another way).
    const [a, b, c] = await emulatorOrders.pending(3);
    await emulatorOrders.transferDirectly([a!, b!]);

    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(`${a}\n${b}\n${c}`);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}$/);
    const overlapRun = page.url().split("/").pop()!;
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });

    await expect(page.getByTestId("run-status")).toHaveText("Complete");
    await expect(page.getByTestId("run-status")).toHaveAttribute("data-result", "complete");
    await expect(page.getByTestId("run-summary")).toHaveText("Complete: all 3 orders are in the ERP (1 transferred now, 2 were there already).");
    await expect(page.getByTestId("count-transferred")).toHaveText("1");
    await expect(page.getByTestId("count-already")).toHaveText("2");
    await expect(page.getByTestId("count-rejected")).toHaveText("0");
    await expect(page.getByTestId("count-failed")).toHaveText("0");
    for (const id of [a!, b!]) await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${id}"]`)).toHaveAttribute("data-meaning", "already_in_erp");
    await expect(page.locator(`[data-testid="run-order-row"][data-order-id="${c}"]`)).toHaveAttribute("data-meaning", "transferred");
    const actions = page.getByTestId("run-actions");
    await expect(actions.getByRole("button", { name: /Retry|Send again|Resend/ })).toHaveCount(0);
    // Each outcome is explained in one sentence.
    await page.getByTestId("run-meanings-help").getByText("What these outcomes mean").click();
    await expect(page.getByTestId("run-meanings-help")).toContainText("The ERP already had this order from an earlier transfer, so nothing needs doing.");

    // The run list says the same.
    await page.goto("/erp");
    const row = page.locator(`[data-testid="transfer-history-row"][data-run-id="${overlapRun}"]`);
    await expect(row).toContainText("Complete");
    await expect(row).not.toContainText("Needs attention");

    // A run that does need attention (a rate-limited call) reaches the receiver; the overlapping one never did.
    const [d] = await emulatorOrders.pending(1);
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    const failing = await page.request.post("/api/erp/transfers", {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `outcomes-attention-${Date.now()}` },
      data: { orderIds: [d!] },
    });
    expect(failing.status()).toBe(201);
    const attentionRun = ((await failing.json()) as { run: { id: string } }).run.id;
    await expect.poll(() => receiver.received.some((r) => r.body.includes(attentionRun)), { timeout: 30_000 }).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received.filter((r) => r.body.includes(overlapRun))).toEqual([]);
  } finally {
    if (channelId) await admin.request.delete(`/api/alerts/channels/${channelId}`, { headers: { origin: E2E_BASE_URL } });
    await admin.close();
    await page.close();
    await receiver.close();
  }
});
