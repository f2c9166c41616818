import { expect, test } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { chooseOption } from "@/e2e/fixtures";
import { storageStateFor } from "@/test/env";

// Watching and stopping a running transfer: the progress moves without a reload, a stop lets the batches on the wire settle,
// and what was never sent is "not sent", says it was stopped (on the run and in the order's story), and is offered by "Send unsent".

const OPERATOR = storageStateFor("operator");
const TRANSFER = "/v1/action/orders-erp-transfer";
const ORDERS = 2000;

test.afterEach(async () => {
  await emulator.clearFaults();
});

test("a run slowed by emulator latency is stopped from the page; its rest is not sent and Send unsent offers it", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ storageState: OPERATOR });
  try {
    const ids = await emulatorOrders.seed(ORDERS);
    const since = await emulatorOrders.lastSeq();
    await emulator.addFault({ path: TRANSFER, latencyMs: 2500 });

    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(ids.join("\n"));
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}$/);

    const watch = page.getByTestId("run-watch");
    await expect(page.getByTestId("run-watch-wire")).toHaveText(/^On the wire: [12] batch(es)?$/, { timeout: 30_000 });
    await expect.poll(async () => Number(await watch.getAttribute("data-settled")), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId("run-watch-left")).toHaveText(/^About .+ left$/);
    // While running, what is not sent yet is waiting, not "Not sent".
    await expect(page.getByTestId("count-not-sent").locator("xpath=preceding-sibling::dt")).toHaveText("Waiting");

    // On a phone the stop is on the first screen, next to the headline and the progress.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const stopBox = await page.getByTestId("run-stop").boundingBox();
    expect(stopBox!.y + stopBox!.height).toBeLessThan(812);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId("run-stop").click();
    const dialog = page.getByTestId("stop-dialog");
    await expect(dialog).toContainText("No new batch is sent.");
    await dialog.getByRole("button", { name: "Stop the run" }).click();
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
    await expect(page.getByTestId("run-stopped-note")).toContainText("Stopped by Onur Operator");

    const notSent = Number((await page.getByTestId("count-not-sent").textContent())!.replace(/\D/g, ""));
    const sent = await emulatorOrders.transferredSince(since);
    expect(notSent).toBeGreaterThan(0);
    expect(sent.length + notSent).toBe(ORDERS);
    await expect(page.getByTestId("count-transferred")).toHaveText(String(sent.length));
    await expect(page.getByTestId("count-not-sent").locator("xpath=preceding-sibling::dt")).toHaveText("Not sent");
    const fmt = (n: number) => n.toLocaleString("en");
    await expect(page.getByTestId("run-summary")).toHaveText(`Stopped by Onur Operator: ${fmt(ORDERS - notSent)} sent, ${fmt(notSent)} not sent (can be sent again).`);

    // An unsent order says why, and its story reads the same and copies as one message.
    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Not sent");
    const unsent = page.getByTestId("run-order-row").first();
    await expect(unsent.getByTestId("run-order-reason")).toContainText("Not sent: the run was stopped by Onur Operator at ");
    const unsentId = (await unsent.getAttribute("data-order-id"))!;
    await unsent.getByTestId("run-order-story").click();
    await expect(page).toHaveURL(`/erp/orders/${unsentId}#what-happened`);
    const story = page.getByTestId("order-story-line");
    await expect(story).toHaveCount(1);
    await expect(story.first()).toContainText("Onur Operator started a transfer to the ERP (New run). Not sent: the run was stopped by Onur Operator at ");
    await expect(page.getByTestId("order-history-reason")).toHaveText("Not sent: the run was stopped");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByTestId("order-story-copy").click();
    await expect(page.getByText("Copied. Paste it into your message")).toBeVisible();
    const message = await page.evaluate(() => navigator.clipboard.readText());
    expect(message.split("\n")).toEqual([`Order ${unsentId}: what happened`, `- ${await story.first().textContent()}`]);
    await page.goBack();

    await emulator.clearFaults();
    await page.getByRole("button", { name: `Send the not-yet-sent orders (${fmt(notSent)})` }).click();
    const retry = page.getByTestId("retry-dialog");
    await retry.getByRole("button", { name: `Send ${fmt(notSent)} orders` }).click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("count-total")).toHaveText(fmt(notSent));
    await expect(page.getByTestId("run-parent")).toBeVisible();
  } finally {
    await page.close();
  }
});
