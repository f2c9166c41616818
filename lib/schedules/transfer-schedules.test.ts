import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { UpstreamClient } from "@/lib/upstream/client";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { addToQueue } from "@/lib/queue/store";
import { emptyFormValues, scheduleFormSchema } from "@/lib/schedules/schemas";
import { getSchedule, insertSchedule } from "@/lib/schedules/store";

// A transfer schedule at its due time sends the oldest queued ids, up to its cap and the run size,
// as one run with origin "automatic"; ticks racing on several instances send them once; an
// empty queue starts nothing; a start found too late is skipped as missed, as imports are.

const state = stubDoors({ conn: undefined as unknown as Kysely<Database>, store: undefined as unknown as Store, client: undefined as unknown as UpstreamClient, alerts: [] as unknown[], config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15, inFlight: 1 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" }) });

const service = await import("@/lib/schedules/service");
const erp = await import("@/lib/erp/service");
const hold = await import("@/lib/hold/service");

let emulator: LiveEmulator;
const BY = { email: "shop@demo.local", name: "Shop pipeline", origin: "api" as const };

beforeAll(async () => {
  emulator = await startLiveEmulator("transfer-schedules-token-19d4", "transfer-schedules");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
});
afterAll(async () => {
  await erp.stopTransferJobs();
  await state.store.close();
  await emulator.close();
});
beforeEach(async () => {
  for (const table of ["transfer_hold", "schedule_runs", "schedules", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
});

/** A transfer schedule every minute whose next start is `dueAt`. */
async function dueTransferSchedule(dueAt: Date, maxOrders: string) {
  const spec = scheduleFormSchema.parse({ ...emptyFormValues("Europe/Istanbul"), kind: "transfer", name: "Orders every minute", rule: "every", everyMinutes: "1", maxOrders });
  const row = await insertSchedule(state.conn, spec, "operator@demo.local", new Date(dueAt.getTime() - 30_000));
  expect(row).toMatchObject({ next_start_at: dueAt, max_orders: Number(maxOrders) });
  return row;
}

const thisMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000);
const queued = async () => (await state.conn.selectFrom("order_queue").select("order_id").orderBy("queued_at").execute()).map((r) => r.order_id);
const runOrders = async (runId: string) => (await state.conn.selectFrom("erp_transfer_orders").select("order_id").where("run_id", "=", runId).orderBy("position").execute()).map((r) => r.order_id);

describe("a transfer schedule at its due time", () => {
  it("sends its cap of the oldest queued ids as one automatic run, once however many instances tick", async () => {
    await addToQueue(state.conn, ["3573005", "3573006", "3573007"], BY, new Date("2026-01-05T09:03:00Z"));
    await addToQueue(state.conn, ["3573001", "3573002"], BY, new Date("2026-01-05T09:01:00Z"));
    await addToQueue(state.conn, ["3573003", "3573004"], BY, new Date("2026-01-05T09:02:00Z"));
    const due = thisMinute();
    const row = await dueTransferSchedule(due, "3");
    const now = new Date(due.getTime() + 1_000);
    const ticks = await Promise.all([service.runDueSchedules(now), service.runDueSchedules(now), service.runDueSchedules(now)]);
    expect(ticks.reduce((n, t) => n + t.started, 0)).toBe(1);
    const runs = await state.conn.selectFrom("erp_transfer_runs").selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ origin: "automatic", total_orders: 3, created_by_id: null, created_by_name: "Orders every minute" });
    expect(await runOrders(runs[0]!.id)).toEqual(["3573001", "3573002", "3573003"]);
    expect(await queued()).toEqual(["3573004", "3573005", "3573006", "3573007"]);
    const history = await state.conn.selectFrom("schedule_runs").selectAll().execute();
    expect(history).toEqual([expect.objectContaining({ schedule_id: row.id, kind: "transfer", outcome: "started", due_at: due, transfer_run_id: runs[0]!.id, message: "3 queued orders sent." })]);
    const audit = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "erp.transfer").execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: null, actor_email: null, target_id: runs[0]!.id })]);
    expect(JSON.parse(audit[0]!.details_json!)).toMatchObject({ event: "created", origin: "automatic", orders: 3 });
    expect((await getSchedule(state.conn, row.id))?.next_start_at).toEqual(new Date(due.getTime() + 60_000));
  });

  it("sends no more than the configured run size when the schedule's cap is larger", async () => {
    await addToQueue(state.conn, ["1", "2", "3", "4", "5", "6", "7"], BY);
    const due = thisMinute();
    await dueTransferSchedule(due, "50");
    expect(await service.runDueSchedules(new Date(due.getTime() + 1_000))).toMatchObject({ claimed: 1, started: 1 });
    const [run] = await state.conn.selectFrom("erp_transfer_runs").selectAll().execute();
    expect(run?.total_orders).toBe(5);
    expect(await queued()).toEqual(["6", "7"]);
  });

  it("with an empty queue starts nothing, records nothing, and still moves on to its next start", async () => {
    const due = thisMinute();
    const row = await dueTransferSchedule(due, "10");
    expect(await service.runDueSchedules(new Date(due.getTime() + 1_000))).toEqual({ claimed: 1, started: 0, failed: 0, skipped: 1 });
    expect(await state.conn.selectFrom("erp_transfer_runs").selectAll().execute()).toEqual([]);
    expect(await state.conn.selectFrom("schedule_runs").selectAll().execute()).toEqual([]);
    expect((await getSchedule(state.conn, row.id))?.next_start_at).toEqual(new Date(due.getTime() + 60_000));
  });

  it("found more than ten minutes late, is skipped as missed and leaves the queue as it was", async () => {
    await addToQueue(state.conn, ["3573101"], BY);
    const due = new Date(thisMinute().getTime() - 20 * 60_000);
    const row = await dueTransferSchedule(due, "10");
    expect(await service.runDueSchedules(new Date())).toMatchObject({ claimed: 1, skipped: 1, started: 0 });
    expect(await queued()).toEqual(["3573101"]);
    expect(await state.conn.selectFrom("schedule_runs").selectAll().execute()).toEqual([expect.objectContaining({ schedule_id: row.id, outcome: "skipped", reason: "missed" })]);
  });
});

describe("a transfer schedule while transfers are on hold", () => {
  const ctx = { actor: { id: 2, email: "operator@demo.local", name: "Onur Operator" }, audit: async () => {} };

  it("does not start, keeps its due time and the queue, and starts on the first tick after the lift, however long the hold was", async () => {
    await addToQueue(state.conn, ["3573201", "3573202"], BY);
    const due = new Date(thisMinute().getTime() - 20 * 60_000);
    const row = await dueTransferSchedule(due, "10");
    await hold.setTransferHold(ctx, { held: true, reason: "ERP down" }, new Date(due.getTime() - 60_000));
    expect(await service.runDueSchedules(new Date())).toEqual({ claimed: 0, started: 0, failed: 0, skipped: 0 });
    expect(await queued()).toEqual(["3573201", "3573202"]);
    expect((await getSchedule(state.conn, row.id))?.next_start_at).toEqual(due);
    expect(await state.conn.selectFrom("erp_transfer_runs").selectAll().execute()).toEqual([]);

    await hold.setTransferHold(ctx, { held: false }, new Date(Date.now() - 1_000));
    expect(await service.runDueSchedules(new Date())).toMatchObject({ claimed: 1, started: 1 });
    const [run] = await state.conn.selectFrom("erp_transfer_runs").selectAll().execute();
    expect(run).toMatchObject({ origin: "automatic", total_orders: 2 });
    expect(await queued()).toEqual([]);
    expect(await service.runDueSchedules(new Date())).toMatchObject({ claimed: 0, started: 0 });
  });

  it("with an end that has passed, starts what came due during the window", async () => {
    await addToQueue(state.conn, ["3573301"], BY);
    const due = new Date(thisMinute().getTime() - 20 * 60_000);
    await dueTransferSchedule(due, "10");
    const until = new Date(Date.now() - 2 * 60_000);
    await hold.setTransferHold(ctx, { held: true, reason: "Month-end close", until: until.toISOString() }, new Date(due.getTime() - 60_000));
    expect(await service.runDueSchedules(new Date())).toMatchObject({ claimed: 1, started: 1 });
    expect(await queued()).toEqual([]);
  });
});
