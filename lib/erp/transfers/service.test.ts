import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import type { UpstreamClient } from "@/lib/upstream/client";
import { createTransferQueues, enqueueWith, RECOVER_QUEUE, RUN_QUEUE } from "@/lib/erp/transfers/run-queues";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { getRun } from "@/lib/erp/transfers/store";
import { insertRun, type RunCounts } from "@/test/transfer-runs";

// Reads never write (a run page polled once a second must not change or audit anything); the
// process's job engine works runs and takes over the runs of workers that stopped.

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };

// The alerts the runs raise, recorded here: the condition is what is under test, delivery is lib/alerts' own.
const state = stubDoors({
  member: OPERATOR,
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  alerts: [] as { type: string; runId?: string; status?: string; counts?: Record<string, number> }[],
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }),
});

const service = await import("@/lib/erp/service");
const { loadErpPage, loadRunPage } = await import("@/app/(dashboard)/erp/load");
const runRoute = await import("@/app/api/erp/transfers/[runId]/route");

const TOKEN = "erp-service-test-token-5d1c";
let emulator: LiveEmulator;
// An engine without workers: the runs it is sent stay queued.
let idle: JobEngine;

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "erp-service");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
  idle = await startEngine(state.store, { superviseSeconds: 1 });
  await createTransferQueues(idle, { heartbeatSeconds: 10 });
});

afterAll(async () => {
  await service.stopTransferJobs();
  await idle.stop({ graceful: false });
  await state.store.close();
  await emulator.close();
});

/** A run whose job no worker has taken yet; each its own ids, since a run still going keeps its ids from any other. */
let nextOrder = 3572000;
async function queuedRun(key: string) {
  const orderIds = [0, 1, 2].map(() => String(nextOrder++));
  const { run } = await createTransferRun(state.conn, {
    actor: { id: OPERATOR.id, email: OPERATOR.email, name: OPERATOR.name },
    idempotencyKey: key,
    request: { orderIds },
    batchSize: 2,
    maxOrdersPerRun: 5,
    enqueue: enqueueWith(idle),
  });
  return run;
}

async function snapshot() {
  const runs = await state.conn.selectFrom("erp_transfer_runs").selectAll().orderBy("id").execute();
  const orders = await state.conn.selectFrom("erp_transfer_orders").selectAll().orderBy("run_id").orderBy("position").execute();
  const audits = await state.conn.selectFrom("audit_events").selectAll().execute();
  return { runs, orders, audits };
}

const query = { outcome: undefined, page: 1, limit: 50 as const };

describe("reads", () => {
  it("a run page, the run list and the run's GET leave a queued run untouched", async () => {
    const run = await queuedRun("key-service-read-0001");
    const before = await snapshot();

    expect((await service.getRunPage(run.id, query))?.run.state).toBe("queued");
    await service.listTransferRuns({ status: undefined, by: undefined, result: undefined, open: undefined, origin: undefined, channel: undefined, from: undefined, to: undefined, page: 1, limit: 10 });
    await service.listImportRuns({ kind: undefined, page: 1, limit: 10 });
    await loadRunPage(run.id, {});
    await loadErpPage({});
    const res = await runRoute.GET(
      new (await import("next/server")).NextRequest(`http://console.test/api/erp/transfers/${run.id}`, { headers: { host: "console.test" } }),
      { params: Promise.resolve({ runId: run.id }) },
    );
    expect(res.status).toBe(200);

    expect(await snapshot()).toEqual(before);
  });
});

describe("the page loaders", () => {
  it("read the URL as the client does and key each first page as the client's fetcher would", async () => {
    const { fallback } = await loadErpPage({ status: "nope", limit: "25", import: "stock", ipage: "2" });
    expect(Object.keys(fallback)).toEqual(["/api/erp/transfers?limit=25", "/api/erp/imports?kind=stock&page=2"]);
    for (const [key, page] of Object.entries(fallback)) expect(page.key).toBe(key);
    expect(fallback["/api/erp/imports?kind=stock&page=2"]).toMatchObject({ page: 2, limit: 10 });
  });

  it("a run page is keyed by its run and filter; an unknown run is a 404", async () => {
    const run = await queuedRun("key-service-load-0001");
    const { fallback } = await loadRunPage(run.id.toUpperCase(), { outcome: "pending", page: "0" });
    expect(Object.keys(fallback)).toEqual([`/api/erp/transfers/${run.id}?outcome=pending`]);
    expect(Object.values(fallback)[0]).toMatchObject({ key: `/api/erp/transfers/${run.id}?outcome=pending`, orders: { total: 3, outcome: "pending" } });
    await expect(loadRunPage("00000000-0000-4000-8000-000000000000", {})).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});

describe("the job engine in this process", () => {
  it("starts once, with the transfer queues set from the configuration", async () => {
    const [a, b] = await Promise.all([service.startTransferJobs(), service.startTransferJobs()]);
    expect(a).toBe(b);
    // One set of workers: the start ran once for the three calls.
    const workers = () => a.getWipData({ includeInternal: false }).map((w) => w.name);
    const first = workers();
    await service.startTransferJobs();
    expect(workers()).toEqual(first);
    expect(first.filter((name) => name === RECOVER_QUEUE)).toHaveLength(1);
    expect(await a.getQueue(RUN_QUEUE)).toMatchObject({ retryLimit: 0, heartbeatSeconds: 10, deadLetter: RECOVER_QUEUE, notify: true });
    expect(await a.getQueue(RECOVER_QUEUE)).toMatchObject({ notify: true });
  });

  it("takes over a run whose worker stopped: the orders in flight become unknown, the rest are sent, and both steps are audited", { timeout: 45_000 }, async () => {
    await emulator.control("POST", "/reset");
    // Its job is gone from the run queue (failed over); what the engine leaves is the recovery job sent below.
    const { run } = await createTransferRun(state.conn, {
      actor: { id: OPERATOR.id, email: OPERATOR.email, name: OPERATOR.name },
      idempotencyKey: "key-service-takeover-0001",
      request: { orderIds: ["3572040", "3572041", "3572042"] },
      batchSize: 2,
      maxOrdersPerRun: 5,
      enqueue: async () => undefined,
    });
    // Its worker had claimed the first batch when it stopped.
    await state.conn.updateTable("erp_transfer_orders").set({ outcome: "sending" }).where("run_id", "=", run.id).where("batch", "=", 1).execute();
    await state.conn.updateTable("erp_transfer_runs").set({ state: "running" }).where("id", "=", run.id).execute();
    const boss = await service.startTransferJobs();
    await boss.send(RECOVER_QUEUE, { runId: run.id, jobId: run.job_id });

    let after = await getRun(state.conn, run.id);
    // The engine picks the job up within its polling interval; a loaded machine stretches that.
    for (const until = Date.now() + 30_000; Date.now() < until && after?.state !== "completed"; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await getRun(state.conn, run.id);
    }
    expect(after).toMatchObject({ state: "completed", unknown_count: 2, transferred_count: 1, pending_count: 0 });
    const sent = (await emulator.control<{ requests: { path: string; body: { orderIds: string[] } }[] }>("GET", "/requests?since=0")).requests
      .filter((r) => r.path === "/v1/action/orders-erp-transfer")
      .flatMap((r) => r.body.orderIds);
    // The runs queued by the tests above are worked too, by now; only this run's orders count here.
    expect(sent.filter((id) => id.startsWith("357204"))).toEqual(["3572042"]);
    const audits = await state.conn.selectFrom("audit_events").selectAll().where("target_id", "=", run.id).orderBy("id").execute();
    expect(audits.map((a) => [a.action, a.outcome, a.actor_email, JSON.parse(a.details_json ?? "{}").event])).toEqual([
      ["erp.transfer", "failure", OPERATOR.email, "resumed"],
      ["erp.transfer", "failure", OPERATOR.email, "completed"],
    ]);
  });
});

describe("the end of a run", () => {
  // Rows as the runner leaves them, with no job behind them: no worker started above can end them a second time.
  const ended = async (key: string, counts: RunCounts, runState: "completed" | "interrupted" = "completed") =>
    (await getRun(state.conn, await insertRun(state.conn, key, runState, "new", new Date().toISOString(), counts)))!;

  it("raises the attention alert only for failed or unknown orders and interruptions, never for orders already in the ERP or rejected", async () => {
    state.alerts.length = 0;
    const overlap = await ended("end-overlap", { transferred: 1, already: 2 });
    const rejected = await ended("end-rejected", { transferred: 1, already: 1, rejected: 1 });
    const failed = await ended("end-failed", { already: 1, failed: 2 });
    const unknown = await ended("end-unknown", { transferred: 2, unknown: 1 });
    const cut = await ended("end-cut", { transferred: 2, pending: 1 }, "interrupted");
    for (const run of [overlap, rejected, failed, unknown, cut]) await service.auditRunEnd(run);

    // Runs the tests above queued may end meanwhile (the engine works them): only this test's runs count.
    const mine = new Set([overlap, rejected, failed, unknown, cut].map((r) => r.id));
    expect(state.alerts.filter((a) => a.runId && mine.has(a.runId)).map((a) => [a.runId, a.status])).toEqual([
      [failed.id, "with_failures"],
      [unknown.id, "with_failures"],
      [cut.id, "interrupted"],
    ]);
    // The payload counts orders by meaning, as the run page does.
    const counts = (id: string) => state.alerts.find((a) => a.runId === id)?.counts;
    expect(counts(failed.id)).toEqual({ total: 3, transferred: 0, alreadyInErp: 1, rejected: 0, failed: 2, unknown: 0, notSent: 0 });
    expect(counts(unknown.id)).toEqual({ total: 3, transferred: 2, alreadyInErp: 0, rejected: 0, failed: 0, unknown: 1, notSent: 0 });
    expect(counts(cut.id)).toEqual({ total: 3, transferred: 2, alreadyInErp: 0, rejected: 0, failed: 0, unknown: 0, notSent: 1 });
    const audits = await state.conn
      .selectFrom("audit_events")
      .select(["target_id", "outcome", "message"])
      .where("target_id", "in", [overlap.id, rejected.id, failed.id])
      .where("action", "=", "erp.transfer")
      .execute();
    const audit = (id: string) => audits.find((a) => a.target_id === id);
    expect(audit(overlap.id)).toMatchObject({ outcome: "success", message: expect.stringContaining("Transfer run completed: all 3 orders done") });
    expect(audit(rejected.id)).toMatchObject({ outcome: "success", message: expect.stringContaining("completed with rejections: 1 transferred, 1 already in the ERP, 1 rejected") });
    expect(audit(failed.id)).toMatchObject({ outcome: "failure", message: expect.stringContaining("needs attention") });
  });
});
