import { expect, test } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The order queue end to end: ids pushed through the browser's route (one malformed) wait on /erp,
// "Send now" sends them as one run from the queue and the queue empties; a viewer sees why it may not.

test.use({ storageState: storageStateFor("operator") });

test("queued ids show on /erp, Send now sends them as one run from the queue, and a viewer is told why not", async ({ page, browser }) => {
  const ids = await emulatorOrders.seed(3);
  const queued = await page.request.post("/api/erp/queue", { headers: { origin: E2E_BASE_URL }, data: { orderIds: [...ids, "35x72"] } });
  expect(queued.status(), await queued.text()).toBe(200);
  expect(await queued.json()).toMatchObject({ queued: ids, invalid: [{ id: "35x72", reason: "not_a_number" }] });

  const viewer = await browser.newContext({ storageState: storageStateFor("viewer") });
  try {
    const viewerPage = await viewer.newPage();
    await viewerPage.goto("/erp");
    const queue = viewerPage.getByTestId("order-queue");
    await expect(queue.getByTestId("queue-count")).toHaveText("3 orders waiting");
    await expect(queue.getByTestId("queue-send-now")).toBeDisabled();
    await expect(queue.getByTestId("queue-send-reason")).toContainText("Your role (Viewer)");
  } finally {
    await viewer.close();
  }

  await page.goto("/erp");
  const queue = page.getByTestId("order-queue");
  await expect(queue.getByTestId("queue-count")).toHaveText("3 orders waiting");
  await expect(queue.getByTestId("queue-row")).toHaveCount(3);
  await expect(queue.getByTestId("queue-next-send")).toContainText("No active transfer schedule");
  await queue.getByTestId("queue-send-now").click();
  await expect(queue.getByTestId("queue-count")).toHaveText("0 orders waiting");
  await expect(queue.getByTestId("queue-send-now")).toBeDisabled();
  const href = await queue.getByTestId("queue-run-link").getAttribute("href");
  const runId = href!.split("/").pop()!;
  const run = await (await page.request.get(`/api/erp/transfers/${runId}`)).json();
  expect(run.run).toMatchObject({ origin: "queue", counts: { total: 3 } });
  expect(run.orders.items.map((o: { orderId: string }) => o.orderId)).toEqual(ids);
  await page.goto(href!);
  await expect(page.getByTestId("run-origin")).toHaveText("Sent from the queue");
});
