import { expect, test, type APIRequestContext } from "@playwright/test";
import { pickDate } from "@/e2e/fixtures";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The transfer hold end to end: put on from /erp, the banner on another page (a viewer sees it without
// the lift), an order pushed with an operator key waits in the queue while held and is sent after the
// lift; a past end is refused on its field and nothing is held.

test.use({ storageState: storageStateFor("operator") });

const API = `${E2E_BASE_URL}/api/v1`;
let admin: APIRequestContext;
let keyId: string;
let secret: string;

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${API}${path}`, { method, headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Hold ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  ({ secret, key: { id: keyId } } = await res.json());
});

test.afterEach(async () => {
  await call("PUT", "/transfer-hold", { held: false });
});

test.afterAll(async () => {
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

test("a hold put on from /erp shows on every page and keeps a pushed order queued until it is lifted", async ({ page, browser }) => {
  const [orderId] = await emulatorOrders.seed(1);
  expect((await call("POST", "/order-queue", { orderIds: [orderId] })).body).toMatchObject({ queued: [orderId] });

  await page.goto("/erp");
  const panel = page.getByTestId("transfer-hold");
  await panel.getByTestId("hold-reason").fill("Month-end close");
  await panel.getByTestId("hold-save").click();
  await expect(panel.getByTestId("hold-state")).toContainText("Month-end close");
  expect((await call("GET", "/transfer-hold")).body).toMatchObject({ held: true, reason: "Month-end close", by: "person", breaker: "closed" });

  await page.goto("/warehouses");
  await expect(page.getByTestId("hold-banner")).toContainText("Month-end close");
  await expect(page.getByTestId("hold-banner-lift")).toBeVisible();
  const viewer = await browser.newContext({ storageState: storageStateFor("viewer") });
  try {
    const viewerPage = await viewer.newPage();
    await viewerPage.goto("/activity");
    await expect(viewerPage.getByTestId("hold-banner-reason")).toContainText("Your role (Viewer)");
    await expect(viewerPage.getByTestId("hold-banner-lift")).toHaveCount(0);
  } finally {
    await viewer.close();
  }

  const held = await call("POST", "/order-queue/send", undefined, { "Idempotency-Key": `hold-${orderId}-1` });
  expect(held).toMatchObject({ status: 409, body: { reason: "transfers_held" } });
  expect((await call("GET", "/order-queue?limit=100")).body.items.map((i: { orderId: string }) => i.orderId)).toContain(orderId);

  await page.getByTestId("hold-banner-lift").click();
  await page.getByTestId("transfer-hold").getByTestId("hold-lift").click();
  await expect(page.getByTestId("transfer-hold").getByTestId("hold-state")).toHaveText("Transfers are not on hold.");
  await expect(page.getByTestId("hold-banner")).toHaveCount(0);

  const sent = await call("POST", "/order-queue/send", undefined, { "Idempotency-Key": `hold-${orderId}-2` });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const run = await call("GET", `/transfers/${sent.body.run.id}?limit=100`);
  expect(run.body.orders.items.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
});

test("a hold ending in the past is refused on its field and nothing is held", async ({ page }) => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto("/erp");
  const panel = page.getByTestId("transfer-hold");
  // The account's zone today (Istanbul, GMT+3), not as it was in 1970 (GMT+2).
  await expect(panel).toContainText("Time in GMT+3.");
  await panel.getByTestId("hold-reason").fill("ERP upgrade");
  await pickDate(panel.getByLabel("Until (optional)"), yesterday);
  await panel.getByTestId("hold-save").click();
  await expect(panel.getByText("The hold must end in the future.")).toBeVisible();
  await expect(panel.getByTestId("hold-state")).toHaveText("Transfers are not on hold.");
  expect((await call("GET", "/transfer-hold")).body).toMatchObject({ held: false });
});
