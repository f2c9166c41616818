import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";
import { createTransferRun, type RunActor } from "@/lib/erp/transfers/runs";
import { refreshCounts } from "@/lib/erp/transfers/settling";
import { callRoute } from "@/test/in-process-console";
import { insertTestKey } from "@/test/api-keys";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestStore } from "@/test/store";

// Reconciliation on the real test store and the emulator over HTTP: every expected order in exactly one bucket, by the
// precedence inErp > waiting > open > neverSeen (docs/using.md "Reconciliation"), and bad input refused with nothing stored.

const state = stubDoors({
  member: null,
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  config: (() => ({ reconcile: { orderList: true, settleMinutes: 30 }, erp: { batchSize: 100, maxOrdersPerRun: 1000, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" })) as () => unknown,
});
const CONFIG = state.config;

const { startReconciliation } = await import("@/lib/reconcile/service");
const { readPlatformOrders } = await import("@/lib/reconcile/reader");

const OPERATOR: RunActor = { id: 2, email: "operator@demo.local", name: "Onur Operator" };
const ctx = { actor: OPERATOR, audit: async () => undefined };
let emulator: LiveEmulator;
let operatorKey: string;
let viewerKey: string;

beforeAll(async () => {
  emulator = await startLiveEmulator("reconcile-token-51d2", "reconcile");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
  operatorKey = (await insertTestKey(state.conn, { role: "operator" })).secret;
  viewerKey = (await insertTestKey(state.conn, { role: "viewer" })).secret;
});
afterAll(async () => {
  await state.store.close();
  await emulator.close();
});
beforeEach(async () => {
  for (const table of ["reconciliation_orders", "reconciliations", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

type Ending = { outcome: "transferred" | "not_transferred" | "unknown" | "pending"; meaning?: string };

/** A run whose orders ended as given, as the runner leaves one (`running` leaves them pending, unsent). */
async function run(endings: Record<string, Ending>, runState: "completed" | "running" = "completed", createdAt = new Date()) {
  const ids = Object.keys(endings);
  const { run } = await createTransferRun(state.conn, { actor: OPERATOR, idempotencyKey: `seed-${Math.random()}`, request: { orderIds: ids }, batchSize: 100, maxOrdersPerRun: 1000, enqueue: async () => undefined, now: createdAt });
  for (const [i, id] of ids.entries()) {
    const e = endings[id]!;
    await state.conn.updateTable("erp_transfer_orders").set({ outcome: e.outcome, meaning: e.meaning ?? null }).where("run_id", "=", run.id).where("position", "=", i + 1).execute();
  }
  await state.conn.updateTable("erp_transfer_runs").set({ state: runState, finished_at: runState === "completed" ? createdAt : null }).where("id", "=", run.id).execute();
  await refreshCounts(state.conn, run.id);
  return run.id;
}

async function queued(...ids: string[]) {
  await state.conn.insertInto("order_queue").values(ids.map((order_id) => ({ order_id, queued_at: new Date(), queued_by_email: OPERATOR.email, queued_by_name: OPERATOR.name, origin: "api" as const }))).execute();
}

async function bucketsOf(id: string) {
  const rows = await state.conn.selectFrom("reconciliation_orders").select(["order_id", "bucket"]).where("reconciliation_id", "=", id).orderBy("order_id").execute();
  return Object.fromEntries(rows.map((r) => [r.order_id, r.bucket]));
}

const v1 = (method: string, path: string, body?: unknown, key = operatorKey) => callRoute(method, `/api/v1${path}`, body, { authorization: `Bearer ${key}` });
const transferred: Ending = { outcome: "transferred" };
const already: Ending = { outcome: "not_transferred", meaning: "already_in_erp" };
const rejected: Ending = { outcome: "not_transferred", meaning: "rejected" };
const failed: Ending = { outcome: "not_transferred", meaning: "failed" };
const unknown: Ending = { outcome: "unknown" };
const pending: Ending = { outcome: "pending" };

describe("reconciliation buckets", () => {
  it("puts each expected order in exactly one bucket by precedence, and the four add up to the total", async () => {
    await run({ "1001": transferred, "1002": already, "1003": rejected, "1004": unknown, "1007": failed, "1008": failed, "1009": failed });
    await run({ "1005": pending }, "running");
    await run({ "1007": transferred, "1011": transferred });
    await queued("1006", "1008", "1011");
    const manifest = ["1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009", "1010", "1011"].map((id) => ({ id }));
    const { id, done } = await startReconciliation(ctx, { orders: [...manifest, { id: "1010" }] });
    await done;
    expect(await bucketsOf(id)).toEqual({
      "1001": "inErp", "1002": "inErp", "1003": "open", "1004": "open", "1005": "waiting", "1006": "waiting",
      // In the ERP and in the inbox or queued: the ERP wins; in the inbox and queued: waiting wins.
      "1007": "inErp", "1008": "waiting", "1009": "open", "1010": "neverSeen", "1011": "inErp",
    });
    const res = await v1("GET", `/reconciliations/${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "done", kind: "manifest", total: 11, buckets: { inErp: 4, waiting: 3, open: 3, neverSeen: 1, unknownToPlatform: 0 }, excluded: { cancelled: 0, settling: 0, duplicates: 1 } });
  });

  it("takes a manifest of 100,000 ids in a few set-based statements, not one query per id", { timeout: 60_000 }, async () => {
    await run({ "10000001": transferred });
    const { id, done } = await startReconciliation(ctx, { orders: Array.from({ length: 100_000 }, (_, i) => ({ id: String(10_000_000 + i) })) });
    await done;
    expect(await (await v1("GET", `/reconciliations/${id}`)).json()).toMatchObject({ status: "done", total: 100_000, buckets: { inErp: 1, neverSeen: 99_999 } });
  });

  it("leaves out manifest orders younger than the settle time, and counts them", async () => {
    const now = new Date();
    const young = new Date(now.getTime() - 29 * 60_000).toISOString();
    const settled = new Date(now.getTime() - 31 * 60_000).toISOString();
    const { id, done } = await startReconciliation(ctx, { orders: [{ id: "2001", orderDate: new Date(young) }, { id: "2002", orderDate: new Date(settled), source: "trendyol" }, { id: "2003" }] }, now);
    await done;
    expect(await bucketsOf(id)).toEqual({ "2002": "neverSeen", "2003": "neverSeen" });
    expect(await (await v1("GET", `/reconciliations/${id}`)).json()).toMatchObject({ total: 2, excluded: { settling: 1 } });
    const page = await (await v1("GET", `/reconciliations/${id}/orders?bucket=neverSeen&limit=25`)).json();
    expect(page).toEqual({ bucket: "neverSeen", items: [{ orderId: "2002", orderDate: new Date(settled).toISOString(), source: "trendyol" }, { orderId: "2003", orderDate: null, source: null }], total: 2, page: 1, limit: 25 });
  });

  it("reads a window of the platform's list: cancelled and settling orders are not expected, and ids the console sent in the window that the platform does not list are unknown to it", async () => {
    const day = 86_400_000;
    const from = new Date(Date.now() - 20 * day);
    const to = new Date(Date.now() - 10 * day);
    const seed = async (at: Date, n: number, more = {}) => (await emulator.control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: n, orderCreatedAt: at.toISOString(), ...more })).orders.ids;
    const older = await seed(new Date(from.getTime() + 60_000), 150, { orderSource: "hepsiburada" });
    const cancelled = await seed(new Date(from.getTime() + 120_000), 2, { orderStatus: "cancelled" });
    const young = await seed(new Date(to.getTime() - 60_000), 3);
    const [justBefore] = await seed(new Date(from.getTime() - 2 * 3_600_000), 1);
    const [sent, open] = [older[0]!, older[1]!];
    // Sent inside the window: an order created just before it is still the platform's; an id it never listed is not.
    await run({ [sent]: transferred, [open]: rejected, [justBefore!]: transferred, "99999999": rejected }, "completed", new Date(from.getTime() + 3_600_000));
    const settleMinutes = (Date.now() - to.getTime()) / 60_000 + 5;
    state.config = () => ({ reconcile: { orderList: true, settleMinutes } }) as never;
    try {
      const { id, done } = await startReconciliation(ctx, { from, to });
      await done;
      const body = await (await v1("GET", `/reconciliations/${id}`)).json();
      expect(body).toMatchObject({ status: "done", kind: "window", total: 150, buckets: { inErp: 1, waiting: 0, open: 1, neverSeen: 148, unknownToPlatform: 1 }, excluded: { cancelled: 2, settling: 3 } });
      const buckets = await bucketsOf(id);
      expect(buckets["99999999"]).toBe("unknownToPlatform");
      expect([...cancelled, ...young, justBefore].filter((x) => x! in buckets)).toEqual([]);
      const page2 = await (await v1("GET", `/reconciliations/${id}/orders?bucket=neverSeen&limit=100&page=2`)).json();
      expect(page2).toMatchObject({ total: 148, page: 2 });
      expect(page2.items).toHaveLength(48);
      expect(page2.items[0].source).toBe("hepsiburada");
    } finally {
      state.config = CONFIG;
    }
  });

  it("the reader takes what it needs from each order and lets the rest pass: a numeric id, unknown fields, no date", async () => {
    await emulator.control("POST", "/faults", { method: "GET", path: "/v1/orders", times: 1, kind: "respond", status: 200, body: { items: [{ id: 3572001, channel: "x", createdAt: null }, { id: "0042", source: "web", status: "split", packages: [1] }], totalPage: 1 } });
    try {
      const orders = await readPlatformOrders(emulator.client, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-02T00:00:00Z"), 10);
      expect(orders.map((o) => [o.id, o.source, o.createdAt, o.status])).toEqual([["3572001", null, null, null], ["0042", "web", null, "split"]]);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
  });

  it("a platform that fails mid-read fails the reconciliation with its reason and keeps no buckets", async () => {
    await emulator.control("POST", "/faults", { method: "GET", path: "/v1/orders", kind: "respond", status: 500, body: { status: "error", message: "boom" } });
    try {
      const { id, done } = await startReconciliation(ctx, { from: new Date(Date.now() - 3_600_000), to: new Date() });
      await done;
      const body = await (await v1("GET", `/reconciliations/${id}`)).json();
      expect(body).toMatchObject({ status: "failed", total: null, buckets: null });
      expect(body.error).toContain("HTTP 500");
      expect(await bucketsOf(id)).toEqual({});
    } finally {
      await emulator.control("DELETE", "/faults");
    }
  });
});

describe("/api/v1/reconciliations", () => {
  it("starts with 201 and its id, audits it in words; a viewer reads but may not start or queue", async () => {
    const res = await v1("POST", "/reconciliations", { orders: [{ id: "3001" }, { id: "3002" }] });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(res.headers.get("location")).toBe(`/api/v1/reconciliations/${id}`);
    let body;
    for (let i = 0; i < 200 && body?.status !== "done"; i++) body = await (await v1("GET", `/reconciliations/${id}`, undefined, viewerKey)).json();
    expect(body).toMatchObject({ status: "done", total: 2, buckets: { neverSeen: 2 } });
    const audit = await state.conn.selectFrom("audit_events").select(["action", "message", "target_type"]).execute();
    expect(audit).toEqual([{ action: "erp.reconcile.start", message: "Reconciliation started for a list of 2 orders.", target_type: "reconciliation" }]);
    expect((await v1("POST", "/reconciliations", { orders: [{ id: "3003" }] }, viewerKey)).status).toBe(403);
    expect((await v1("POST", `/reconciliations/${id}/queue-never-seen`, undefined, viewerKey)).status).toBe(403);
    expect((await v1("GET", "/reconciliations/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("refuses a reversed window, one over the maximum, a window and a manifest together, and malformed manifest ids, each on its field; nothing is stored", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z" }, { to: ["The end of the window must come after its start."] }],
      [{ from: "2026-10-01T00:00:00Z", to: "2026-11-02T00:00:00Z" }, { to: ["A window may span at most 31 days."] }],
      [{ from: "2026-11-01" }, { from: ["Give an ISO 8601 date and time with its offset, such as 2026-11-01T00:00:00Z."], to: ["Give the end of the window."] }],
      [{ from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z", orders: [{ id: "1" }] }, { orders: ["Give either a window (from and to) or a list of orders, not both."] }],
      [{ orders: [{ id: "3572000" }, { id: "35720o1" }, { id: 3572002 }, { id: "3572003", extra: 1 }] }, { "orders.1.id": ["An order id has digits only."], "orders.2.id": expect.any(Array), "orders.3": expect.any(Array) }],
      [{ orders: [] }, { orders: ["Give at least one order."] }],
      [{}, { _: ["Give either a window (from and to) or a list of orders, not both."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await v1("POST", "/reconciliations", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).errors, JSON.stringify(body)).toEqual(errors);
    }
    const tooMany = await v1("POST", "/reconciliations", { orders: Array.from({ length: 100_001 }, (_, i) => ({ id: String(i + 1) })) });
    expect((await tooMany.json()).errors).toEqual({ orders: ["Send at most 100000 orders in one reconciliation."] });
    expect((await v1("GET", "/reconciliations/not-a-uuid")).status).toBe(422);
    expect(await state.conn.selectFrom("reconciliations").selectAll().execute()).toEqual([]);
    expect(await state.conn.selectFrom("audit_events").selectAll().execute()).toEqual([]);
  });

  it("with the platform's list switched off a window is refused (409, the setting named) and a manifest is still taken; a reconciliation with no never-seen ids queues nothing", async () => {
    state.config = () => ({ reconcile: { orderList: false, settleMinutes: 30 } }) as never;
    try {
      const res = await v1("POST", "/reconciliations", { from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z" });
      expect(res.status).toBe(409);
      expect((await res.json()).detail).toBe("Reading the platform's order list is switched off (LABS_ORDER_LIST=off); send a list of orders instead.");
      expect(await state.conn.selectFrom("reconciliations").selectAll().execute()).toEqual([]);
      const { id, done } = await startReconciliation(ctx, { orders: [{ id: "5001" }] });
      await done;
      await run({ "5001": transferred });
      const again = await startReconciliation(ctx, { orders: [{ id: "5001" }] });
      await again.done;
      const none = await v1("POST", `/reconciliations/${again.id}/queue-never-seen`);
      expect(none.status).toBe(409);
      expect((await none.json()).detail).toBe("This reconciliation has no never-seen orders; nothing was queued.");
      expect((await (await v1("GET", `/reconciliations/${id}`)).json()).buckets).toMatchObject({ neverSeen: 1 });
      expect(await state.conn.selectFrom("order_queue").selectAll().execute()).toEqual([]);
    } finally {
      state.config = CONFIG;
    }
  });

  it("queue-never-seen queues exactly the never-seen ids through the order queue, and says how many", async () => {
    await run({ "4001": transferred });
    await queued("4002");
    const { id } = await (await v1("POST", "/reconciliations", { orders: ["4001", "4002", "4003", "4004"].map((x) => ({ id: x })) })).json();
    for (let i = 0; i < 200 && (await (await v1("GET", `/reconciliations/${id}`)).json()).status !== "done"; i++);
    const res = await v1("POST", `/reconciliations/${id}/queue-never-seen`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ queued: 2, alreadyQueued: 0, alreadyTransferred: 0, unknown: 0, left: 0 });
    expect((await state.conn.selectFrom("order_queue").select("order_id").orderBy("order_id").execute()).map((r) => r.order_id)).toEqual(["4002", "4003", "4004"]);
    expect(await (await v1("POST", `/reconciliations/${id}/queue-never-seen`)).json()).toMatchObject({ queued: 0, alreadyQueued: 2 });
    const actions = await state.conn.selectFrom("audit_events").select("action").orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["erp.reconcile.start", "erp.queue.add", "erp.reconcile.queue", "erp.queue.add", "erp.reconcile.queue"]);
  });
});

describe("per day, per channel and uploads", () => {
  it("counts the expected orders per day and per channel, each table adding up to the total, with orders lacking one on their own row", async () => {
    await run({ "2001": transferred });
    await queued("2002");
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    const { id, done } = await startReconciliation(ctx, { orders: [{ id: "2001", orderDate: day(5), source: "web" }, { id: "2002", orderDate: day(5), source: "trendyol" }, { id: "2003", orderDate: day(6), source: "trendyol" }, { id: "2004" }] });
    await done;
    const { getReconciliation } = await import("@/lib/reconcile/service");
    const r = await getReconciliation(id);
    expect(r.byDay).toEqual([
      { key: "2026-01-05", total: 2, inErp: 1, waiting: 1, open: 0, neverSeen: 0 },
      { key: "2026-01-06", total: 1, inErp: 0, waiting: 0, open: 0, neverSeen: 1 },
      { key: null, total: 1, inErp: 0, waiting: 0, open: 0, neverSeen: 1 },
    ]);
    expect(r.byChannel!.map((c) => [c.key, c.total, c.neverSeen])).toEqual([["trendyol", 2, 1], ["web", 1, 0], [null, 1, 1]]);
  });

  it("lists a bucket's orders of one channel (case does not matter), and refuses a malformed channel naming the field", async () => {
    const { id, done } = await startReconciliation(ctx, { orders: [{ id: "2101", source: "trendyol" }, { id: "2102", source: "web" }, { id: "2103", source: "TrendYol" }, { id: "2104" }] });
    await done;
    const ids = async (query: string) => {
      const res = await v1("GET", `/reconciliations/${id}/orders?${query}`, undefined, viewerKey);
      expect(res.status, query).toBe(200);
      const body = await res.json();
      return [body.total, body.items.map((o: { orderId: string; source: string | null }) => `${o.orderId}:${o.source}`)];
    };
    expect(await ids("bucket=neverSeen")).toEqual([4, ["2101:trendyol", "2102:web", "2103:TrendYol", "2104:null"]]);
    expect(await ids("bucket=neverSeen&channel=TRENDYOL")).toEqual([2, ["2101:trendyol", "2103:TrendYol"]]);
    expect(await ids("bucket=neverSeen&channel=web&limit=25")).toEqual([1, ["2102:web"]]);
    expect(await ids("bucket=inErp&channel=web")).toEqual([0, []]);
    for (const bad of ["tr%25yol", "-web", "x".repeat(41)]) {
      const res = await v1("GET", `/reconciliations/${id}/orders?bucket=neverSeen&channel=${bad}`);
      expect(res.status, bad).toBe(422);
      expect((await res.json()).errors, bad).toEqual({ channel: ["Filter by a sales channel's name, such as web or a marketplace: 1 to 40 letters, digits, spaces, dots or dashes."] });
    }
  });

  it("an uploaded export without an id column is refused on its field and starts nothing; a good one starts a reconciliation of its rows, audited with the file's name", async () => {
    const { reconcileUpload, listReconciliations } = await import("@/lib/reconcile/service");
    const entries: (string | null | undefined)[] = [];
    const audited = { actor: OPERATOR, audit: async (e: { message?: string | null }) => void entries.push(e.message) };
    const content = (text: string) => Buffer.from(text).toString("base64");
    await expect(reconcileUpload(audited, { fileName: "customers.csv", content: content("Customer,Channel\nAyşe,web\n"), start: true })).rejects.toMatchObject({ extra: { fieldCodes: { fileName: [{ code: "validation.reconcile.upload.no_id_column" }] } } });
    expect((await listReconciliations({ page: 1, limit: 10 })).total).toBe(0);
    const { preview, id } = await reconcileUpload(audited, { fileName: "panel.csv", content: content("Sipariş No;Kanal\n3001;web\n3002;web\n"), start: true });
    expect(preview).toMatchObject({ orders: 2, columns: { id: { name: "Sipariş No" }, channel: { name: "Kanal" } } });
    expect((await listReconciliations({ page: 1, limit: 10 })).items.map((r) => r.id)).toEqual([id]);
    expect(entries).toEqual(['Reconciliation started for 2 orders of the uploaded file "panel.csv".']);
  });
});
