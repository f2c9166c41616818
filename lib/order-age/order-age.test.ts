import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { takeQueuedOrders } from "@/lib/queue/store";
import { enqueueBodySchema } from "@/lib/queue/schemas";
import { channelBodySchema } from "@/lib/alerts/schemas";
import { insertChannel } from "@/lib/alerts/store";
import { renderAlert } from "@/lib/alerts/message";
import { createDeliveryQueue } from "@/lib/alerts/engine";
import { orderAgeOf } from "@/lib/order-age/read";
import { checkOrderAge } from "@/lib/order-age/alerts";
import { digestCounts } from "@/lib/alerts/digest";
import { digestLines, isEmptyDigest, type DigestEvent } from "@/lib/alerts/digest-summary";
import { messageWords } from "@/lib/alerts/message";

// The order-age clock on a real PostgreSQL: what counts as not yet in the ERP, the bands per channel, channel data carried from the queue onto
// the transfer rows, and the order-age alert given once per level.

const state = stubDoors({ conn: undefined as unknown as Kysely<Database>, store: undefined as unknown as Store, config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }) });
const { enqueueOrders } = await import("@/lib/queue/service");

const LEVELS = { warnDays: 5, criticalDays: 6, deadlineDays: 7 };
const NOW = new Date("2026-11-28T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const ctx = { actor: { id: 2, email: "operator@demo.local", name: "Onur Operator" }, audit: async () => undefined };
const AUTH_SECRET = "order-age-test-secret-0123456789abcdefgh";

let engine: JobEngine;

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  engine = await startEngine(state.store, { superviseSeconds: 1 });
  await createDeliveryQueue(engine, { retryLimit: 0, retryDelaySeconds: 1 });
}, 60_000);
afterAll(async () => {
  await engine.stop({ graceful: false });
  await state.store.close();
});
beforeEach(async () => {
  for (const table of ["order_queue", "erp_order_resolutions", "erp_transfer_orders", "erp_transfer_runs", "order_age_alerts", "alert_deliveries", "alert_channels"] as const) await state.conn.deleteFrom(table).execute();
});

type Row = { order: string; outcome: "pending" | "transferred" | "not_transferred" | "unknown"; meaning?: string; source?: string; orderDate?: Date; retriedIn?: string };

async function run(runState: "running" | "completed", createdAt: Date, rows: Row[], through = 0): Promise<string> {
  const id = await insertRun(state.conn, "Run", runState, "new", createdAt.toISOString(), { pending: rows.length });
  await state.conn.updateTable("erp_transfer_runs").set({ transferred_through: through }).where("id", "=", id).execute();
  await state.conn
    .insertInto("erp_transfer_orders")
    .values(rows.map((r, i) => ({ run_id: id, position: i + 1, order_id: r.order, batch: 1, outcome: r.outcome, meaning: r.meaning ?? null, source: r.source ?? null, order_date: r.orderDate ?? null, retried_in: r.retriedIn ?? null })))
    .execute();
  return id;
}

const queue = (orders: { id: string; source?: string; orderDate?: Date; packageId?: string }[]) =>
  enqueueOrders(ctx, orders.map((o) => o.id), "api", { channels: orders.map((o) => ({ source: undefined, orderDate: undefined, packageId: undefined, ...o })) });

describe("the order-age clock", () => {
  it("counts each order not yet in the ERP once, per channel, oldest first, by band", async () => {
    await queue([
      { id: "9100001", source: "web", orderDate: daysAgo(6.5) },
      { id: "9100002", source: "web" },
      { id: "9100003", source: "trendyol", orderDate: daysAgo(5.5) },
      { id: "9100004", source: "n11", orderDate: daysAgo(1) },
    ]);
    const running = await run("running", daysAgo(0.1), [
      { order: "9100010", outcome: "pending", source: "web", orderDate: daysAgo(9) },
      { order: "9100011", outcome: "pending", source: "web", orderDate: daysAgo(8) },
    ], 1);
    const done = await run("completed", daysAgo(2), [
      { order: "9100020", outcome: "not_transferred", meaning: "failed", source: "hepsiburada", orderDate: daysAgo(3) },
      { order: "9100021", outcome: "not_transferred", meaning: "rejected", source: "hepsiburada", orderDate: daysAgo(30) },
      { order: "9100022", outcome: "unknown", source: "hepsiburada", orderDate: daysAgo(30), retriedIn: running },
      { order: "9100023", outcome: "not_transferred", meaning: "already_in_erp", source: "hepsiburada", orderDate: daysAgo(30) },
      { order: "9100024", outcome: "transferred", source: "hepsiburada", orderDate: daysAgo(30) },
      { order: "9100025", outcome: "not_transferred", meaning: "failed", source: "hepsiburada", orderDate: daysAgo(30) },
      { order: "9100026", outcome: "not_transferred", meaning: "failed" },
    ], 0);
    await state.conn.updateTable("erp_transfer_runs").set({ transferred_count: 1, already_count: 1 }).where("id", "=", done).execute();
    // Resolved for good, and sent again in a later run that reached the ERP: neither is waiting any more.
    await state.conn.insertInto("erp_order_resolutions").values({ run_id: done, position: 2, order_id: "9100021", resolved_at: NOW, resolved_by_email: "o@demo.local", resolved_by_name: "O", note: "cancelled" }).execute();
    await run("completed", daysAgo(1), [{ order: "9100025", outcome: "transferred" }]);
    // Open in the inbox and queued again with its channel: one order, counted from the earlier moment.
    await queue([{ id: "9100026", source: "n11", orderDate: daysAgo(0.5) }]);

    const age = await orderAgeOf(state.conn, LEVELS, NOW);
    expect(age.total).toBe(7);
    expect(age.channels.map((c) => [c.source, c.count, c.level, c.oldest.orderId, c.oldest.place, c.bands])).toEqual([
      ["web", 3, "overdue", "9100011", "running", { ok: 1, warn: 0, critical: 1, overdue: 1 }],
      ["trendyol", 1, "warn", "9100003", "queued", { ok: 0, warn: 1, critical: 0, overdue: 0 }],
      ["hepsiburada", 1, "ok", "9100020", "open", { ok: 1, warn: 0, critical: 0, overdue: 0 }],
      ["n11", 2, "ok", "9100026", "open", { ok: 2, warn: 0, critical: 0, overdue: 0 }],
    ]);
    expect(age.channels[0]!.oldest.runId).toBe(running);
    expect(age.channels[3]!.oldest.since).toBe(daysAgo(2).toISOString());
  });

  it("counts an order without an order date from when it was queued, and keeps that moment and its channel when it is sent", async () => {
    await queue([{ id: "9200001", source: "web", packageId: "PKG-1" }, { id: "9200002", source: "amazon", orderDate: daysAgo(3), packageId: "PKG-2" }]);
    const queuedAt = (await state.conn.selectFrom("order_queue").select("queued_at").where("order_id", "=", "9200001").executeTakeFirstOrThrow()).queued_at;
    await createTransferRun(state.conn, { actor: ctx.actor, idempotencyKey: "age-send", request: { take: (trx) => takeQueuedOrders(trx, 10), origin: "queue" }, batchSize: 2, maxOrdersPerRun: 50, enqueue: async () => undefined });
    const rows = await state.conn.selectFrom("erp_transfer_orders").select(["order_id", "source", "order_date", "package_id", "first_seen_at"]).orderBy("order_id").execute();
    expect(rows).toEqual([
      { order_id: "9200001", source: "web", order_date: null, package_id: "PKG-1", first_seen_at: queuedAt },
      { order_id: "9200002", source: "amazon", order_date: daysAgo(3), package_id: "PKG-2", first_seen_at: expect.any(Date) },
    ]);
    const later = new Date(queuedAt.getTime() + 86_400_000 * 5.5);
    const age = await orderAgeOf(state.conn, LEVELS, later);
    expect(age.channels.map((c) => [c.source, c.oldest.place, c.oldest.since, c.level])).toEqual([
      ["amazon", "running", daysAgo(3).toISOString(), "overdue"],
      ["web", "running", queuedAt.toISOString(), "warn"],
    ]);
  });
});

describe("the queue's channel fields", () => {
  const issues = (body: unknown) => {
    const parsed = enqueueBodySchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };
  it("accepts orders with a channel, an order date and a package id, and names each bad field", () => {
    expect(issues({ orders: [{ id: "1", source: "Web", orderDate: "2026-11-01T09:00:00+03:00", packageId: "P-1.2_3" }] })).toEqual([]);
    expect(enqueueBodySchema.parse({ orders: [{ id: "1", source: " Trendyol " }] }).orders![0]!.source).toBe("trendyol");
    expect(issues({ orders: [{ id: "1", source: "" }, { id: "2", source: "x".repeat(41) }, { id: "3", source: "web/shop" }] })).toEqual([
      "orders.0.source: validation.queue.source",
      "orders.1.source: validation.queue.source",
      "orders.2.source: validation.queue.source",
    ]);
    expect(issues({ orders: [{ id: "1", orderDate: "yesterday" }, { id: "2", orderDate: "2026-11-01T09:00:00" }, { id: "3", orderDate: "2999-01-01T00:00:00Z" }] })).toEqual([
      "orders.0.orderDate: validation.queue.orderDate",
      "orders.1.orderDate: validation.queue.orderDate",
      "orders.2.orderDate: validation.queue.orderDateFuture",
    ]);
    expect(issues({ orders: [{ id: "1", packageId: "a b" }, { id: "2", packageId: 7 }] })).toEqual(["orders.0.packageId: validation.queue.packageId", "orders.1.packageId: validation.queue.packageId"]);
    expect(issues({ orders: [{ id: "1", channel: "web" }] })).toHaveLength(1);
    expect(issues({ orderIds: ["1"], orders: [{ id: "2" }] })).toEqual(["orders: validation.queue.idsOrOrders"]);
    expect(issues({})).toEqual(["orderIds: validation.queue.orderIdsList"]);
  });
});

describe("the order-age alert", () => {
  it("fires once when the oldest order reaches warn, once at critical, and again only after the channel fell below", async () => {
    const body = channelBodySchema("create").parse({ name: "Age hook", kind: "webhook", enabled: true, events: ["order.age"], url: "http://127.0.0.1:9/hook", signingSecret: "whsec-order-age-test-signing" });
    await insertChannel(state.conn, body, "admin@demo.local", AUTH_SECRET);
    const deps = { db: state.conn, boss: engine, queue: { retryLimit: 0, retryDelaySeconds: 1 }, orderAge: LEVELS };
    const at = (days: number) => new Date(daysAgo(0).getTime() + days * 86_400_000);
    await queue([{ id: "9300001", source: "web", orderDate: daysAgo(4) }]);

    expect(await checkOrderAge(deps, at(0))).toEqual([]);
    const raced = await Promise.all([1, 2, 3, 4].map(() => checkOrderAge(deps, at(1.1))));
    expect(raced.flat()).toHaveLength(1);
    expect(await checkOrderAge(deps, at(1.5))).toEqual([]);
    expect(await checkOrderAge(deps, at(2.1))).toHaveLength(1);
    expect(await checkOrderAge(deps, at(3.5))).toEqual([]);
    const events = (await state.conn.selectFrom("alert_deliveries").select("event_json").orderBy("created_at").execute()).map((r) => JSON.parse(r.event_json) as { level: string; orderId: string; source: string });
    expect(events.map((e) => [e.level, e.orderId, e.source])).toEqual([["warn", "9300001", "web"], ["critical", "9300001", "web"]]);

    await state.conn.deleteFrom("order_queue").execute();
    expect(await checkOrderAge(deps, at(3.6))).toEqual([]);
    await queue([{ id: "9300002", source: "web", orderDate: daysAgo(1) }]);
    expect(await checkOrderAge(deps, at(4.1))).toHaveLength(1);
  });

  it("reads in the channel's language", () => {
    const event = { type: "order.age" as const, level: "warn" as const, source: "web", orderId: "9300001", since: "2026-11-23T09:00:00Z", count: 3, deadlineDays: 7, at: "2026-11-28T12:00:00Z" };
    const en = renderAlert(event, "http://console.test", { locale: "en", timeZone: "Europe/Istanbul" });
    const tr = renderAlert(event, "http://console.test", { locale: "tr", timeZone: "Europe/Istanbul" });
    expect(en.title).toBe("Order age warning (web): the oldest order not yet in the ERP is 5 days 3 hours old");
    expect(tr.title).toBe("Sipariş yaşı uyarısı (web): ERP'ye henüz girmemiş en eski siparişin yaşı 5 gün 3 saat");
    expect(en.lines.join(" ")).toContain("VUK 231/5");
    expect(tr.lines[0]).toContain("3 siparişi");
  });

  it("puts the oldest order not yet in the ERP in the digest, which speaks up once it reaches warn", async () => {
    await queue([{ id: "9400001", source: "web", orderDate: daysAgo(4.5) }, { id: "9400002", source: "n11", orderDate: daysAgo(1) }]);
    const fresh = await digestCounts(state.conn, daysAgo(1), NOW, NOW, LEVELS);
    expect(fresh.oldest).toEqual({ source: "web", since: daysAgo(4.5).toISOString(), level: "ok" });
    expect(isEmptyDigest(fresh)).toBe(true);
    const later = new Date(NOW.getTime() + 86_400_000);
    const counts = await digestCounts(state.conn, daysAgo(1), later, later, LEVELS);
    expect(isEmptyDigest(counts)).toBe(false);
    const event: DigestEvent = { type: "digest", mode: "daily", since: NOW.toISOString(), until: later.toISOString(), timeZone: "Europe/Istanbul", at: later.toISOString(), ...counts };
    expect(digestLines(event, messageWords({ locale: "en", timeZone: "Europe/Istanbul" }))).toContain("Oldest order not yet in the ERP: 5 days 12 hours (web).");
    expect(digestLines(event, messageWords({ locale: "tr", timeZone: "Europe/Istanbul" }))).toContain("ERP'ye henüz girmemiş en eski sipariş: 5 gün 12 saat (web).");
  });
});
