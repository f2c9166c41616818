import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";
import { parseServerEnv } from "@/lib/config/env";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { startChain } from "@/lib/jobs/periodic";
import { createDeliveryQueue, workDeliveries, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import { channelBodySchema } from "@/lib/alerts/schemas";
import { insertChannel } from "@/lib/alerts/store";
import { digestCounts } from "@/lib/alerts/digest";
import { renderAlert } from "@/lib/alerts/message";
import { alertNeverSeen } from "@/lib/reconcile/alerts";
import { emptyFormValues, scheduleFormSchema } from "@/lib/schedules/schemas";
import { insertSchedule } from "@/lib/schedules/store";
import { callRoute } from "@/test/in-process-console";
import { insertTestKey } from "@/test/api-keys";
import { startReceiver } from "@/test/alert-servers";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestStore } from "@/test/store";

// The reconcile schedule on the real store, the emulator over HTTP and two job engines: a due start reconciles the
// hours before it once however many instances tick; its never-seen orders raise one alert at a real receiver.

const AUTH_SECRET = "reconcile-schedule-auth-secret-0123456789ab";
const ENV = { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "reconcile-schedule-token", AUTH_SECRET, CONSOLE_URL: "http://console.test", LABS_DEMO_MODE: "1" };
const SETTLE_MINUTES = 30;
const state = stubDoors({
  member: null,
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  config: () => ({ ...parseServerEnv(ENV), reconcile: { orderList: true, settleMinutes: SETTLE_MINUTES } }),
});
const schedules = await import("@/lib/schedules/service");
const { startReconciliation } = await import("@/lib/reconcile/service");

const QUEUE: DeliveryQueueOptions = { retryLimit: 1, retryDelaySeconds: 1 };
const HOUR = 3_600_000;
let emulator: LiveEmulator;
let a: JobEngine;
let b: JobEngine;
let operatorKey: string;

beforeAll(async () => {
  emulator = await startLiveEmulator("reconcile-schedule-token-8e1a", "reconcile-schedule");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
  a = await startEngine(state.store, { superviseSeconds: 1 });
  b = await startEngine(state.store, { superviseSeconds: 1 });
  await createDeliveryQueue(a, QUEUE);
  await workDeliveries(a, { db: state.conn, authSecret: AUTH_SECRET, consoleUrl: "http://console.test", timeZone: "UTC", timeoutMs: 2000, targets: { allowLoopback: true, allowed: [] } }, { pollingIntervalSeconds: 0.5 });
  operatorKey = (await insertTestKey(state.conn, { role: "operator" })).secret;
}, 60_000);
afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await state.store.close();
  await emulator.close();
});
beforeEach(async () => {
  for (const table of ["reconciliation_orders", "reconciliations", "schedule_runs", "schedules", "alert_deliveries", "alert_channels", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

const seed = async (at: Date, n: number) => (await emulator.control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: n, orderCreatedAt: at.toISOString(), orderSource: "trendyol" })).orders.ids;
const v1 = (method: string, path: string, body?: unknown) => callRoute(method, `/api/v1${path}`, body, { authorization: `Bearer ${operatorKey}` });
const reconciliations = () => state.conn.selectFrom("reconciliations").selectAll().execute();
const expectedIds = async (id: string) => new Set((await state.conn.selectFrom("reconciliation_orders").select("order_id").where("reconciliation_id", "=", id).execute()).map((r) => r.order_id));

async function dueReconcileSchedule(windowHours: string, dueAt: Date) {
  const spec = scheduleFormSchema.parse({ ...emptyFormValues("UTC"), kind: "reconcile", name: "Hourly check", rule: "every", everyMinutes: "60", windowHours });
  const row = await insertSchedule(state.conn, spec, "operator@demo.local");
  await state.conn.updateTable("schedules").set({ next_start_at: dueAt }).where("id", "=", row.id).execute();
  return row.id;
}

describe("a reconcile schedule at its due time", () => {
  it("reconciles the platform's orders of its window before the start, settling ones left out, once across two engines ticking", async () => {
    const now = Date.now();
    const [inside, older, young] = [await seed(new Date(now - 5 * HOUR), 3), await seed(new Date(now - 30 * HOUR), 2), await seed(new Date(now - 10 * 60_000), 2)];
    const scheduleId = await dueReconcileSchedule("24", new Date(now - 1_000));
    let ticks = 0;
    const chain = { queue: "reconcile-schedule-test-tick", seconds: 1, expireInSeconds: 60, pollingIntervalSeconds: 0.5 };
    for (const engine of [a, b]) await startChain(engine, chain, async () => (await schedules.runDueSchedules(), ticks++));
    await Promise.all([a, b, a, b].map(() => schedules.runDueSchedules()));
    await expect.poll(async () => (await reconciliations())[0]?.status, { timeout: 15_000 }).toBe("done");
    await expect.poll(() => ticks, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);

    const [r, ...more] = await reconciliations();
    expect(more).toEqual([]);
    expect(r).toMatchObject({ kind: "window", schedule_id: scheduleId, created_by_name: "Hourly check" });
    expect(r!.window_to!.getTime() - r!.window_from!.getTime()).toBe(24 * HOUR);
    expect(Math.abs(r!.window_to!.getTime() - r!.settled_before.getTime() - SETTLE_MINUTES * 60_000)).toBeLessThan(1_000);
    const ids = await expectedIds(r!.id);
    expect(inside.every((id) => ids.has(id))).toBe(true);
    expect([...older, ...young].some((id) => ids.has(id))).toBe(false);
    expect(r!.settling).toBeGreaterThanOrEqual(2);
    const runs = await state.conn.selectFrom("schedule_runs").selectAll().where("schedule_id", "=", scheduleId).execute();
    expect(runs).toMatchObject([{ outcome: "started", reconciliation_id: r!.id, message: "Reconciliation of the last 24 hours started." }]);
  }, 45_000);
});

describe("the never-seen alert", () => {
  async function channel() {
    const receiver = await startReceiver("whsec-reconcile-test-signing-secret");
    const body = channelBodySchema("create").parse({ name: "Ops", kind: "webhook", enabled: true, events: ["reconcile.never_seen"], url: `${receiver.url}/hook`, signingSecret: "whsec-reconcile-test-signing-secret" });
    await insertChannel(state.conn, body, "admin@demo.local", AUTH_SECRET);
    return receiver;
  }
  const ctx = { actor: { id: null, email: "", name: "Hourly check" }, audit: async () => undefined };
  const deps = (boss: JobEngine) => ({ db: state.conn, boss, queue: QUEUE });

  it("goes once per scheduled reconciliation with never-seen orders, to a real receiver, however many instances check; a hand-started one and one without never-seen raise none", async () => {
    const receiver = await channel();
    try {
      const now = Date.now();
      await seed(new Date(now - 3 * HOUR), 4);
      const scheduleId = await dueReconcileSchedule("48", new Date(now + HOUR));
      const window = { from: new Date(now - 4 * HOUR), to: new Date(now - 2 * HOUR) };
      const byHand = await startReconciliation(ctx, window);
      const scheduled = await startReconciliation(ctx, window, new Date(), undefined, scheduleId);
      const empty = await startReconciliation(ctx, { from: new Date(now - 20 * 24 * HOUR), to: new Date(now - 19 * 24 * HOUR) }, new Date(), undefined, scheduleId);
      await Promise.all([byHand.done, scheduled.done, empty.done]);

      const raced = await Promise.all([a, b, a, b].map((boss) => alertNeverSeen(deps(boss))));
      expect(raced.flat()).toHaveLength(1);
      expect(await alertNeverSeen(deps(b))).toEqual([]);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const sent = JSON.parse(receiver.received[0]!.body);
      const neverSeen = (await reconciliations()).find((r) => r.id === scheduled.id)!.never_seen!;
      expect(neverSeen).toBeGreaterThanOrEqual(4);
      expect(sent).toMatchObject({ type: "reconcile.never_seen", title: `Reconciliation: ${neverSeen} platform orders never seen by the console`, event: { reconciliationId: scheduled.id, scheduleId, neverSeen } });
    } finally {
      await receiver.close();
    }
  }, 30_000);
});

describe("the digest's reconciliation lines", () => {
  const reconciled = { id: "00000000-0000-4000-8000-000000000001", from: "2026-11-27T00:00:00Z", to: "2026-11-28T00:00:00Z", total: 1204, inErp: 1198, waiting: 0, open: 6, neverSeen: 0 };
  const digest = (byChannel: { source: string | null; total: number; inErp: number; waiting: number; open: number; neverSeen: number }[]) => ({
    type: "digest" as const,
    mode: "daily" as const,
    since: "2026-11-28T05:00:00Z",
    until: "2026-11-29T05:00:00Z",
    timeZone: "UTC",
    at: "2026-11-29T05:00:00Z",
    runs: { total: 1, complete: 1, completeWithRejections: 0, needsAttention: 0, interrupted: 0, running: 0 },
    open: { total: 0, failed: 0, unknown: 0, notSent: 0, rejected: 0 },
    stale: [],
    reconciled: { ...reconciled, byChannel },
  });

  it("says the counts in the channel's language with its number format, and one line per channel when there are several", () => {
    const channels = [{ source: "trendyol", total: 1000, inErp: 996, waiting: 0, open: 4, neverSeen: 0 }, { source: null, total: 204, inErp: 202, waiting: 0, open: 2, neverSeen: 0 }];
    const en = renderAlert(digest(channels), "http://console.test", { locale: "en", timeZone: "UTC" }).lines;
    const tr = renderAlert(digest(channels), "http://console.test", { locale: "tr", timeZone: "UTC" }).lines;
    expect(en).toContain("trendyol: 1,000 orders, 996 in the ERP, 0 waiting, 4 open, 0 never seen.");
    expect(en).toContain("no channel given: 204 orders, 202 in the ERP, 0 waiting, 2 open, 0 never seen.");
    expect(en.find((l) => l.startsWith("Reconciliation of "))).toMatch(/: 1,204 orders, 1,198 in the ERP, 0 waiting, 6 open, 0 never seen\.$/);
    expect(tr.find((l) => l.endsWith("mutabakatı: 1.204 sipariş, 1.198 ERP'de, 0 bekliyor, 6 açık, 0 hiç görülmedi."))).toBeDefined();
    expect(tr).toContain("trendyol: 1.000 sipariş, 996 ERP'de, 0 bekliyor, 4 açık, 0 hiç görülmedi.");
    const one = renderAlert(digest([channels[0]!]), "http://console.test", { locale: "en", timeZone: "UTC" }).lines;
    expect(one.filter((l) => l.includes(" orders, "))).toHaveLength(1);
  });

  it("takes the last reconciliation finished in the digest's period", async () => {
    const now = Date.now();
    await seed(new Date(now - 3 * HOUR), 2);
    const ctx = { actor: { id: null, email: "", name: "" }, audit: async () => undefined };
    const { id, done } = await startReconciliation(ctx, { from: new Date(now - 4 * HOUR), to: new Date(now - 2 * HOUR) });
    await done;
    const counts = await digestCounts(state.conn, new Date(now - HOUR), new Date(Date.now() + 1_000), new Date());
    expect(counts.reconciled).toMatchObject({ id, total: expect.any(Number), neverSeen: counts.reconciled!.total });
    expect(counts.reconciled!.total).toBeGreaterThanOrEqual(2);
    expect((await digestCounts(state.conn, new Date(now - 3 * HOUR), new Date(now - HOUR), new Date())).reconciled).toBeUndefined();
  });
});

describe("/api/v1/schedules with a reconcile schedule", () => {
  it("keeps the window hours as a number through GET and PUT, refuses one over the maximum on its field with nothing stored, and starts now by hand", async () => {
    const body = { kind: "reconcile", name: "Every hour", rule: { type: "every", minutes: 60 }, timeZone: "UTC" };
    const created = await v1("POST", "/schedules", body);
    expect(created.status).toBe(201);
    const { schedule } = await created.json();
    expect(schedule).toMatchObject({ kind: "reconcile", windowHours: 48, maxOrders: null });
    const list = await (await v1("GET", "/schedules")).json();
    const read = list.items.find((s: { id: string }) => s.id === schedule.id);
    const put = await v1("PUT", `/schedules/${schedule.id}`, { ...read, windowHours: 6 });
    expect(await put.json()).toMatchObject({ schedule: { windowHours: 6 } });

    const refused = await v1("POST", "/schedules", { ...body, windowHours: 745 });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ windowHours: ["Give the window as a whole number of hours from 1 to 744 (31 days)."] });
    expect(await state.conn.selectFrom("schedules").select("id").execute()).toHaveLength(1);

    const ran = await v1("POST", `/schedules/${schedule.id}/run`);
    expect(ran.status).toBe(200);
    const after = (await ran.json()).schedule;
    expect(after.history[0]).toMatchObject({ outcome: "started", reconciliationId: expect.any(String) });
    expect(after.nextStartAt).toBe(read.nextStartAt);
    const [r] = await reconciliations();
    expect(r!.window_to!.getTime() - r!.window_from!.getTime()).toBe(6 * HOUR);
  });
});
