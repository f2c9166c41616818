import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The reconcile schedule through /api/v1 with a key, against the built app and the emulator: started now by hand, its
// reconciliation of the last hours lands in its buckets; a window over the maximum is refused on its field.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let admin: APIRequestContext;
let api: APIRequestContext;
let keyId: string;
const created: string[] = [];

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Reconcile schedule ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  const { secret, key } = await res.json();
  keyId = key.id;
  api = await playwright.request.newContext({ baseURL: `${E2E_BASE_URL}/api/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
});

test.afterAll(async () => {
  for (const id of created) await api.delete(`schedules/${id}`);
  await api.dispose();
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

test("a reconcile schedule started now reconciles the platform's orders of its window hours into buckets", async () => {
  const ids = await emulatorOrders.seedListed(3, { createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), source: "trendyol" });
  const res = await api.post("schedules", { data: { kind: "reconcile", name: `Reconcile ${Date.now()}`, rule: { type: "every", minutes: 60 }, timeZone: "UTC", windowHours: 3 } });
  expect(res.status(), await res.text()).toBe(201);
  const { schedule } = await res.json();
  created.push(schedule.id);
  expect(schedule).toMatchObject({ kind: "reconcile", windowHours: 3, paused: false });

  const ran = await api.post(`schedules/${schedule.id}/run`);
  expect(ran.status(), await ran.text()).toBe(200);
  const start = (await ran.json()).schedule.history[0];
  expect(start).toMatchObject({ outcome: "started", reconciliationId: expect.any(String) });

  let body: Json = {};
  await expect.poll(async () => (body = await (await api.get(`reconciliations/${start.reconciliationId}`)).json()).status, { timeout: 20_000 }).toBe("done");
  expect(Date.parse(body.to) - Date.parse(body.from)).toBe(3 * 3_600_000);
  const { inErp, waiting, open, neverSeen } = body.buckets;
  expect(inErp + waiting + open + neverSeen).toBe(body.total);
  const never = ((await (await api.get(`reconciliations/${start.reconciliationId}/orders?bucket=neverSeen&limit=500`)).json()).items as Json[]).map((o) => o.orderId);
  expect(never).toEqual(expect.arrayContaining(ids));
});

test("a window over the maximum is refused on its field, and nothing is created", async () => {
  const name = `Too wide ${Date.now()}`;
  const res = await api.post("schedules", { data: { kind: "reconcile", name, rule: { type: "every", minutes: 60 }, timeZone: "UTC", windowHours: 745 } });
  expect(res.status()).toBe(422);
  expect((await res.json()).errors).toEqual({ windowHours: ["Give the window as a whole number of hours from 1 to 744 (31 days)."] });
  const list = (await (await api.get("schedules?limit=100")).json()).items as Json[];
  expect(list.some((s) => s.name === name)).toBe(false);
});
