import { expect, test, type Page } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { chooseOption, pickDate } from "@/e2e/fixtures";

// Run history that finds things: the run list filtered by result and date keeps its view through a reload and Back,
// and the home tile's count of runs needing attention opens that list.

test.use({ storageState: storageStateFor("operator") });

test.afterEach(async () => {
  await emulator.clearFaults();
});

async function send(page: Page, orderIds: string[], key: string): Promise<string> {
  const res = await page.request.post("/api/erp/transfers", { headers: { origin: E2E_BASE_URL, "Idempotency-Key": `${key}-${Date.now()}` }, data: { orderIds } });
  expect(res.status(), await res.text()).toBe(201);
  const runId = ((await res.json()) as { run: { id: string } }).run.id;
  await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 }).toBe("completed");
  return runId;
}

test("the run list filtered by result and date keeps its view on reload and Back; the home tile's count opens it", async ({ page }) => {
  const [good, bad] = await emulatorOrders.pending(2);
  const completeRun = await send(page, [good!], "filters-complete");
  // One rate-limited call: the order failed, and the run needs attention.
  await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
  const attentionRun = await send(page, [bad!], "filters-attention");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());

  await page.goto("/erp");
  const filters = page.getByRole("search", { name: "Filter transfer runs" });
  const row = (id: string) => page.locator(`[data-testid="transfer-history-row"][data-run-id="${id}"]`);
  await expect(row(completeRun)).toBeVisible();
  await chooseOption(filters.getByLabel("Result", { exact: true }), "Needs attention");
  await expect(page).toHaveURL(/\/erp\?result=needs_attention$/);
  await pickDate(filters.getByLabel("From", { exact: true }), today);
  await pickDate(filters.getByLabel("To", { exact: true }), today);
  await expect(page).toHaveURL(new RegExp(`result=needs_attention&from=${today}&to=${today}$`));
  await expect(row(attentionRun)).toBeVisible();
  await expect(row(attentionRun)).toContainText("Needs attention");
  await expect(row(completeRun)).toHaveCount(0);

  await page.reload();
  await expect(filters.getByLabel("Result", { exact: true })).toHaveText("Needs attention");
  await expect(filters.getByLabel("From", { exact: true })).toHaveAttribute("data-value", today);
  await expect(row(attentionRun)).toBeVisible();
  await expect(row(completeRun)).toHaveCount(0);

  // Back steps through the filters as they were set, one at a time.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/erp\?result=needs_attention$/);
  await expect(filters.getByLabel("From", { exact: true })).toHaveAttribute("data-value", "");
  await expect(row(attentionRun)).toBeVisible();
  await expect(row(completeRun)).toHaveCount(0);

  // By the menu, as a user goes: a goto here raced the list's own navigation after Back.
  // A click that lands while the list is still settling after Back is tried again.
  await expect(async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const count = page.getByTestId("home-transfers").getByTestId("home-transfers-count-needs_attention");
  await expect(count).toHaveAttribute("href", "/erp?result=needs_attention&open=retry");
  await expect(count).toContainText(/\d+ runs? needs? attention/);
  await count.click();
  await expect(page).toHaveURL(/\/erp\?result=needs_attention&open=retry$/);
  await expect(page.getByRole("search", { name: "Filter transfer runs" }).getByLabel("Result", { exact: true })).toHaveText("Needs attention");
  await expect(page.getByRole("search", { name: "Filter transfer runs" }).getByLabel("Open orders", { exact: true })).toHaveText("Still open to retry in the failures inbox");
  await expect(row(attentionRun)).toBeVisible();
  await expect(row(completeRun)).toHaveCount(0);
});

test("the run list filtered by channel keeps it in the URL through a reload; a channel no run holds says so", async ({ page }) => {
  const [id] = await emulatorOrders.pending(1);
  const queued = await page.request.post("/api/erp/queue", { headers: { origin: E2E_BASE_URL }, data: { orders: [{ id, source: "Trendyol" }] } });
  expect(queued.status(), await queued.text()).toBeLessThan(300);
  const sent = await page.request.post("/api/erp/queue/send", { headers: { origin: E2E_BASE_URL, "Idempotency-Key": `filters-channel-${Date.now()}` } });
  expect(sent.status(), await sent.text()).toBe(201);
  const runId = ((await sent.json()) as { run: { id: string } }).run.id;
  await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 }).toBe("completed");

  await page.goto("/erp");
  const filters = page.getByRole("search", { name: "Filter transfer runs" });
  const row = page.locator(`[data-testid="transfer-history-row"][data-run-id="${runId}"]`);
  await chooseOption(filters.getByLabel("Channel", { exact: true }), "trendyol");
  await expect(page).toHaveURL(/\/erp\?channel=trendyol$/);
  await expect(row).toBeVisible();
  await page.reload();
  await expect(filters.getByLabel("Channel", { exact: true })).toHaveText("trendyol");
  await expect(row).toBeVisible();

  await page.goto("/erp?channel=n11");
  await expect(filters.getByLabel("Channel", { exact: true })).toHaveText("n11");
  await expect(page.getByTestId("transfer-history")).toContainText("No runs match these filters");
});
