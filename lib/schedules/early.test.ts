import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { addToQueue } from "@/lib/queue/store";
import { emptyFormValues, scheduleFormSchema } from "@/lib/schedules/schemas";
import { insertSchedule, setPaused } from "@/lib/schedules/store";

// Near-real-time sending on the real store, two job engines (two instances) working the early-send queue
// and its age check, the transfer runs going to the emulator over HTTP.

const state = stubDoors({
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  alerts: [] as unknown[],
  config: () => ({
    erp: { batchSize: 5, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15, inFlight: 1 },
    jobs: { heartbeatSeconds: 10, superviseSeconds: 1 },
    accountTimeZone: "Europe/Istanbul",
    breaker: { windowBatches: 4, openAfter: 3, probeSeconds: 60, probeOrders: 1, drainBatchesPerMinute: 120 },
  }),
});

const erp = await import("@/lib/erp/service");
const queue = await import("@/lib/queue/service");
const hold = await import("@/lib/hold/service");
const { EARLY_QUEUE, earlyDue, nudgeEarly, sendEarly } = await import("@/lib/schedules/early");
const { workEarlySends } = await import("@/lib/schedules/jobs");

// The instances' own age check is hourly here, so a send in the push tests comes from the push; the tests of the
// age check and the hold's lift run a 1-second one.
const HOURLY = { queue: "test.early-check", seconds: 3600, expireInSeconds: 60 };
const AGE_CHECK = { queue: "test.early-age-check", seconds: 1, expireInSeconds: 60, pollingIntervalSeconds: 0.5 };
const TRANSFER = "/v1/action/orders-erp-transfer";
const SHOP = { id: null, email: "shop@demo.local", name: "Shop pipeline" };
const ctx = { actor: SHOP, audit: async () => {} };
let emulator: LiveEmulator;
let a: JobEngine;
let b: JobEngine;

beforeAll(async () => {
  emulator = await startLiveEmulator("early-send-token-5e80", "early-send");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
  await erp.startTransferJobs();
  a = await startEngine(state.store, { superviseSeconds: 1 });
  b = await startEngine(state.store, { superviseSeconds: 1 });
  await workEarlySends(a, HOURLY);
  await workEarlySends(b, HOURLY);
}, 60_000);
afterAll(async () => {
  await a.stop({ graceful: false });
  await b.stop({ graceful: false });
  await erp.stopTransferJobs();
  await state.store.close();
  await emulator.close();
});
afterEach(async () => {
  await a.offWork(AGE_CHECK.queue);
  await b.offWork(AGE_CHECK.queue);
});
beforeEach(async () => {
  for (const table of ["transfer_hold", "schedule_runs", "schedules", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

async function transferSchedule(fields: { sendWhenWaiting?: string; sendWhenOldestSeconds?: string; quietFrom?: string; quietTo?: string }) {
  const spec = scheduleFormSchema.parse({ ...emptyFormValues("Europe/Istanbul"), kind: "transfer", name: "Orders hourly", rule: "every", everyMinutes: "60", maxOrders: "500", ...fields });
  return insertSchedule(state.conn, spec, "operator@demo.local");
}
const ageCheck = () => Promise.all([workEarlySends(a, AGE_CHECK), workEarlySends(b, AGE_CHECK)]);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));
const push = (ids: string[]) => queue.enqueueOrders(ctx, ids, "api");
const runs = () => state.conn.selectFrom("erp_transfer_runs").select(["id", "origin", "total_orders", "created_by_name"]).execute();
const carried = async () => (await state.conn.selectFrom("erp_transfer_orders").select("order_id").orderBy("order_id").execute()).map((r) => r.order_id);
const queued = async () => (await state.conn.selectFrom("order_queue").select("order_id").orderBy("order_id").execute()).map((r) => r.order_id);
const history = () => state.conn.selectFrom("schedule_runs").select(["schedule_id", "outcome", "message", "transfer_run_id"]).execute();
const sentToErp = async (ids: string[]) =>
  (await emulator.control<{ requests: { path: string; body: { orderIds?: string[] } | null }[] }>("GET", "/requests?since=0")).requests
    .filter((r) => r.path === TRANSFER)
    .flatMap((r) => r.body?.orderIds ?? [])
    .filter((id) => ids.includes(id))
    .sort();
const runEnded = () =>
  expect.poll(async () => (await state.conn.selectFrom("erp_transfer_runs").select("state").execute()).map((r) => r.state), { timeout: 15_000 }).toEqual([expect.stringMatching(/^(completed|interrupted)$/)]);

describe("a transfer schedule that also sends when orders wait", () => {
  it("sends nothing below N; the push that reaches N gives one automatic run with those orders, in the schedule's history", async () => {
    const row = await transferSchedule({ sendWhenWaiting: "5" });
    const ids = range(3574001, 5);
    await push(ids.slice(0, 4));
    expect(await earlyDue()).toBeNull();
    expect(await sendEarly()).toBe("none");
    await push(ids.slice(4));
    await expect.poll(runs, { timeout: 15_000 }).toEqual([expect.objectContaining({ origin: "automatic", total_orders: 5, created_by_name: "Orders hourly" })]);
    await runEnded();
    expect(await carried()).toEqual(ids);
    expect(await sentToErp(ids)).toEqual(ids);
    expect(await queued()).toEqual([]);
    const [run] = await runs();
    expect(await history()).toEqual([{ schedule_id: row.id, outcome: "started", transfer_run_id: run!.id, message: "5 queued orders sent before the next start: 5 orders waited (the threshold is 5)." }]);
  });

  it("a burst of pushes nudged on two instances gives one run, and each order is sent once", async () => {
    await transferSchedule({ sendWhenWaiting: "10" });
    const ids = range(3574101, 12);
    await Promise.all([...ids.map((id) => push([id])), nudgeEarly(a), nudgeEarly(b), nudgeEarly(a), nudgeEarly(b)]);
    await expect.poll(async () => (await runs()).length, { timeout: 15_000 }).toBe(1);
    await runEnded();
    const sent = await carried();
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect([...sent, ...(await queued())].sort()).toEqual(ids);
    expect(await sentToErp(ids)).toEqual(sent);
    expect(await earlyDue()).toBeNull();
    expect(await runs()).toHaveLength(1);
    // The job queue itself keeps a burst to one job waiting and one running, whichever instance sends them.
    expect(await a.getQueue(EARLY_QUEUE)).toMatchObject({ policy: "stately" });
  });
});

describe("a transfer schedule that also sends when the oldest order has waited", () => {
  it("sends once the oldest has waited T seconds, found by the age check without a push", async () => {
    const row = await transferSchedule({ sendWhenOldestSeconds: "30" });
    const at = new Date(Date.now() - 28_000);
    await addToQueue(state.conn, ["3574201", "3574202"], { email: SHOP.email, name: SHOP.name, origin: "api" }, at);
    expect(await earlyDue(new Date(at.getTime() + 29_000))).toBeNull();
    expect(await earlyDue(new Date(at.getTime() + 30_000))).toMatchObject({ row: { id: row.id }, reason: "oldest", waiting: 2, oldestSeconds: 30 });
    await ageCheck();
    await expect.poll(runs, { timeout: 20_000 }).toEqual([expect.objectContaining({ origin: "automatic", total_orders: 2 })]);
    await runEnded();
    expect(await carried()).toEqual(["3574201", "3574202"]);
    expect((await history())[0]?.message).toMatch(/^2 queued orders sent before the next start: the oldest order had waited (30|31|32) seconds \(the threshold is 30\)\.$/);
  }, 30_000);
});

describe("an early send waits", () => {
  it("while the schedule is paused or outside its active hours", async () => {
    const row = await transferSchedule({ sendWhenWaiting: "1" });
    await setPaused(state.conn, row.id, true, "operator@demo.local");
    await push(["3574301", "3574302"]);
    expect(await earlyDue()).toBeNull();
    expect(await sendEarly()).toBe("none");
    await state.conn.deleteFrom("schedules").execute();
    const now = new Date("2026-11-29T10:00:00Z");
    await transferSchedule({ sendWhenWaiting: "1", quietFrom: "12:00", quietTo: "14:00" });
    expect(await earlyDue(now)).toBeNull();
    expect(await earlyDue(new Date("2026-11-29T08:00:00Z"))).toMatchObject({ reason: "waiting", waiting: 2 });
    expect(await runs()).toEqual([]);
    expect(await queued()).toEqual(["3574301", "3574302"]);
  });

  it("while transfers are held, and goes when the hold is lifted", async () => {
    await hold.setTransferHold(ctx, { held: true, reason: "Month-end close" });
    await transferSchedule({ sendWhenWaiting: "2" });
    await push(["3574401", "3574402", "3574403"]);
    expect(await earlyDue()).toBeNull();
    expect(await sendEarly()).toBe("none");
    expect(await runs()).toEqual([]);
    expect(await queued()).toEqual(["3574401", "3574402", "3574403"]);
    await hold.setTransferHold(ctx, { held: false });
    await ageCheck();
    await expect.poll(runs, { timeout: 15_000 }).toEqual([expect.objectContaining({ total_orders: 3 })]);
    await runEnded();
    expect(await queued()).toEqual([]);
  });
});
