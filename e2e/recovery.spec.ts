import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Recovery of an incident window end to end: a 503 from the emulator leaves orders unknown, the window's
// frozen count is previewed (nothing sent), a stale count is refused, the confirm sends each order once as
// a recovery run; a window that ends before it starts is refused on its field, from the page, and nothing is sent.

test.use({ storageState: storageStateFor("operator") });

const API = `${E2E_BASE_URL}/api/v1`;
let admin: APIRequestContext;
let keyId: string;
let secret: string;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${API}${path}`, { method, headers: { Authorization: `Bearer ${secret}`, "Idempotency-Key": `recovery-${Date.now()}-${Math.random()}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const runState = (runId: string) => async () => (await call("GET", `/transfers/${runId}`)).body.run?.state;

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Recovery ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  ({ secret, key: { id: keyId } } = await res.json());
});

test.afterAll(async () => {
  await emulator.clearFaults();
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

test("orders a 503 left unknown are recovered once with the frozen count", async () => {
  const from = new Date(Date.now() - 1000).toISOString();
  const ids = await emulatorOrders.seed(3);
  await emulator.addFault({ method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, times: 1 });
  const failed = await call("POST", "/transfers", { orderIds: ids });
  expect(failed.status).toBe(201);
  await expect.poll(runState(failed.body.run.id), { timeout: 15_000 }).toBe("completed");
  const window = { from, to: new Date(Date.now() + 1000).toISOString(), name: `ERP outage ${Date.now()}` };
  const seq = await emulatorOrders.lastSeq();

  const preview = await call("POST", "/recoveries", { ...window, confirm: false });
  expect(preview).toMatchObject({ status: 200, body: { count: 3, orderIds: [...ids].sort((a, b) => a.localeCompare(b)) } });
  const stale = await call("POST", "/recoveries", { ...window, confirm: true, expectedCount: 2 });
  expect(stale).toMatchObject({ status: 409, body: { reason: "count_changed", count: 3 } });
  expect(await emulatorOrders.transferredSince(seq)).toEqual([]);

  const started = await call("POST", "/recoveries", { ...window, confirm: true, expectedCount: 3, pacePerMinute: 600 });
  expect(started).toMatchObject({ status: 201, body: { run: { origin: "recovery" }, recovery: { name: window.name, count: 3, pacePerMinute: 600 } } });
  await expect.poll(runState(started.body.run.id), { timeout: 15_000 }).toBe("completed");
  expect((await call("GET", `/transfers/${started.body.run.id}`)).body.run.meanings.transferred).toBe(3);
  expect((await emulatorOrders.transferredSince(seq)).sort()).toEqual([...ids].sort());
  expect(await call("POST", "/recoveries", { ...window, confirm: true, expectedCount: 3 })).toMatchObject({ status: 409, body: { count: 0 } });
  expect((await call("GET", "/recoveries?limit=10")).body.items[0]).toMatchObject({ name: window.name, runId: started.body.run.id });
});

test("a window that ends before it starts is refused on its field, and nothing is sent", async ({ page }) => {
  const before = (await call("GET", "/recoveries?limit=10")).body.total;
  const refused = await call("POST", "/recoveries", { from: "2026-11-03T11:40:00+03:00", to: "2026-11-03T09:10:00+03:00", name: "Backwards", confirm: true, expectedCount: 1 });
  expect(refused.status).toBe(422);
  expect(Object.keys(refused.body.errors)).toEqual(["to"]);

  await page.goto("/erp/failures?recover_name=Backwards&recover_fromDay=2026-11-03&recover_fromTime=11:40&recover_toDay=2026-11-03&recover_toTime=09:10");
  const form = page.getByTestId("recover-window");
  await expect(form.getByLabel("Incident name")).toHaveValue("Backwards");
  await form.getByTestId("recover-preview").click();
  await expect(form.getByText("The end of the window must come after its start.")).toBeVisible();
  await expect(form.getByTestId("recover-count")).toHaveCount(0);
  expect((await call("GET", "/recoveries?limit=10")).body.total).toBe(before);
});
