import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The journey through /api/v1 with an operator key: 500 platform orders over three days across three channels,
// 2 cancelled on the platform, 470 transferred, 5 refused into the inbox, 3 queued under a hold, 20 never sent. The window's
// reconciliation has exactly these buckets, its per-day and per-channel rows add up; the never-seen (and the 5 open) are
// queued, a near-real-time transfer schedule sends them once the hold lifts, and the next reconciliation has all in the ERP.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TRANSFER = "/v1/action/orders-erp-transfer";
const CHANNELS = ["web", "trendyol", "hepsiburada"] as const;
const PER_DAY_CHANNEL = [[60, 55, 50], [58, 52, 56], [54, 57, 56]] as const;

let admin: APIRequestContext;
let api: APIRequestContext;
let keyId: string;
let scheduleId: string | null = null;
let queuedByUs: string[] = [];

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post("/api/keys", { data: { name: `Reconcile journey ${Date.now()}`, role: "operator", expiresOn } });
  expect(res.status(), await res.text()).toBe(201);
  const { secret, key } = await res.json();
  keyId = key.id;
  api = await playwright.request.newContext({ baseURL: `${E2E_BASE_URL}/api/v1/`, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
});

test.afterAll(async () => {
  await emulator.clearFaults();
  if (scheduleId) await api.delete(`schedules/${scheduleId}`);
  await api.put("transfer-hold", { data: { held: false } });
  if (queuedByUs.length) await api.delete("order-queue", { data: { orderIds: queuedByUs } });
  await api.dispose();
  await admin.delete(`/api/keys/${keyId}`);
  await admin.dispose();
});

async function until(path: string, done: (body: Json) => boolean, timeout = 20_000): Promise<Json> {
  let body: Json = {};
  await expect.poll(async () => done((body = await (await api.get(path)).json())), { timeout }).toBe(true);
  return body;
}

async function transfer(orderIds: string[], key: string): Promise<Json> {
  const res = await api.post("transfers", { data: { orderIds }, headers: { "Idempotency-Key": `journey-${key}-${Date.now()}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await until(`transfers/${(await res.json()).run.id}`, (b) => b.run.state === "completed", 30_000)).run;
}

async function reconcile(from: string, to: string): Promise<Json> {
  const started = await api.post("reconciliations", { data: { from, to } });
  expect(started.status(), await started.text()).toBe(201);
  return until(`reconciliations/${(await started.json()).id}`, (b) => b.status !== "running");
}

async function bucket(id: string, name: string): Promise<string[]> {
  return ((await (await api.get(`reconciliations/${id}/orders?bucket=${name}&limit=100`)).json()).items as Json[]).map((o) => o.orderId as string);
}

const sorted = (ids: readonly string[]) => [...ids].sort();

test("500 orders over three days and channels reconcile into exactly their buckets; the never-seen are queued and a schedule sends them; the next reconciliation has all in the ERP", async ({ browser }) => {
  test.setTimeout(60_000);
  const start = Date.UTC(2011, 0, 1) + (Date.now() % 400) * 3 * 86_400_000;
  const days = [0, 1, 2].map((d) => new Date(start + d * 86_400_000).toISOString().slice(0, 10));
  const [from, to] = [`${days[0]}T00:00:00.000Z`, new Date(start + 3 * 86_400_000).toISOString()];
  const where = new Map<string, { day: string; channel: string }>();
  const listed: string[] = [];
  for (const [d, day] of days.entries())
    for (const [c, channel] of CHANNELS.entries())
      for (const id of await emulatorOrders.seedListed(PER_DAY_CHANNEL[d]![c]!, { createdAt: `${day}T${String(8 + c).padStart(2, "0")}:30:00Z`, source: channel })) {
        listed.push(id);
        where.set(id, { day, channel });
      }
  const cancelled = [...(await emulatorOrders.seedListed(1, { createdAt: `${days[1]}T12:00:00Z`, source: "trendyol", status: "cancelled" })), ...(await emulatorOrders.seedListed(1, { createdAt: `${days[2]}T12:00:00Z`, source: "web", status: "cancelled" }))];
  expect([listed.length + cancelled.length, listed.length]).toEqual([500, 498]);

  const neverSeen = listed.filter((_, i) => i % 24 === 0).slice(0, 20);
  const open = [5, 105, 205, 305, 405].map((i) => listed[i]!);
  const waiting = [50, 250, 450].map((i) => listed[i]!);
  const sent = listed.filter((id) => !neverSeen.includes(id) && !open.includes(id) && !waiting.includes(id));
  expect([neverSeen.length, open.length, waiting.length, sent.length]).toEqual([20, 5, 3, 470]);

  expect(await transfer(sent, "sent")).toMatchObject({ counts: { total: 470, transferred: 470 } });
  await emulator.addFault({ method: "POST", path: TRANSFER, times: 1, kind: "respond", status: 200, body: { status: "success", message: "Sipariş ERP aktarım işlemi tamamlandı", data: { transferred: [], not_transferred: open.map((id) => ({ id, error: "Sipariş bulunamadı." })) } } });
  expect(await transfer(open, "open")).toMatchObject({ meanings: { rejected: 5 } });

  expect((await api.put("transfer-hold", { data: { held: true, reason: "Reconciliation journey" } })).status()).toBe(200);
  queuedByUs = [...waiting];
  expect(await (await api.post("order-queue", { data: { orderIds: waiting } })).json()).toMatchObject({ queued: waiting });

  const first = await reconcile(from, to);
  expect(first).toMatchObject({ status: "done", kind: "window", total: 498, buckets: { inErp: 470, waiting: 3, open: 5, neverSeen: 20, unknownToPlatform: 0 }, excluded: { cancelled: 2, settling: 0, duplicates: 0 } });
  const placeOf = (id: string) => (neverSeen.includes(id) ? "neverSeen" : open.includes(id) ? "open" : waiting.includes(id) ? "waiting" : "inErp");
  const rows = (key: "day" | "channel") => {
    const byKey = new Map<string, Json>();
    for (const id of listed) {
      const k = where.get(id)![key];
      const row = byKey.get(k) ?? { key: k, total: 0, inErp: 0, waiting: 0, open: 0, neverSeen: 0 };
      row.total++;
      row[placeOf(id)]++;
      byKey.set(k, row);
    }
    return [...byKey.values()].sort((a, b) => String(a.key).localeCompare(String(b.key)));
  };
  expect(first.byDay).toEqual(rows("day"));
  expect(first.byChannel).toEqual(rows("channel"));
  for (const breakdown of [first.byDay, first.byChannel] as Json[][]) {
    expect(breakdown.reduce((n, r) => n + r.total, 0)).toBe(first.total);
    for (const r of breakdown) expect(r.inErp + r.waiting + r.open + r.neverSeen).toBe(r.total);
  }
  expect(await bucket(first.id, "neverSeen")).toEqual(sorted(neverSeen));
  expect(await bucket(first.id, "open")).toEqual(sorted(open));
  expect(await bucket(first.id, "waiting")).toEqual(sorted(waiting));

  const queued = await api.post(`reconciliations/${first.id}/queue-never-seen`);
  expect(queued.status(), await queued.text()).toBe(200);
  queuedByUs = [...waiting, ...neverSeen, ...open];
  expect(await queued.json()).toEqual({ queued: 20, alreadyQueued: 0, alreadyTransferred: 0, unknown: 0, left: 0 });
  expect(await (await api.post("order-queue", { data: { orderIds: open } })).json()).toMatchObject({ queued: open });

  const seq = await emulatorOrders.lastSeq();
  const made = await api.post("schedules", { data: { kind: "transfer", name: `Journey sends ${Date.now()}`, rule: { type: "every", minutes: 1440 }, timeZone: "UTC", sendWhenWaiting: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  scheduleId = (await made.json()).schedule.id as string;
  expect((await (await api.put("transfer-hold", { data: { held: false } })).json()).held).toBe(false);
  const history = (await until("schedules?limit=100", (b) => (b.items as Json[]).some((s) => s.id === scheduleId && s.history.some((h: Json) => h.outcome === "started")))).items.find((s: Json) => s.id === scheduleId).history as Json[];
  const runIds = history.filter((h) => h.outcome === "started").map((h) => h.transferRunId as string);
  for (const runId of runIds) await until(`transfers/${runId}`, (b) => b.run.state === "completed", 30_000);
  const delivered = (await emulator.requests(seq)).requests.filter((r) => r.path === TRANSFER && r.status === 200).flatMap((r) => (r.body as { orderIds: string[] }).orderIds);
  expect(sorted(delivered.filter((id) => where.has(id)))).toEqual(sorted(queuedByUs));
  queuedByUs = [];

  const second = await reconcile(from, to);
  expect(second).toMatchObject({ status: "done", total: 498, buckets: { inErp: 498, waiting: 0, open: 0, neverSeen: 0, unknownToPlatform: 0 }, excluded: { cancelled: 2 } });
  expect(second.byChannel.map((r: Json) => [r.key, r.total, r.inErp])).toEqual(rows("channel").map((r) => [r.key, r.total, r.total]));

  const page = await browser.newPage({ storageState: storageStateFor("operator") });
  try {
    await page.goto(`/reconciliations/${first.id}`);
    const view = page.getByTestId("reconciliation-view");
    await expect(view).toHaveAttribute("data-status", "done");
    for (const [name, n] of Object.entries(first.buckets as Record<string, number>)) await expect(view.getByTestId(`bucket-${name}`)).toHaveAttribute("data-count", String(n));
    for (const r of rows("day")) await expect(page.getByTestId("breakdown-day").locator(`tr[data-key="${r.key}"]`)).toHaveAttribute("data-total", String(r.total));
    for (const r of rows("channel")) await expect(page.getByTestId("breakdown-channel").locator(`tr[data-key="${r.key}"]`)).toHaveAttribute("data-total", String(r.total));
  } finally {
    await page.close();
  }
});
