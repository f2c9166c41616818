import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Reconciliation through /api/v1 with a key, against the built app and the emulator (no browser): a manifest of
// transferred, queued and never-seen ids lands in those buckets, and "queue the never-seen" queues exactly those.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let admin: APIRequestContext;
let api: APIRequestContext;
let keyId: string;

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Reconciler ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  const { secret, key } = await res.json();
  keyId = key.id;
  api = await playwright.request.newContext({ baseURL: `${E2E_BASE_URL}/api/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
});

test.afterAll(async () => {
  await api.dispose();
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

async function until(path: string, done: (body: Json) => boolean): Promise<Json> {
  let body: Json = {};
  await expect.poll(async () => done((body = await (await api.get(path)).json())), { timeout: 20_000 }).toBe(true);
  return body;
}

test("a manifest of transferred, queued and never-seen ids lands in those buckets; queue-never-seen queues exactly the never-seen", async () => {
  const ids = await emulatorOrders.seed(6);
  const [sent1, sent2, queued1, queued2, never1, never2] = ids as [string, string, string, string, string, string];
  const unknownToAll = "987654321012";
  const transfer = await api.post("transfers", { data: { orderIds: [sent1, sent2] }, headers: { "Idempotency-Key": `reconcile-e2e-${Date.now()}` } });
  expect(transfer.status(), await transfer.text()).toBe(201);
  await until(`transfers/${(await transfer.json()).run.id}`, (b) => b.run.state === "completed");
  expect((await api.post("order-queue", { data: { orderIds: [queued1, queued2] } })).status()).toBe(200);

  const started = await api.post("reconciliations", { data: { orders: [...ids, unknownToAll].map((id) => ({ id, source: "web" })) } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = await started.json();
  const done = await until(`reconciliations/${id}`, (b) => b.status !== "running");
  expect(done).toMatchObject({ status: "done", total: 7, buckets: { inErp: 2, waiting: 2, open: 0, neverSeen: 3, unknownToPlatform: 0 } });
  const page = async (bucket: string) => ((await (await api.get(`reconciliations/${id}/orders?bucket=${bucket}&limit=25`)).json()).items as Json[]).map((o) => o.orderId);
  expect(await page("inErp")).toEqual([sent1, sent2]);
  expect(await page("waiting")).toEqual([queued1, queued2]);
  expect(await page("neverSeen")).toEqual([never1, never2, unknownToAll]);

  const queued = await api.post(`reconciliations/${id}/queue-never-seen`);
  expect(queued.status(), await queued.text()).toBe(200);
  expect(await queued.json()).toEqual({ queued: 3, alreadyQueued: 0, alreadyTransferred: 0, unknown: 0, left: 0 });
  const queue = ((await (await api.get("order-queue?limit=100")).json()).items as Json[]).map((o) => o.orderId);
  expect(queue.filter((o) => ids.includes(o) || o === unknownToAll).sort()).toEqual([queued1, queued2, never1, never2, unknownToAll].sort());
  await api.delete("order-queue", { data: { orderIds: [queued1, queued2, never1, never2, unknownToAll] } });
});

test("a window over the maximum and a manifest of malformed ids are refused on their fields, and nothing is started", async () => {
  const over = await api.post("reconciliations", { data: { from: "2026-01-01T00:00:00Z", to: "2026-02-02T00:00:00Z" } });
  expect(over.status()).toBe(422);
  expect((await over.json()).errors).toEqual({ to: ["A window may span at most 31 days."] });
  const malformed = await api.post("reconciliations", { data: { orders: [{ id: "3572000" }, { id: "35720O1" }] } });
  expect(malformed.status()).toBe(422);
  expect((await malformed.json()).errors).toEqual({ "orders.1.id": ["An order id has digits only."] });
  expect((await api.post("reconciliations/00000000-0000-4000-8000-000000000000/queue-never-seen")).status()).toBe(404);
});
