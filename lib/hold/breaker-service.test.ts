import { stubDoors } from "@/test/route-mocks";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";
import type { AlertEvent } from "@/lib/alerts/events";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { addToQueue } from "@/lib/queue/store";
import { lockOrderMoves } from "@/lib/erp/transfers/order-guard";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { processRun, type RunnerDeps } from "@/lib/erp/transfers/runner";
import { requestStop } from "@/lib/erp/transfers/stop";
import { toRunSummary } from "@/lib/erp/transfers/store";
import { previewWindow, startRecovery } from "@/lib/erp/recoveries/store";
import { BREAKER_STOPPER } from "@/lib/hold/constants";

// The breaker on the real store with the emulator over HTTP: batches of any run are judged as they
// finish, the third 5xx batch of four opens it (one alert, audited in words), queue sends wait while
// a list someone sends does not, a probe of one queued order closes it (one "recovered" alert) and
// the drain sends the rest at its pace, each order once; a failed probe keeps it open.

const BREAKER = { windowBatches: 4, openAfter: 3, probeSeconds: 60, probeOrders: 1, drainBatchesPerMinute: 120 };
const state = stubDoors({
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  alerts: [] as unknown[],
  config: () => ({ erp: { batchSize: 2, inFlight: 1, maxOrdersPerRun: 50, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, accountTimeZone: "Europe/Istanbul", breaker: BREAKER }),
});

const erp = await import("@/lib/erp/service");
const hold = await import("@/lib/hold/service");
const queue = await import("@/lib/queue/service");
const { runBreakerTick } = await import("@/lib/hold/jobs");

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator" };
const ctx = { actor: OPERATOR, audit: async () => {} };
const TRANSFER = "/v1/action/orders-erp-transfer";
let emulator: LiveEmulator;
let key = 0;

beforeAll(async () => {
  emulator = await startLiveEmulator("breaker-token-7c21", "breaker");
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
  await emulator.control("DELETE", "/faults");
  state.alerts.length = 0;
  await clean();
});
const clean = async () => {
  for (const table of ["transfer_breaker", "transfer_batch_verdicts", "transfer_hold", "order_queue", "erp_transfer_orders", "erp_transfer_runs", "audit_events"] as const) await state.conn.deleteFrom(table).execute();
};

const fault = (rule: Record<string, unknown>) => emulator.control("POST", "/faults", { path: TRANSFER, ...rule });
const ended = (runId: string) =>
  expect.poll(async () => (await state.conn.selectFrom("erp_transfer_runs").select("state").where("id", "=", runId).executeTakeFirst())?.state, { timeout: 15_000 }).toMatch(/^(completed|interrupted)$/);
async function send(ids: string[]) {
  const { run } = await erp.startTransfer(ctx, `breaker-${++key}`, ids);
  await ended(run.id);
  return run.id;
}
const breakerAlerts = () => (state.alerts as AlertEvent[]).filter((a) => a.type === "transfer.breaker");
const trail = async () => (await state.conn.selectFrom("audit_events").select(["message", "details_json"]).where("action", "=", "erp.breaker").orderBy("id").execute()).map((a) => a.message);
const transferCalls = async () =>
  (await emulator.control<{ requests: { path: string; at: string; status: number | null; body: { orderIds?: string[] } | null }[] }>("GET", "/requests?since=0")).requests.filter((r) => r.path === TRANSFER);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));

async function openWith503() {
  await send(range(9_990_101, 2));
  await fault({ kind: "respond", status: 503 });
  await send(range(3572000, 6));
  await emulator.control("DELETE", "/faults");
  expect(await hold.transferHold()).toMatchObject({ held: true, by: "breaker", breaker: "open" });
}

describe("the breaker opens", () => {
  it("on the third 5xx batch of the last four, whoever started the run; per-order refusals never count; one alert, audited in words", async () => {
    await send(range(9_990_001, 6));
    expect(await state.conn.selectFrom("transfer_batch_verdicts").select("down").execute()).toEqual([{ down: false }, { down: false }, { down: false }]);
    await fault({ kind: "respond", status: 503 });
    await send(range(3572010, 4));
    expect(await hold.transferHold()).toMatchObject({ held: false, breaker: "closed" });
    await send(range(3572020, 2));
    const held = await hold.transferHold();
    expect(held).toMatchObject({
      held: true,
      by: "breaker",
      breaker: "open",
      person: null,
      until: null,
      reason: "the ERP answered 503 on 3 of the last 4 batches",
      breakerDetail: { cause: { kind: "http", status: 503 }, failing: 3, of: 4 },
    });
    expect(Date.parse(held.breakerDetail!.nextProbeAt!) - Date.parse(held.since!)).toBe(60_000);
    await send(range(3572030, 4));
    expect(breakerAlerts()).toEqual([expect.objectContaining({ type: "transfer.breaker", change: "opened", cause: { kind: "http", status: 503 }, failing: 3, of: 4 })]);
    expect(await trail()).toEqual(["Transfers held automatically: the ERP answered 503 on 3 of the last 4 batches; it stopped 0 scheduled or queue runs."]);
  });

  it("holds queue sends but not a list someone sends, and a person's hold and the breaker keep their own meaning", async () => {
    await openWith503();
    await addToQueue(state.conn, ["3572100"], { email: "shop@demo.local", name: "Shop", origin: "api" });
    await expect(queue.sendQueued(ctx, "queue-1", "queue")).rejects.toMatchObject({ extra: { reason: "transfers_held" } });
    await expect(hold.refuseWhileHeld(new Date(), "person")).resolves.toBeUndefined();

    await hold.setTransferHold(ctx, { held: true, reason: "Month-end close" });
    expect(await hold.transferHold()).toMatchObject({ held: true, by: "person", reason: "Month-end close", breaker: "open" });
    await state.conn.updateTable("transfer_breaker").set({ next_probe_at: new Date(Date.now() - 1000) }).execute();
    expect(await runBreakerTick()).toBe("none");
    await hold.setTransferHold(ctx, { held: false });
    expect(await hold.transferHold()).toMatchObject({ held: true, by: "breaker", breaker: "open" });
    await expect(hold.refuseWhileHeld(new Date(), "person")).resolves.toBeUndefined();
  });
});

describe("the probe", () => {
  it("sends one small batch of what waits (half open meanwhile); its success closes the breaker with one alert, and the drain sends the rest at its pace, each order once", async () => {
    await openWith503();
    const waiting = range(3572200, 5);
    await addToQueue(state.conn, waiting, { email: "shop@demo.local", name: "Shop", origin: "api" });
    expect(await runBreakerTick()).toBe("none");
    await fault({ latencyMs: 600, times: 1 });
    expect(await runBreakerTick(new Date(Date.now() + 61_000))).toBe("probe");
    expect((await hold.transferHold()).breaker).toBe("half_open");
    await expect.poll(async () => (await hold.transferHold()).breaker, { timeout: 10_000 }).toBe("closed");
    expect(await hold.transferHold()).toMatchObject({ held: false, by: null, breakerDetail: null });
    expect(breakerAlerts().map((a) => a.type === "transfer.breaker" && a.change)).toEqual(["opened", "recovered"]);
    expect(breakerAlerts()[1]).toMatchObject({ pace: 120, cause: { kind: "http", status: 503 } });

    expect(await hold.holdWindow()).toMatchObject({ held: true, person: false });
    expect(await runBreakerTick()).toBe("drain");
    expect(await hold.holdWindow()).toMatchObject({ held: false });
    expect(await runBreakerTick()).toBe("none");
    const runs = await state.conn.selectFrom("erp_transfer_runs").select(["id", "total_orders", "pace_per_minute", "origin"]).where("origin", "=", "automatic").orderBy("created_at").execute();
    expect(runs.map((r) => [r.total_orders, r.pace_per_minute])).toEqual([[1, null], [4, 120]]);
    await ended(runs[1]!.id);
    const calls = (await transferCalls()).filter((c) => c.body?.orderIds?.some((id) => waiting.includes(id)));
    expect(calls.flatMap((c) => c.body!.orderIds!).sort()).toEqual(waiting);
    const [, first, second] = calls.map((c) => Date.parse(c.at));
    expect(second! - first!).toBeGreaterThanOrEqual(500 - 50);
    expect(await state.conn.selectFrom("order_queue").select("order_id").execute()).toEqual([]);
    const words = await trail();
    expect(words).toHaveLength(3);
    expect(words).toEqual(
      expect.arrayContaining([
        "Transfers held automatically: the ERP answered 503 on 3 of the last 4 batches; it stopped 0 scheduled or queue runs.",
        expect.stringMatching(/^Transfers resumed automatically: a batch went through again after the hold since .+ \(the ERP answered 503 on 3 of the last 4 batches\); what waited is sent at 120 batches a minute\.$/),
        "Probe sent while transfers are held automatically: 1 queued orders in one batch.",
      ]),
    );
  });

  it("keeps automatic sends held until the drain has taken what waited, so none takes it unpaced", async () => {
    await openWith503();
    await addToQueue(state.conn, range(3572500, 3), { email: "shop@demo.local", name: "Shop", origin: "api" });
    expect(await runBreakerTick(new Date(Date.now() + 61_000))).toBe("probe");
    await expect.poll(async () => (await hold.transferHold()).breaker, { timeout: 10_000 }).toBe("closed");
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked = false;
    const holder = state.conn.transaction().execute(async (trx) => {
      await lockOrderMoves(trx);
      locked = true;
      await released;
    });
    await expect.poll(() => locked).toBe(true);
    const tick = runBreakerTick();
    const waiting = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(state.conn)).rows[0]!.n);
    await expect.poll(waiting).toBe(1);
    expect(await hold.holdWindow()).toMatchObject({ held: true });
    release();
    await holder;
    expect(await tick).toBe("drain");
    expect(await hold.holdWindow()).toMatchObject({ held: false });
    expect(await state.conn.selectFrom("order_queue").select("order_id").execute()).toEqual([]);
  });

  it("with nothing left to drain ends the drain, so automatic sends go again", async () => {
    await openWith503();
    await addToQueue(state.conn, ["3572600"], { email: "shop@demo.local", name: "Shop", origin: "api" });
    expect(await runBreakerTick(new Date(Date.now() + 61_000))).toBe("probe");
    await expect.poll(async () => (await hold.transferHold()).breaker, { timeout: 10_000 }).toBe("closed");
    expect(await hold.holdWindow()).toMatchObject({ held: true });
    expect(await runBreakerTick()).toBe("none");
    expect(await hold.holdWindow()).toMatchObject({ held: false });
  });

  it("that fails keeps the breaker open until the next probe, with no new alert; its order is not lost", async () => {
    await openWith503();
    await addToQueue(state.conn, ["3572300", "3572301"], { email: "shop@demo.local", name: "Shop", origin: "api" });
    await fault({ kind: "respond", status: 502 });
    const now = new Date(Date.now() + 61_000);
    expect(await runBreakerTick(now)).toBe("probe");
    await expect.poll(async () => (await hold.transferHold()).breaker, { timeout: 10_000 }).toBe("open");
    const after = await hold.transferHold();
    expect(Date.parse(after.breakerDetail!.nextProbeAt!)).toBeGreaterThan(Date.now() + 55_000);
    expect(after.breakerDetail).toMatchObject({ cause: { kind: "http", status: 503 } });
    expect(breakerAlerts().map((a) => a.type === "transfer.breaker" && a.change)).toEqual(["opened"]);
    expect((await trail()).at(-1)).toMatch(/^The probe failed; transfers stay held automatically \(held since .+ because the ERP answered 503 on 3 of the last 4 batches\)\.$/);
    const probe = await state.conn.selectFrom("erp_transfer_orders").select(["order_id", "outcome"]).where("order_id", "in", ["3572300", "3572301"]).execute();
    expect(probe).toEqual([{ order_id: "3572300", outcome: "unknown" }]);
    expect(await state.conn.selectFrom("order_queue").select("order_id").execute()).toEqual([{ order_id: "3572301" }]);
    expect(await runBreakerTick()).toBe("none");
  });

  it("with nothing queued sends nothing and stays open; two instances ticking at once send one probe", async () => {
    await openWith503();
    const now = new Date(Date.now() + 61_000);
    expect(await runBreakerTick(now)).toBe("nothing_to_probe");
    expect(await hold.transferHold()).toMatchObject({ breaker: "open" });
    await addToQueue(state.conn, ["3572400", "3572401"], { email: "shop@demo.local", name: "Shop", origin: "api" });
    const later = new Date(now.getTime() + 61_000);
    const ticks = await Promise.all([runBreakerTick(later), runBreakerTick(later), runBreakerTick(later)]);
    expect(ticks.filter((t) => t === "probe")).toHaveLength(1);
    // A tick that comes after the probe closed the breaker may start the drain: still each order in one run only.
    const carried = await state.conn.selectFrom("erp_transfer_orders").select("order_id").where("order_id", "in", ["3572400", "3572401"]).execute();
    expect(carried.map((r) => r.order_id).sort()).toEqual(["3572400"].concat(carried.length > 1 ? ["3572401"] : []));
  });
});

describe("the breaker opening", () => {
  const SCHEDULE = { id: null, email: "", name: "Nightly" };
  async function made(origin: "automatic" | "queue" | "new" | "api", ids: string[]) {
    const request = origin === "new" || origin === "api" ? { orderIds: ids, origin } : { take: async () => ids, origin };
    const actor = origin === "new" || origin === "api" ? OPERATOR : SCHEDULE;
    return (await createTransferRun(state.conn, { actor, idempotencyKey: `opening-${++key}`, request, batchSize: 2, maxOrdersPerRun: 50, enqueue: async () => undefined })).run;
  }
  const work = (run: { id: string; job_id: string | null }, deps: Partial<RunnerDeps> = {}) => processRun({ db: state.conn, upstream: state.client, ...deps }, { runId: run.id, jobId: run.job_id! });
  const stopsOf = async () => new Map((await state.conn.selectFrom("erp_transfer_runs").select(["id", "stop_requested_by"]).execute()).map((r) => [r.id, r.stop_requested_by]));

  it("stops every schedule or queue run still going in its own transaction, bar the probe and what people started; their unsent orders end not sent, a recovery of the window sends them, each order once", async () => {
    // The earlier tests' runs may still report to the breaker from the job engine: only this test's runs speak here.
    await erp.stopTransferJobs();
    await clean();
    const from = new Date(Date.now() - 1000);
    const sending = await made("automatic", range(3573000, 12));
    const waiting = await made("queue", range(3573100, 4));
    const manual = await made("new", range(3573200, 4));
    const api = await made("api", range(3573300, 4));
    const probe = await made("automatic", range(3573400, 2));
    const personStopped = await made("new", range(3573500, 2));
    await requestStop(state.conn, personStopped.id, "Demo Operator");
    // Opening from closed never finds a probe in flight; the row names one so that its exclusion is seen.
    await state.conn.insertInto("transfer_breaker").values({ id: "transfers", state: "closed", probe_run_id: probe.id, updated_at: new Date() }).execute();
    await fault({ kind: "respond", status: 503 });

    const stopped = await work(sending, { onBatch: (b) => hold.recordTransferBatch(b) });
    expect(await hold.transferHold()).toMatchObject({ held: true, by: "breaker", breaker: "open" });
    const stops = await stopsOf();
    expect([sending, waiting, manual, api, probe].map((r) => stops.get(r.id))).toEqual([BREAKER_STOPPER, BREAKER_STOPPER, null, null, null]);
    expect(await trail()).toEqual(["Transfers held automatically: the ERP answered 503 on 3 of the last 3 batches; it stopped 2 scheduled or queue runs."]);
    // The verdict of batch 3 opens it while batch 4 is on the wire: the claim of batch 5 reads the stop.
    expect(toRunSummary(stopped!).meanings).toMatchObject({ unknown: 8, notSent: 4, sending: 0, failed: 0 });
    expect(toRunSummary(stopped!).stop?.by).toBe(BREAKER_STOPPER);
    await erp.auditRunEnd(stopped!);
    const end = await state.conn.selectFrom("audit_events").select(["message", "details_json"]).where("action", "=", "erp.transfer").where("target_id", "=", sending.id).execute();
    expect(end.map((a) => [a.message?.split(":")[0], JSON.parse(a.details_json ?? "{}").event])).toEqual([["Transfer run stopped by the automatic breaker", "stopped_by_breaker"]]);

    await emulator.control("DELETE", "/faults");
    expect(toRunSummary((await work(waiting))!).meanings).toMatchObject({ transferred: 0, notSent: 4 });
    for (const run of [manual, api, probe, personStopped]) await work(run);
    const unsent = await state.conn.selectFrom("erp_transfer_orders").select(["order_id", "reason_code"]).where("outcome", "=", "pending").where("reason_code", "=", "stopped").orderBy("order_id").execute();
    expect(unsent.map((o) => o.order_id)).toEqual([...range(3573008, 4), ...range(3573100, 4), ...range(3573500, 2)]);

    const window = { from, to: new Date(Date.now() + 1000), reason: "stopped" };
    const preview = await previewWindow(state.conn, window);
    expect(preview.count).toBe(8);
    const { run: recovery } = await startRecovery(state.conn, { actor: OPERATOR, idempotencyKey: "opening-recovery", window, name: "ERP outage", expectedCount: 8, pace: 600, batchSize: 4, maxOrdersPerRun: 50, enqueue: async () => undefined });
    expect(toRunSummary((await work(recovery))!).meanings).toMatchObject({ notSent: 0, failed: 0, unknown: 0 });
    const sent = (await transferCalls()).flatMap((c) => c.body?.orderIds ?? []).filter((id) => id.startsWith("35730") || id.startsWith("35731") || id.startsWith("35735"));
    expect(sent.filter((id, i) => sent.indexOf(id) !== i)).toEqual([]);
    expect(sent.sort()).toEqual([...range(3573000, 12), ...range(3573100, 4)].sort());
  });
});
