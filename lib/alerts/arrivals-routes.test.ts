import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { parseServerEnv } from "@/lib/config/env";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createDeliveryQueue, workDeliveries, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import { channelBodySchema } from "@/lib/alerts/schemas";
import { insertChannel } from "@/lib/alerts/store";
import { checkArrivals } from "@/lib/alerts/arrivals-service";
import { digestCounts, type AlertTickDeps } from "@/lib/alerts/digest";
import { callRoute } from "@/test/in-process-console";
import { insertTestKey } from "@/test/api-keys";
import { startReceiver } from "@/test/alert-servers";
import { openTestStore } from "@/test/store";

// /api/alerts/arrivals and the pushed-order checks on the real store and job engine, alerts to a real webhook receiver.

const AUTH_SECRET = "arrivals-test-auth-secret-0123456789abcdef";
const ENV = { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "arrivals-test-upstream-token", AUTH_SECRET, CONSOLE_URL: "http://console.test", LABS_DEMO_MODE: "1" };
const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  config: () => parseServerEnv(ENV),
});
const ADMIN = { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const };
const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const QUEUE: DeliveryQueueOptions = { retryLimit: 1, retryDelaySeconds: 1 };
const TZ = "Europe/Istanbul";
let a: JobEngine;
let b: JobEngine;

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  a = await startEngine(state.store, { superviseSeconds: 1 });
  b = await startEngine(state.store, { superviseSeconds: 1 });
  await createDeliveryQueue(a, QUEUE);
  await workDeliveries(a, { db: state.conn, authSecret: AUTH_SECRET, consoleUrl: "http://console.test", timeZone: TZ, timeoutMs: 2000, targets: { allowLoopback: true, allowed: [] } }, { pollingIntervalSeconds: 0.5 });
}, 60_000);
afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await state.store.close();
});
beforeEach(async () => {
  for (const table of ["order_queue", "order_queue_arrivals", "alert_arrival_rules", "alert_deliveries", "alert_channels", "audit_events", "schedules"] as const) await state.conn.deleteFrom(table).execute();
});

const rule = async () => (await callRoute("GET", "/api/alerts/arrivals")).json();
const put = (body: unknown) => callRoute("PUT", "/api/alerts/arrivals", body);

async function waitFor(done: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

describe("/api/alerts/arrivals", () => {
  it("is off by default; an admin sets and clears the rules, audited in words; an operator may only read", async () => {
    state.member = OPERATOR;
    expect(await rule()).toMatchObject({ silenceMinutes: null, volumePercent: null, lastPushAt: null, silent: false, today: 0, updatedBy: null });
    expect((await put({ silenceMinutes: 30, volumePercent: 50 })).status).toBe(403);

    state.member = ADMIN;
    const saved = await put({ silenceMinutes: 30, volumePercent: 50 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ silenceMinutes: 30, volumePercent: 50, updatedBy: "admin@demo.local" });
    expect((await put({ silenceMinutes: null, volumePercent: 50 })).status).toBe(200);
    expect(await rule()).toMatchObject({ silenceMinutes: null, volumePercent: 50 });
    const audit = await state.conn.selectFrom("audit_events").select("message").where("action", "=", "alert_arrivals.update").orderBy("id").execute();
    expect(audit.map((r) => r.message)).toEqual([
      "Pushed-order rules set: an alert after 30 active minutes without a pushed order; an alert when today's pushed orders fall below 50% of the usual weekday.",
      "Pushed-order rules set: no silence alert; an alert when today's pushed orders fall below 50% of the usual weekday.",
    ]);
  });

  it("answers bad values with a 422 naming the field, and keeps the rules as they were", async () => {
    state.member = ADMIN;
    for (const [body, field] of [
      [{ silenceMinutes: 0, volumePercent: null }, "silenceMinutes"],
      [{ silenceMinutes: 10_081, volumePercent: null }, "silenceMinutes"],
      [{ silenceMinutes: 1.5, volumePercent: null }, "silenceMinutes"],
      [{ silenceMinutes: "30", volumePercent: null }, "silenceMinutes"],
      [{ silenceMinutes: null, volumePercent: 0 }, "volumePercent"],
      [{ silenceMinutes: null, volumePercent: 101 }, "volumePercent"],
      [{ silenceMinutes: null }, "volumePercent"],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await res.json()).errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await rule()).toMatchObject({ silenceMinutes: null, volumePercent: null, updatedAt: null });
  });

  it("counts pushes through /api/v1/order-queue, not ids queued on the page", async () => {
    const { secret } = await insertTestKey(state.conn, { role: "operator", name: "Shop pusher" });
    state.member = OPERATOR;
    expect((await callRoute("POST", "/api/erp/queue", { orderIds: ["7100001"] })).status).toBe(200);
    expect((await rule()).lastPushAt).toBeNull();
    state.member = null;
    const pushed = await callRoute("POST", "/api/v1/order-queue", { orderIds: ["7100002", "7100003", "7100001"] }, { authorization: `Bearer ${secret}` });
    expect(pushed.status).toBe(200);
    // A push of ids already waiting still says the pusher is alive, but adds no orders.
    expect((await callRoute("POST", "/api/v1/order-queue", { orderIds: ["7100002"] }, { authorization: `Bearer ${secret}` })).status).toBe(200);
    const rows = await state.conn.selectFrom("order_queue_arrivals").selectAll().execute();
    expect(rows.map((r) => ({ pushes: r.pushes, orders: r.orders }))).toEqual([{ pushes: 2, orders: 2 }]);
    state.member = OPERATOR;
    expect(Date.now() - Date.parse((await rule()).lastPushAt)).toBeLessThan(60_000);
  });
});

describe("the pushed-order checks", () => {
  const NOW = new Date("2026-11-26T11:20:00Z"); // a Thursday, 14:20 in Istanbul
  const min = (n: number) => new Date(NOW.getTime() + n * 60_000);
  const deps = (boss: JobEngine): AlertTickDeps => ({ db: state.conn, boss, queue: QUEUE, timeZone: TZ });
  const arrival = (at: Date, orders: number) =>
    state.conn
      .insertInto("order_queue_arrivals")
      .values({ hour: new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000), pushes: 1, orders, last_at: at })
      .onConflict((oc) => oc.column("hour").doUpdateSet({ orders, last_at: at }))
      .execute();
  async function channel(events: string[]) {
    const receiver = await startReceiver("whsec-arrivals-test-signing-secret");
    const body = channelBodySchema("create").parse({ name: "Orders", kind: "webhook", enabled: true, events, url: `${receiver.url}/hook`, signingSecret: "whsec-arrivals-test-signing-secret" });
    await insertChannel(state.conn, body, "admin@demo.local", AUTH_SECRET);
    return receiver;
  }

  it("raises one silence alert per spell across instances, and none during a push's active minutes", async () => {
    const receiver = await channel(["orders.silent"]);
    try {
      await state.conn.insertInto("alert_arrival_rules").values({ id: "orders", silence_minutes: 60, volume_percent: null, silence_alerted_at: null, volume_alerted_day: null, updated_at: min(-600), updated_by_email: "admin@demo.local" }).execute();
      await arrival(min(-59), 3);
      expect(await checkArrivals(deps(a), NOW)).toEqual([]);
      const raced = await Promise.all([a, b, a, b].map((boss) => checkArrivals(deps(boss), min(1))));
      expect(raced.flat()).toHaveLength(1);
      await waitFor(() => receiver.received.length > 0);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "orders.silent", title: "No order pushed for 60 active minutes", event: { minutes: 60, lastPushAt: min(-59).toISOString() } });
      expect(await checkArrivals(deps(a), min(300))).toEqual([]);
      // The digest says so while it holds.
      expect((await digestCounts(state.conn, min(-60), min(300), min(300))).silence).toEqual({ minutes: 60, lastPushAt: min(-59).toISOString() });

      await arrival(min(400), 1);
      expect(await checkArrivals(deps(a), min(459))).toEqual([]);
      expect((await digestCounts(state.conn, min(400), min(459), min(459))).silence).toBeUndefined();
      expect(await checkArrivals(deps(a), min(460))).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it("raises one low-day alert per day against the last four same weekdays", async () => {
    const receiver = await channel(["orders.low_volume"]);
    try {
      await state.conn.insertInto("alert_arrival_rules").values({ id: "orders", silence_minutes: null, volume_percent: 50, silence_alerted_at: null, volume_alerted_day: null, updated_at: min(-600), updated_by_email: "admin@demo.local" }).execute();
      for (let week = 1; week <= 4; week++) for (let h = 6; h < 11; h++) await arrival(new Date(Date.UTC(2026, 10, 26 - 7 * week, h, 30)), 10);
      await arrival(new Date(Date.UTC(2026, 10, 26, 6, 30)), 24);
      // Today's completed hours so far: 24 orders against the usual 50 by 14:00; 48% is below 50%.
      const raced = await Promise.all([a, b].map((boss) => checkArrivals(deps(boss), NOW)));
      expect(raced.flat()).toHaveLength(1);
      await waitFor(() => receiver.received.length > 0);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: "orders.low_volume",
        title: "Fewer orders pushed today than usual",
        text: "Today so far 24 orders: below 50% of the usual 50 for this weekday by this hour.",
      });
      expect(await checkArrivals(deps(a), min(30))).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 30_000);
});
