import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import { createTransferRun, type RunActor } from "@/lib/erp/transfers/runs";
import { getRun, getRunDetail, toRunSummary } from "@/lib/erp/transfers/store";
import { listRunOrders } from "@/lib/erp/transfers/orders";
import { processRun, type RunnerDeps } from "@/lib/erp/transfers/runner";
import { createTransferQueues, enqueueWith, workTransfers } from "@/lib/erp/transfers/run-queues";
import { requestStop, StopRefusedError } from "@/lib/erp/transfers/stop";
import { settleBatch, type ClaimedBatch } from "@/lib/erp/transfers/settling";

// Stopping a run against the real emulator over HTTP, a real console store and the real job engine.

const TOKEN = "erp-stop-test-token-5d1f";
const ACTOR: RunActor = { id: 7, email: "operator@demo.local", name: "Demo Operator" };
const TRANSFER_PATH = "/v1/action/orders-erp-transfer";

let emulator: LiveEmulator;
let client: UpstreamClient;
let store: Store;
let conn: Kysely<Database>;
let boss: JobEngine;
let finished: ErpTransferRun[];

const control = <T = unknown>(method: string, p: string, body?: unknown) => emulator.control<T>(method, p, body);
const pendingIds = async (n: number) => (await control<{ ids: string[] }>("GET", `/orders?state=pending&limit=${n}`)).ids;
const transferCalls = async () =>
  (await control<{ requests: { path: string; body: { orderIds: string[] } }[] }>("GET", "/requests?since=0")).requests.filter((r) => r.path === TRANSFER_PATH);

const deps = (overrides: Partial<RunnerDeps> = {}): RunnerDeps => ({ db: conn, upstream: client, onFinished: (run) => void finished.push(run), ...overrides });

let keySeq = 0;
async function newRun(orderIds: string[], batchSize: number) {
  const { run } = await createTransferRun(conn, {
    actor: ACTOR,
    idempotencyKey: `stop-key-${++keySeq}`,
    request: { orderIds },
    batchSize,
    maxOrdersPerRun: 10_000,
    enqueue: enqueueWith(boss),
  });
  return run;
}

async function meaningsOf(runId: string) {
  const { items } = await listRunOrders(conn, runId, { page: 1, limit: 10_000 });
  return items.map((o) => o.meaning);
}

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "erp-stop");
  client = createUpstreamClient({ baseUrl: emulator.url, token: TOKEN, timeoutMs: 5000, retryDelayMs: 10 });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  await control("POST", "/reset");
  finished = [];
  store = await openTestStore();
  conn = store.db;
  boss = await startEngine(store, { superviseSeconds: 1 });
  await createTransferQueues(boss, { heartbeatSeconds: 10 });
  return async () => {
    await boss.stop({ graceful: false });
    await store.close();
  };
});

describe("stopping a run between batches", () => {
  it("a stop asked while a batch is on the wire: that batch settles, no other goes out, the rest are not sent and offered to send", async () => {
    const ids = await pendingIds(250);
    const run = await newRun(ids, 50);
    let calls = 0;
    const upstream: RunnerDeps["upstream"] = {
      async transferOrders(orderIds) {
        if (++calls === 2) await requestStop(conn, run.id, "Demo Operator");
        return client.transferOrders(orderIds);
      },
    };
    const done = await processRun(deps({ upstream }), { runId: run.id, jobId: run.job_id! });

    expect((await transferCalls()).map((c) => c.body.orderIds)).toEqual([ids.slice(0, 50), ids.slice(50, 100)]);
    expect(done?.state).toBe("completed");
    expect(done?.job_id).toBeNull();
    const summary = toRunSummary(done!);
    expect(summary.stop?.by).toBe("Demo Operator");
    expect(summary.meanings).toMatchObject({ transferred: 100, notSent: 150, sending: 0, unknown: 0, failed: 0 });
    expect(summary.batchesDone).toBe(2);
    expect(finished.map((r) => r.id)).toEqual([run.id]);
    const meanings = await meaningsOf(run.id);
    expect(meanings.slice(0, 100).every((m) => m === "transferred")).toBe(true);
    expect(meanings.slice(100).every((m) => m === "not_sent")).toBe(true);
    const codes = await conn.selectFrom("erp_transfer_orders").select(["position", "reason_code"]).where("run_id", "=", run.id).orderBy("position").execute();
    expect(codes.filter((o) => o.reason_code === "stopped").map((o) => o.position)).toEqual(codes.slice(100).map((o) => o.position));

    const detail = await getRunDetail(conn, run.id);
    expect(detail?.retryable.unsent).toBe(150);
    const { run: unsent } = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "stop-send-unsent",
      request: { retry: "unsent", parentRunId: run.id },
      batchSize: 50,
      maxOrdersPerRun: 10_000,
      enqueue: async () => undefined,
    });
    const { items } = await listRunOrders(conn, unsent.id, { page: 1, limit: 1000 });
    expect(items.map((o) => o.orderId)).toEqual(ids.slice(100));
  });

  it("with two batches on the wire, both settle and nothing else goes out", async () => {
    const ids = await pendingIds(100);
    const run = await newRun(ids, 20);
    let calls = 0;
    let asked = () => {};
    const stopAsked = new Promise<void>((resolve) => (asked = resolve));
    // The first batch waits for the stop, so both batches are on the wire when it is asked.
    const upstream: RunnerDeps["upstream"] = {
      async transferOrders(orderIds) {
        if (++calls === 1) await stopAsked;
        else if (calls === 2) {
          await requestStop(conn, run.id, "Demo Operator");
          asked();
        }
        return client.transferOrders(orderIds);
      },
    };
    const done = await processRun(deps({ upstream, inFlight: 2 }), { runId: run.id, jobId: run.job_id! });
    expect((await transferCalls()).flatMap((c) => c.body.orderIds).sort()).toEqual(ids.slice(0, 40).sort());
    expect(toRunSummary(done!).meanings).toMatchObject({ transferred: 40, notSent: 60, sending: 0 });
  });

  it("the stop is read in the statement that claims the next batch: once asked, that batch is neither claimed nor sent", async () => {
    const ids = await pendingIds(20);
    const run = await newRun(ids, 10);
    const batch = (n: number): ClaimedBatch => ({ number: n, rows: ids.slice((n - 1) * 10, n * 10).map((order_id, i) => ({ position: (n - 1) * 10 + i + 1, order_id })) });
    const fence = { runId: run.id, jobId: run.job_id!, unlessStopped: true };
    expect(await settleBatch(conn, { ...fence, done: [], inFlight: [batch(1)], added: 1 })).toEqual({ held: true, stopped: false });
    await requestStop(conn, run.id, "Demo Operator");
    const done = batch(1).rows.map((r, i) => ({ position: r.position, outcome: i === 0 ? ("not_transferred" as const) : ("transferred" as const), reason: i === 0 ? "no stock" : null, reasonCode: null }));
    expect(await settleBatch(conn, { ...fence, done, inFlight: [batch(2)], added: 1 })).toEqual({ held: true, stopped: true });
    expect(await getRun(conn, run.id)).toMatchObject({ transferred_count: 9, not_transferred_count: 1, pending_count: 10, sending_count: 0, sending_from: null, sending_to: null });
  });

  it("a run stopped before its worker took it sends nothing and ends with every order not sent", async () => {
    const ids = await pendingIds(30);
    const run = await newRun(ids, 10);
    expect((await requestStop(conn, run.id, "Demo Operator")).requested).toBe(true);
    const done = await processRun(deps(), { runId: run.id, jobId: run.job_id! });
    expect(await transferCalls()).toEqual([]);
    expect(done?.state).toBe("completed");
    expect(toRunSummary(done!).meanings).toMatchObject({ transferred: 0, notSent: 30 });
    expect((await getRunDetail(conn, run.id))?.retryable.unsent).toBe(30);
  });

  it("a stop on the last batch changes nothing: the run completes whole", async () => {
    const ids = await pendingIds(20);
    const run = await newRun(ids, 10);
    let calls = 0;
    const upstream: RunnerDeps["upstream"] = {
      async transferOrders(orderIds) {
        if (++calls === 2) await requestStop(conn, run.id, "Demo Operator");
        return client.transferOrders(orderIds);
      },
    };
    const done = await processRun(deps({ upstream }), { runId: run.id, jobId: run.job_id! });
    expect(toRunSummary(done!).meanings).toMatchObject({ transferred: 20, notSent: 0 });
    expect(toRunSummary(done!).result).toBe("complete");
  });

  it("the engine's worker, slowed by emulator latency, is stopped through the store from elsewhere", { timeout: 60_000 }, async () => {
    await control("POST", "/faults", { path: TRANSFER_PATH, latencyMs: 250 });
    await workTransfers(boss, deps(), { recoverPollSeconds: 1 });
    const ids = await pendingIds(200);
    const run = await newRun(ids, 10);
    for (const until = Date.now() + 20_000; Date.now() < until && ((await getRun(conn, run.id))?.batches_done ?? 0) < 1; ) await new Promise((r) => setTimeout(r, 50));
    await requestStop(conn, run.id, "Other Instance");
    let ended: ErpTransferRun | undefined;
    for (const until = Date.now() + 20_000; Date.now() < until; ) {
      ended = await getRun(conn, run.id);
      if (ended?.state === "completed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(ended?.state).toBe("completed");
    const sent = (await transferCalls()).flatMap((c) => c.body.orderIds);
    const m = toRunSummary(ended!).meanings;
    expect(sent.length).toBeLessThan(200);
    expect(m.transferred).toBe(sent.length);
    expect(m.notSent).toBe(200 - sent.length);
    expect(m.unknown + m.sending).toBe(0);
  });
});

describe("requestStop", () => {
  it("stops once, refuses a run that has ended (409) and one that does not exist (404)", async () => {
    const run = await newRun(await pendingIds(5), 5);
    expect((await requestStop(conn, run.id, "A")).requested).toBe(true);
    const again = await requestStop(conn, run.id, "B");
    expect(again.requested).toBe(false);
    expect(again.run.stop_requested_by).toBe("A");
    await processRun(deps(), { runId: run.id, jobId: run.job_id! });
    const refused = await requestStop(conn, run.id, "A").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StopRefusedError);
    expect((refused as StopRefusedError).code).toBe("conflict");
    await expect(requestStop(conn, "00000000-0000-4000-8000-000000000000", "A")).rejects.toMatchObject({ code: "not_found" });
  });
});
