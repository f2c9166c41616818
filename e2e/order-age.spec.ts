import type { Page } from "@playwright/test";
import { E2E_BASE_URL } from "@/test/env";
import { expect, test } from "@/e2e/fixtures";
import { startReceiver, verifyWebhook } from "@/test/alert-servers";

// Issue 37's order-age clock: an order pushed with an order date five and a half days back shows on the home tile at the warn level,
// and the "order age" alert reaches a real receiver once.

const SECRET = "e2e-order-age-webhook-signing-secret";
const DAY_MS = 86_400_000;

const origin = { origin: E2E_BASE_URL };

test("an order pushed 5.5 days old shows at warn on the home tile and its age alert arrives once", async ({ asAdmin: admin, asOperator: operator }) => {
  const receiver = await startReceiver(SECRET);
  const stamp = Date.now();
  const source = `e2e-age-${stamp}`;
  const orderId = String(70_000_000 + (stamp % 9_999_999));
  let channelId: string | null = null;
  try {
    const made = await admin.request.post("/api/alerts/channels", { headers: origin, data: { name: `Order age ${stamp}`, kind: "webhook", enabled: true, events: ["order.age"], url: `${receiver.url}/age`, signingSecret: SECRET } });
    expect(made.status(), await made.text()).toBe(201);
    channelId = ((await made.json()) as { channel: { id: string } }).channel.id;

    const bad = await operator.request.post("/api/erp/queue", { headers: origin, data: { orders: [{ id: orderId, source: "web/shop", orderDate: "yesterday" }] } });
    expect(bad.status()).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("orders.0.orderDate");

    const orderDate = new Date(stamp - 5.5 * DAY_MS).toISOString();
    const pushed = await operator.request.post("/api/erp/queue", { headers: origin, data: { orders: [{ id: orderId, source, orderDate, packageId: `PKG-${orderId}` }] } });
    expect(pushed.status(), await pushed.text()).toBe(200);
    expect(((await pushed.json()) as { queued: string[] }).queued).toEqual([orderId]);

    const mine = () => receiver.received.filter((r) => (JSON.parse(r.body) as { event: { source: string } }).event.source === source);
    await expect.poll(() => mine().length, { timeout: 90_000 }).toBeGreaterThan(0);
    const alert = mine()[0]!;
    expect(verifyWebhook(SECRET, alert.headers, alert.body)).toBe(true);
    expect(JSON.parse(alert.body)).toMatchObject({ type: "order.age", title: `Order age warning (${source}): the oldest order not yet in the ERP is 5 days 12 hours old`, event: { level: "warn", orderId, since: orderDate } });

    await checkTile(operator, source);
    expect(mine()).toHaveLength(1);
  } finally {
    await operator.request.delete("/api/erp/queue", { headers: origin, data: { orderIds: [orderId] } });
    if (channelId) await admin.request.delete(`/api/alerts/channels/${channelId}`, { headers: origin });
    await receiver.close();
  }
});

async function checkTile(page: Page, source: string): Promise<void> {
  await page.goto("/");
  const row = page.getByTestId("home-order-age").locator(`[data-testid="home-order-age-channel"][data-source="${source}"]`);
  await expect(row).toHaveAttribute("data-level", "warn");
  await expect(row.getByTestId("home-order-age-level")).toHaveText(/Warn/);
  await expect(row.getByTestId("home-order-age-oldest")).toHaveText(`${source}: oldest 5 days 12 hours`);
  await expect(row.getByTestId("home-order-age-oldest")).toHaveAttribute("href", "/erp#queue");
  await expect(row.getByTestId("home-order-age-bands")).toHaveText("1 order not yet in the ERP: 0 in time, 1 warn, 0 critical, 0 past the deadline");
}
