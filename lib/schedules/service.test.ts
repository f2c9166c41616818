import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { UpstreamClient } from "@/lib/upstream/client";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { nextScheduledStarts } from "@/lib/home/schedules";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { scheduleFormSchema, emptyFormValues } from "@/lib/schedules/schemas";
import { claimDue, getSchedule, insertSchedule } from "@/lib/schedules/store";

// A due start is one start however many callers claim it (both stores); the start goes the manual
// start's way with origin "scheduled"; a start in another start's repeat window is skipped and says
// why; a failed start keeps the platform's answer and raises an alert, as a failed manual one does.

const state = stubDoors({
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  alerts: [] as unknown[],
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul" }),
});

// The alert channels are another feature's: here only what is raised is looked at.

const service = await import("@/lib/schedules/service");
const erp = await import("@/lib/erp/service");

const TOKEN = "schedules-test-token-7a2e";
let emulator: LiveEmulator;
const MEMBER = { id: 2, email: "operator@demo.local", name: "Onur Operator" };
const audits: { action: string; outcome: string; details?: unknown }[] = [];
const ctx = { actor: MEMBER, audit: async (e: { action: string; outcome: string; details?: unknown }) => void audits.push(e) };

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "schedules");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
});

afterAll(async () => {
  await state.store.close();
  await emulator.close();
});

beforeEach(async () => {
  await state.conn.deleteFrom("schedule_runs").execute();
  await state.conn.deleteFrom("schedules").execute();
  await state.conn.deleteFrom("erp_import_runs").execute();
  await state.conn.deleteFrom("audit_events").execute();
  await emulator.control("DELETE", "/faults");
  await emulator.control("DELETE", "/requests");
  state.alerts.length = 0;
  audits.length = 0;
});

const spec = (over: Record<string, unknown> = {}) => scheduleFormSchema.parse({ ...emptyFormValues("Europe/Istanbul"), rule: "every", everyMinutes: "1", ...over });

/** A schedule whose next start is `dueAt` (as if it had been saved a little earlier). */
async function dueSchedule(dueAt: Date, over: Record<string, unknown> = {}) {
  const row = await insertSchedule(state.conn, spec(over), MEMBER.email, new Date(dueAt.getTime() - 30_000));
  expect(row.next_start_at).toEqual(dueAt);
  return row;
}

async function importCalls(): Promise<string[]> {
  const { requests } = await emulator.control<{ requests: { method: string; path: string }[] }>("GET", "/requests");
  return requests.filter((r) => r.path.startsWith("/v1/action/")).map((r) => `${r.method} ${r.path}`);
}

const minute = (iso: string) => new Date(iso);

describe("claiming a due start", () => {
  it("gives it to exactly one of several concurrent claims and moves the next start on", async () => {
    const due = minute("2026-05-10T09:08:00.000Z");
    const row = await dueSchedule(due);
    const now = new Date(due.getTime() + 2_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => claimDue(state.conn, row, now)));
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect((await getSchedule(state.conn, row.id))?.next_start_at).toEqual(new Date("2026-05-10T09:09:00.000Z"));
    // A claim with the value read before is stale now.
    expect((await claimDue(state.conn, row, now)).claimed).toBe(false);
  });

  it("two ticks at once start the import once (one call to the platform)", async () => {
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const row = await dueSchedule(due, { kind: "stock" });
    const now = new Date(due.getTime() + 1_000);
    const [a, b] = await Promise.all([service.runDueSchedules(now), service.runDueSchedules(now)]);
    expect(a.started + b.started).toBe(1);
    expect(a.claimed + b.claimed).toBe(1);
    expect(await importCalls()).toEqual(["POST /v1/action/products-qty-erp-sync"]);
    const runs = await state.conn.selectFrom("erp_import_runs").selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: "stock", outcome: "started", origin: "scheduled", schedule_id: row.id, started_by_id: null });
    const history = await state.conn.selectFrom("schedule_runs").selectAll().execute();
    expect(history).toEqual([expect.objectContaining({ schedule_id: row.id, outcome: "started", due_at: due, import_run_id: runs[0]!.id })]);
    const audit = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "erp.import").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_email: null, outcome: "success" });
    expect(JSON.parse(audit[0]!.details_json!)).toMatchObject({ origin: "scheduled", scheduleId: row.id, dueAt: due.toISOString() });
  });

  it("gives the next start of each kind among running schedules", async () => {
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000);
    const later = await dueSchedule(new Date(due.getTime() + 60_000), { kind: "stock", name: "later" });
    const sooner = await dueSchedule(due, { kind: "stock", name: "sooner" });
    const paused = await dueSchedule(new Date(due.getTime() - 60_000), { kind: "prices" });
    await service.pauseSchedule(ctx, paused.id, true);
    expect(await nextScheduledStarts(state.conn)).toEqual({
      products: null,
      prices: null,
      stock: { at: due.toISOString(), scheduleId: sooner.id, name: "sooner" },
    });
    expect(later.id).not.toBe(sooner.id);
  });

  it("leaves a paused schedule and one not yet due alone", async () => {
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const paused = await dueSchedule(due);
    await service.pauseSchedule(ctx, paused.id, true);
    await dueSchedule(new Date(due.getTime() + 60_000), { kind: "prices" });
    expect(await service.runDueSchedules(new Date(due.getTime() + 1_000))).toEqual({ claimed: 0, started: 0, failed: 0, skipped: 0 });
    expect(await importCalls()).toEqual([]);
  });
});

describe("a scheduled start", () => {
  it("is skipped, with the reason, within the repeat window of another start of the same kind", async () => {
    await erp.startImport(ctx, { kind: "prices" });
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
    const row = await dueSchedule(due, { kind: "prices" });
    const result = await service.runDueSchedules(new Date(due.getTime() + 1_000));
    expect(result).toMatchObject({ claimed: 1, skipped: 1, started: 0 });
    expect(await importCalls()).toEqual(["POST /v1/action/products-price-erp-sync"]); // the manual start only
    const [skip] = await state.conn.selectFrom("schedule_runs").selectAll().execute();
    expect(skip).toMatchObject({ schedule_id: row.id, outcome: "skipped", reason: "repeat_window", import_run_id: null });
    expect(skip!.message).toContain(MEMBER.email);
    const audit = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "schedule.skip").execute();
    expect(JSON.parse(audit[0]!.details_json!)).toMatchObject({ origin: "scheduled", reason: "repeat_window" });
  });

  it("does not count the same schedule's own earlier start (stock every minute is meant)", async () => {
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const row = await dueSchedule(due);
    expect((await service.runDueSchedules(new Date(due.getTime() + 1_000))).started).toBe(1);
    const again = await getSchedule(state.conn, row.id);
    expect((await service.runDueSchedules(new Date(again!.next_start_at!.getTime() + 1_000))).started).toBe(1);
    expect(await importCalls()).toHaveLength(2);
  });

  it("that fails is recorded with the platform's answer and raises import.not_started", async () => {
    await emulator.control("POST", "/faults", { path: "/v1/action/products-erp-sync", kind: "respond", status: 422, body: { status: "error", message: "ERP bağlantısı kurulamadı." }, times: 5 });
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const row = await dueSchedule(due, { kind: "products", name: "Nightly products" });
    expect((await service.runDueSchedules(new Date(due.getTime() + 1_000))).failed).toBe(1);
    const [run] = await state.conn.selectFrom("erp_import_runs").selectAll().execute();
    expect(run).toMatchObject({ outcome: "failed", origin: "scheduled", schedule_id: row.id, message: "ERP bağlantısı kurulamadı.", error_code: "http_422", started_by_name: "Nightly products" });
    const [history] = await state.conn.selectFrom("schedule_runs").selectAll().execute();
    expect(history).toMatchObject({ outcome: "failed", message: "ERP bağlantısı kurulamadı.", import_run_id: run!.id });
    expect(state.alerts).toEqual([
      expect.objectContaining({ type: "import.not_started", kind: "products", origin: "scheduled", scheduleId: row.id, startedBy: null, errorCode: "http_422", detail: "ERP bağlantısı kurulamadı." }),
    ]);
  });

  it("found long after its time (no instance ran) is recorded as missed, not started late", async () => {
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000);
    await dueSchedule(due);
    expect(await service.runDueSchedules()).toMatchObject({ claimed: 1, skipped: 1 });
    expect(await importCalls()).toEqual([]);
    const [skip] = await state.conn.selectFrom("schedule_runs").selectAll().execute();
    expect(skip).toMatchObject({ outcome: "skipped", reason: "missed" });
  });
});

describe("manual starts and changes", () => {
  it("a failed manual start raises import.not_started with the member", async () => {
    await emulator.control("POST", "/faults", { path: "/v1/action/products-qty-erp-sync", kind: "respond", status: 503, times: 5 });
    await expect(erp.startImport(ctx, { kind: "stock" })).rejects.toThrow();
    expect(state.alerts).toEqual([expect.objectContaining({ type: "import.not_started", origin: "manual", scheduleId: null, startedBy: { email: MEMBER.email, name: MEMBER.name }, errorCode: "http_503" })]);
    const [run] = await state.conn.selectFrom("erp_import_runs").selectAll().execute();
    expect(run).toMatchObject({ origin: "manual", schedule_id: null });
  });

  it("pausing clears the next start, is audited and raises schedule.paused once; resuming works the next start out again", async () => {
    const created = await service.createSchedule(ctx, spec({ kind: "stock", rule: "every", everyMinutes: "15", quietFrom: "23:00", quietTo: "07:00" }));
    expect(created.nextStartAt).not.toBeNull();
    const paused = await service.pauseSchedule(ctx, created.id, true);
    expect(paused).toMatchObject({ paused: true, nextStartAt: null });
    await service.pauseSchedule(ctx, created.id, true); // again: no change, no second alert
    expect(state.alerts).toEqual([expect.objectContaining({ type: "schedule.paused", scheduleId: created.id, kind: "stock", by: { email: MEMBER.email, name: MEMBER.name } })]);
    const resumed = await service.pauseSchedule(ctx, created.id, false);
    expect(resumed.paused).toBe(false);
    expect(new Date(resumed.nextStartAt!).getTime()).toBeGreaterThan(Date.now());
    await service.changeSchedule(ctx, created.id, spec({ kind: "stock", rule: "daily", times: "06:30" }));
    await service.removeSchedule(ctx, created.id);
    expect(audits.map((a) => a.action)).toEqual(["schedule.create", "schedule.pause", "schedule.resume", "schedule.update", "schedule.delete"]);
    await expect(service.removeSchedule(ctx, created.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("pausing a transfer schedule raises schedule.paused too", async () => {
    const created = await service.createSchedule(ctx, spec({ kind: "transfer", rule: "every", everyMinutes: "15", maxOrders: "100" }));
    await service.pauseSchedule(ctx, created.id, true);
    expect(state.alerts).toEqual([expect.objectContaining({ type: "schedule.paused", scheduleId: created.id, kind: "transfer" })]);
  });
});
