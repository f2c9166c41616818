import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Near-real-time sending through /api/v1 with an operator key: a transfer schedule that also sends when 5 orders
// wait sends 5 pushed orders at once, each once (a threshold of 0 is refused on its field); a month-end hold
// window keeps pushed orders in the queue until it is lifted, then they go.

const API = `${E2E_BASE_URL}/api/v1`;
let admin: APIRequestContext;
let keyId: string;
let secret: string;
let scheduleId: string;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${API}${path}`, { method, headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const runsOf = async (orderId: string) => {
  const { status, body } = await call("GET", `/orders/${orderId}`);
  return status === 200 ? (body.runs as { origin: string; meaning: string }[]).map((r) => `${r.origin} ${r.meaning}`) : [`HTTP ${status}`];
};
// One order polled at a time (the key's rate limit), each until its one run says transferred.
async function transferredOnce(ids: string[]) {
  for (const id of ids) await expect.poll(() => runsOf(id), { timeout: 20_000 }).toEqual(["automatic transferred"]);
}

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Near real time ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  ({ secret, key: { id: keyId } } = await res.json());
  const created = await call("POST", "/schedules", { kind: "transfer", name: `Orders as they come ${Date.now()}`, rule: { type: "every", minutes: 1440 }, sendWhenWaiting: 5 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  scheduleId = created.body.schedule.id;
});

test.afterAll(async () => {
  await call("PUT", "/transfer-hold", { held: false });
  if (scheduleId) await call("DELETE", `/schedules/${scheduleId}`);
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

test("a transfer schedule with sendWhenWaiting 5 sends 5 pushed orders at once, each once; 0 is refused naming the field", async () => {
  const read = (await call("GET", "/schedules?limit=100")).body.items.find((s: { id: string }) => s.id === scheduleId);
  expect(read).toMatchObject({ sendWhenWaiting: 5, sendWhenOldestSeconds: null });
  const refused = await call("PUT", `/schedules/${scheduleId}`, { ...read, sendWhenWaiting: 0 });
  expect(refused.status).toBe(422);
  expect(Object.keys(refused.body.errors)).toEqual(["sendWhenWaiting"]);

  const ids = await emulatorOrders.seed(5);
  expect((await call("POST", "/order-queue", { orderIds: ids })).body).toMatchObject({ queued: ids });
  await transferredOnce(ids);
  const after = (await call("GET", "/schedules?limit=100")).body.items.find((s: { id: string }) => s.id === scheduleId);
  expect(after).toMatchObject({ sendWhenWaiting: 5, history: [{ outcome: "started", message: expect.stringMatching(/^\d+ queued orders sent before the next start: \d+ orders waited \(the threshold is 5\)\.$/) }] });
});

test("a month-end hold window keeps pushed orders queued; lifted, they go", async () => {
  const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const held = await call("PUT", "/transfer-hold", { held: true, reason: "Month-end close", until });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  expect((await call("GET", "/transfer-hold")).body).toMatchObject({ held: true, reason: "Month-end close", by: "person", until: new Date(until).toISOString() });

  const ids = await emulatorOrders.seed(6);
  expect((await call("POST", "/order-queue", { orderIds: ids })).body).toMatchObject({ queued: ids });
  const waiting = (await call("GET", "/order-queue?limit=100")).body.items.map((i: { orderId: string }) => i.orderId);
  expect(waiting).toEqual(expect.arrayContaining(ids));
  expect(await Promise.all(ids.map(runsOf))).toEqual(ids.map(() => []));

  expect((await call("PUT", "/transfer-hold", { held: false })).body).toMatchObject({ held: false });
  await transferredOnce(ids);
  expect((await call("GET", "/order-queue?limit=100")).body.items.map((i: { orderId: string }) => i.orderId)).not.toEqual(expect.arrayContaining([ids[0]]));
});
