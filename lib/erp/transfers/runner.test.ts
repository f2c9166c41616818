import { createServer, type AddressInfo } from "node:net";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import { createTransferRun, IdempotencyConflictError, RetryRefusedError, type RunActor, type RunJob } from "@/lib/erp/transfers/runs";
import { getRun, getRunDetail, listRuns, toRunSummary } from "@/lib/erp/transfers/store";
import { interruptRun, refreshCounts } from "@/lib/erp/transfers/settling";
import { listRunOrders } from "@/lib/erp/transfers/orders";
import { MAX_TAKEOVERS, processRun, recoverRun, type RunnerDeps } from "@/lib/erp/transfers/runner";
import { createTransferQueues, enqueueWith, RUN_QUEUE, workTransfers } from "@/lib/erp/transfers/run-queues";

// The runner against the real emulator over HTTP, a real console store and the real job engine (pg-boss) on it.

const TOKEN = "erp-runner-test-token-8c2e";
const ACTOR: RunActor = { id: 7, email: "operator@demo.local", name: "Demo Operator" };
const HEARTBEAT_SECONDS = 10;

let emulator: LiveEmulator;
let client: UpstreamClient;
let store: Store;
let conn: Kysely<Database>;
let boss: JobEngine;
let finished: ErpTransferRun[];

const control = <T = unknown>(method: string, p: string, body?: unknown) => emulator.control<T>(method, p, body);
const fault = (rule: Record<string, unknown>) => control("POST", "/faults", rule);
const pendingIds = async (n: number) => (await control<{ ids: string[] }>("GET", `/orders?state=pending&limit=${n}`)).ids;
const transferredIds = async () => new Set((await control<{ ids: string[] }>("GET", "/orders?state=transferred&limit=10000")).ids);
const transferCalls = async () =>
  (await control<{ requests: { path: string; body: { orderIds: string[] }; status: number | null }[] }>("GET", "/requests?since=0")).requests.filter(
    (r) => r.path === "/v1/action/orders-erp-transfer",
  );

function deps(overrides: Partial<RunnerDeps> = {}): RunnerDeps {
  return {
    db: conn,
    upstream: client,
    onFinished: (run) => void finished.push(run),
    ...overrides,
  };
}

const jobOf = (run: ErpTransferRun): RunJob => ({ runId: run.id, jobId: run.job_id! });

let keySeq = 0;
/** `fromStore`: the run's ids are not handed to this process's worker, which reads them from the store (another instance). */
async function newRun(orderIds: string[], options: { batchSize?: number; key?: string; fromStore?: boolean } = {}) {
  const enqueue = enqueueWith(boss);
  const { run } = await createTransferRun(conn, {
    actor: ACTOR,
    idempotencyKey: options.key ?? `key-${++keySeq}-${Date.now()}`,
    request: { orderIds },
    batchSize: options.batchSize ?? 100,
    maxOrdersPerRun: 10_000,
    enqueue: options.fromStore ? (trx, job) => enqueue(trx, job) : enqueue,
  });
  return run;
}

/** The store as the runner sees it, counting the reads of a run's orders. */
function countingOrderReads() {
  const reads = { n: 0 };
  const db = conn.withPlugin({
    transformQuery(args) {
      const node = args.node;
      if (node.kind === "SelectQueryNode" && JSON.stringify(node.from).includes('"erp_transfer_orders"')) reads.n++;
      return node;
    },
    async transformResult(args) {
      return args.result;
    },
  });
  return { db, reads };
}

async function outcomesOf(runId: string) {
  const { items } = await listRunOrders(conn, runId, { page: 1, limit: 100_000 });
  return items;
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const runEnded = (runId: string) =>
  waitFor(
    `run ${runId} to end`,
    () => getRun(conn, runId),
    (r) => r?.state === "completed" || r?.state === "interrupted",
  );

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "erp-runner");
  client = createUpstreamClient({ baseUrl: emulator.url, token: TOKEN, timeoutMs: 2000, retryDelayMs: 10 });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  await control("POST", "/reset");
  finished = [];
  // A fresh console store and engine per test; no workers unless a test starts them, so the tests
  // below that call processRun themselves are the only ones working their runs.
  store = await openTestStore();
  conn = store.db;
  boss = await startEngine(store, { superviseSeconds: 1 });
  await createTransferQueues(boss, { heartbeatSeconds: HEARTBEAT_SECONDS });
  return async () => {
    await boss.stop({ graceful: false });
    await store.close();
  };
});

describe("processing a run", () => {
  it("sends 250 ids in 3 batches, in order, and completes with every order transferred", async () => {
    const ids = await pendingIds(250);
    const run = await newRun(ids);
    expect(run.total_batches).toBe(3);
    const done = await processRun(deps(), jobOf(run));

    const calls = await transferCalls();
    expect(calls.map((c) => c.body.orderIds.length)).toEqual([100, 100, 50]);
    expect(calls.flatMap((c) => c.body.orderIds)).toEqual(ids);
    expect(done?.state).toBe("completed");
    const summary = toRunSummary(done!);
    expect(summary.counts).toEqual({ total: 250, transferred: 250, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect(summary.batchesDone).toBe(3);
    expect(summary.status).toBe("all_transferred");
    expect(finished.map((r) => r.id)).toEqual([run.id]);
  });

  it("reports each batch off the path to the next send, in order, before the claim after next, and ends the run only once every report is in", async () => {
    const ids = await pendingIds(30);
    const run = await newRun(ids, { batchSize: 10 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const reported: number[] = [];
    const onBatch: RunnerDeps["onBatch"] = async (b) => {
      if (b.batch === 1) await held;
      reported.push(b.batch);
    };
    const running = processRun(deps({ onBatch }), jobOf(run));
    try {
      await waitFor("the second batch on the wire while the first one's report waits", transferCalls, (calls) => calls.length === 2, 5000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A report may stop the run (the breaker): the third batch is not claimed before the first one's is in.
      expect(await transferCalls()).toHaveLength(2);
      expect((await getRun(conn, run.id))?.state).toBe("running");
      expect(finished).toEqual([]);
    } finally {
      release();
    }
    const done = await running;
    expect(reported).toEqual([1, 2, 3]);
    expect(done?.state).toBe("completed");
  });

  it("reads the orders ahead in chunks that cut batches in two, and still sends each batch whole, once", async () => {
    const ids = await pendingIds(23);
    const run = await newRun(ids, { batchSize: 5, fromStore: true });
    const { db, reads } = countingOrderReads();
    const done = await processRun(deps({ db, readAhead: 7 }), jobOf(run));
    expect(reads.n).toBe(4);

    const calls = await transferCalls();
    expect(calls.map((c) => c.body.orderIds)).toEqual([ids.slice(0, 5), ids.slice(5, 10), ids.slice(10, 15), ids.slice(15, 20), ids.slice(20)]);
    expect(toRunSummary(done!).counts).toEqual({ total: 23, transferred: 23, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
  });

  it("reads on past ranges with no pending order (a resumed run), and sends only the pending ones, each once", async () => {
    const ids = await pendingIds(23);
    const run = await newRun(ids, { batchSize: 5 });
    // Positions 6..12 already ended unknown in a takeover, which gave the run a new job; their ranges of three hold no
    // pending order at all.
    await conn
      .updateTable("erp_transfer_orders")
      .set({ outcome: "unknown", reason_code: "interrupted" })
      .where("run_id", "=", run.id)
      .where("position", ">=", 6)
      .where("position", "<=", 12)
      .execute();
    const jobId = "00000000-0000-4000-8000-0000000000b1";
    await conn.updateTable("erp_transfer_runs").set({ unknown_count: 7, pending_count: 16, job_id: jobId }).where("id", "=", run.id).execute();
    const done = await processRun(deps({ readAhead: 3 }), { runId: run.id, jobId });

    const calls = await transferCalls();
    expect(calls.map((c) => c.body.orderIds)).toEqual([ids.slice(0, 5), ids.slice(12, 15), ids.slice(15, 20), ids.slice(20)]);
    expect(toRunSummary(done!).counts).toEqual({ total: 23, transferred: 16, notTransferred: 0, unknown: 7, pending: 0, sending: 0 });
    expect((await outcomesOf(run.id)).filter((o) => o.outcome === "unknown").map((o) => o.position)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it("a run created in this process is sent from the ids it was created with, without reading its orders back", async () => {
    const ids = await pendingIds(23);
    const run = await newRun(ids, { batchSize: 5 });
    const { db, reads } = countingOrderReads();
    const done = await processRun(deps({ db, readAhead: 7 }), jobOf(run));

    expect(reads.n).toBe(0);
    const calls = await transferCalls();
    expect(calls.map((c) => c.body.orderIds)).toEqual([ids.slice(0, 5), ids.slice(5, 10), ids.slice(10, 15), ids.slice(15, 20), ids.slice(20)]);
    expect(toRunSummary(done!).counts).toEqual({ total: 23, transferred: 23, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
  });

  it("reads the store, not the ids it was created with, once a run's job has sent part of it", async () => {
    const ids = await pendingIds(12);
    const run = await newRun(ids, { batchSize: 5 });
    // The same job already settled the first batch (as if this worker had begun the run before).
    await conn.updateTable("erp_transfer_runs").set({ transferred_through: 5, transferred_count: 5, pending_count: 7, batches_done: 1 }).where("id", "=", run.id).execute();
    const done = await processRun(deps(), jobOf(run));

    expect((await transferCalls()).map((c) => c.body.orderIds)).toEqual([ids.slice(5, 10), ids.slice(10)]);
    expect(toRunSummary(done!).counts).toEqual({ total: 12, transferred: 12, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
  });

  it("completes with the counts kept per batch equal to a recount of its orders", async () => {
    const [a, b, c] = await pendingIds(3);
    await client.transferOrders([b!]);
    const run = await newRun([a!, "9999999", b!, `0${a}`, c!], { batchSize: 2 });
    let calls = 0;
    const upstream = {
      async transferOrders(batch: readonly string[]) {
        // The third batch meets a 5xx: its order ends unknown.
        if (++calls === 3) await fault({ path: "/v1/action/orders-erp-transfer", status: 500, times: 1 });
        return client.transferOrders(batch);
      },
    };
    const done = await processRun(deps({ upstream }), jobOf(run));

    const recount = (await outcomesOf(run.id)).reduce<Record<string, number>>((n, o) => ({ ...n, [o.outcome]: (n[o.outcome] ?? 0) + 1 }), {});
    expect(recount).toEqual({ transferred: 1, not_transferred: 3, unknown: 1 });
    expect(toRunSummary(done!).counts).toEqual({ total: 5, transferred: 1, notTransferred: 3, unknown: 1, pending: 0, sending: 0 });
    expect(toRunSummary(done!).batchesDone).toBe(3);
    expect(toRunSummary((await getRun(conn, run.id))!).counts).toEqual(toRunSummary(done!).counts);
    // So are the counts by meaning, and a recount (as a takeover or an interruption does) finds the same.
    const meanings = toRunSummary(done!).meanings;
    expect(meanings).toEqual({ transferred: 1, alreadyInErp: 1, rejected: 2, failed: 0, unknown: 1, notSent: 0, sending: 0 });
    await conn.updateTable("erp_transfer_runs").set({ already_count: 0, rejected_count: 0, failed_count: 0 }).where("id", "=", run.id).execute();
    await refreshCounts(conn, run.id);
    expect(toRunSummary((await getRun(conn, run.id))!).meanings).toEqual(meanings);
  });

  it("records each order's outcome with the upstream's reason, and never says success", async () => {
    const [a, b, c] = await pendingIds(3);
    await client.transferOrders([c!]);
    const run = await newRun([a!, "9999999", b!, `0${a}`, c!]);
    const done = await processRun(deps(), jobOf(run));

    expect((await outcomesOf(run.id)).map((o) => [o.orderId, o.outcome, o.reason, o.reasonCode])).toEqual([
      [a, "transferred", null, null],
      ["9999999", "not_transferred", "Sipariş bulunamadı.", null],
      [b, "transferred", null, null],
      [`0${a}`, "not_transferred", "Sipariş bulunamadı.", null],
      [c, "not_transferred", "Sipariş daha önce aktarılmış.", null],
    ]);
    const summary = toRunSummary(done!);
    expect(summary.counts).toMatchObject({ total: 5, transferred: 2, notTransferred: 3, unknown: 0, pending: 0 });
    expect(summary.status).toBe("with_failures");
    // By meaning: the order in the ERP already is done, the two unknown to the platform are refused for good.
    expect(summary.meanings).toEqual({ transferred: 2, alreadyInErp: 1, rejected: 2, failed: 0, unknown: 0, notSent: 0, sending: 0 });
    expect(summary.result).toBe("complete_with_rejections");
    expect((await outcomesOf(run.id)).map((o) => o.meaning)).toEqual(["transferred", "rejected", "transferred", "rejected", "already_in_erp"]);
  });

  it("an overlapping paste is complete: orders already in the ERP are done and never offered again", async () => {
    const [a, b] = await pendingIds(2);
    await client.transferOrders([b!]);
    const run = await newRun([a!, b!]);
    const done = toRunSummary((await processRun(deps(), jobOf(run)))!);
    expect(done.result).toBe("complete");
    expect(done.status).toBe("all_transferred");
    expect(done.meanings).toMatchObject({ transferred: 1, alreadyInErp: 1, rejected: 0, failed: 0, unknown: 0 });
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 0 });
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) };
    for (const retry of ["failed", "unsent", "unknown", "rejected"] as const) {
      await expect(createTransferRun(conn, { ...base, idempotencyKey: `overlap-${retry}`, request: { retry, parentRunId: run.id } })).rejects.toMatchObject({
        reason: "nothing_to_retry",
      });
    }
  });

  it("a rate-limited batch failed (sending again may help) and the run needs attention", async () => {
    const ids = await pendingIds(4);
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    const run = await newRun(ids, { batchSize: 2 });
    const done = toRunSummary((await processRun(deps(), jobOf(run)))!);
    expect((await outcomesOf(run.id)).map((o) => [o.outcome, o.reasonCode, o.meaning])).toEqual([
      ["not_transferred", "rate_limited:429", "failed"],
      ["not_transferred", "rate_limited:429", "failed"],
      ["transferred", null, "transferred"],
      ["transferred", null, "transferred"],
    ]);
    expect(done.meanings).toMatchObject({ transferred: 2, failed: 2, rejected: 0, alreadyInErp: 0 });
    expect(done.result).toBe("needs_attention");
  });

  it("marks exactly the batch that timed out after the upstream acted as unknown, and never resends it", async () => {
    const ids = await pendingIds(250);
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 2500, apply: "after", times: 1 });
    const run = await newRun(ids);
    const done = await processRun(deps(), jobOf(run));

    const orders = await outcomesOf(run.id);
    expect(orders.slice(0, 100).every((o) => o.outcome === "unknown" && o.reasonCode === "timeout")).toBe(true);
    expect(orders.slice(100).every((o) => o.outcome === "transferred")).toBe(true);
    // The emulator logs the slow call when it finally answers (after the client gave up).
    let calls = await transferCalls();
    for (let i = 0; i < 50 && calls.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      calls = await transferCalls();
    }
    expect(calls).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await transferCalls()).toHaveLength(3);
    expect(calls.flatMap((c) => c.body.orderIds).sort()).toEqual([...ids].sort());
    // The upstream did act: the unknown ones are in fact transferred there.
    const there = await transferredIds();
    expect(ids.slice(0, 100).every((id) => there.has(id))).toBe(true);
    expect(toRunSummary(done!).counts).toMatchObject({ transferred: 150, unknown: 100, notTransferred: 0 });
    expect(toRunSummary(done!).status).toBe("with_failures");
    expect(toRunSummary(done!).result).toBe("needs_attention");
  });

  it("marks a batch after a 5xx as unknown and after a 4xx as not transferred with the message", async () => {
    const ids = await pendingIds(6);
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 502, apply: "after", times: 1 });
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 422, body: { status: "error", message: "Geçersiz istek." }, times: 1 });
    const run = await newRun(ids, { batchSize: 2 });
    await processRun(deps(), jobOf(run));
    expect((await outcomesOf(run.id)).map((o) => [o.outcome, o.reason, o.reasonCode])).toEqual([
      ["unknown", null, "server_error:502"],
      ["unknown", null, "server_error:502"],
      ["not_transferred", "Geçersiz istek.", "rejected:422"],
      ["not_transferred", "Geçersiz istek.", "rejected:422"],
      ["transferred", null, null],
      ["transferred", null, null],
    ]);
    expect(await transferCalls()).toHaveLength(3);
  });

  it("marks orders not transferred when the upstream refused the connection", async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const nowhere = createUpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, timeoutMs: 1000 });
    const run = await newRun(["3572000", "3572001", "3572002"], { batchSize: 2 });
    await processRun(deps({ upstream: nowhere }), jobOf(run));
    expect((await outcomesOf(run.id)).every((o) => o.outcome === "not_transferred" && o.reasonCode === "unreachable")).toBe(true);
  });

  it("does not process a run whose job is another one", async () => {
    const run = await newRun(["3572000"]);
    expect(await processRun(deps(), { runId: run.id, jobId: "00000000-0000-4000-8000-00000000000a" })).toBeUndefined();
    expect((await getRun(conn, run.id))?.state).toBe("queued");
    expect(await transferCalls()).toHaveLength(0);
  });

  it.each([1, 2])(
    "ends the run interrupted right there when the console fails mid-run (%i in flight): the batches on the wire unknown, the rest not sent",
    async (inFlight) => {
      // Batches of 2: the first one settled, then `inFlight` on the wire, then one never sent.
      const ids = await pendingIds(2 * (inFlight + 2));
      const run = await newRun(ids, { batchSize: 2 });
      let calls = 0;
      let refusing!: () => void;
      const refused = new Promise<void>((resolve) => (refusing = resolve));
      const upstream = {
        async transferOrders(batch: readonly string[]) {
          // The first call after the first batch is settled: from then on the store refuses outcomes (a real database error).
          const call = ++calls;
          if (call === inFlight + 1) {
            await sql`alter table erp_transfer_runs add constraint refuse_outcomes check (transferred_through < 3) not valid`.execute(conn);
            refusing();
          }
          const answer = await client.transferOrders(batch);
          // A later batch's answer is settled only once the store refuses, or it could be settled first.
          if (call > 1) await refused;
          return answer;
        },
      };
      const errors: string[] = [];
      const done = await processRun(deps({ upstream, inFlight, onError: (message) => void errors.push(message) }), jobOf(run));

      expect(done?.state).toBe("interrupted");
      expect((await outcomesOf(run.id)).map((o) => [o.outcome, o.reasonCode])).toEqual([
        ["transferred", null],
        ["transferred", null],
        ...Array(2 * inFlight).fill(["unknown", "interrupted"]),
        ["pending", null],
        ["pending", null],
      ]);
      expect(toRunSummary(done!).counts).toEqual({ total: ids.length, transferred: 2, notTransferred: 0, unknown: 2 * inFlight, pending: 2, sending: 0 });
      expect(finished.map((r) => [r.id, r.state])).toEqual([[run.id, "interrupted"]]);
      expect(errors).toEqual(["transfer run stopped by an error"]);
      expect(calls).toBe(inFlight + 1);
      expect(await transferCalls()).toHaveLength(inFlight + 1);
    },
  );


  it("with 2 in flight: two calls on the wire at once, never three, and every batch settled in the order it was sent", async () => {
    const ids = await pendingIds(300);
    const run = await newRun(ids, { batchSize: 60, fromStore: true });
    // The first call is slow (it leaves 600 ms late); the second answers at once but is settled only after the first,
    // and the window stays full meanwhile: the third batch waits for the first to be settled.
    let onWire = 0;
    let most = 0;
    const answered: number[] = [];
    const counting = {
      async transferOrders(batch: readonly string[]) {
        most = Math.max(most, ++onWire);
        try {
          if (batch[0] === ids[0]) await new Promise((resolve) => setTimeout(resolve, 600));
          return await client.transferOrders(batch);
        } finally {
          onWire--;
          answered.push(ids.indexOf(batch[0]!) / 60 + 1);
        }
      },
    };
    const working = processRun(deps({ upstream: counting, inFlight: 2 }), jobOf(run));
    await waitFor("the second batch answered while the first is slow", async () => answered, (a) => a.length === 1);
    const during = (await getRun(conn, run.id))!
    expect(answered).toEqual([2]);
    expect([during.batches_done, during.sending_count, during.sending_from, during.sending_to, during.pending_count]).toEqual([0, 120, 1, 120, 180]);
    expect((await outcomesOf(run.id)).map((o) => o.outcome)).toEqual([...Array(120).fill("sending"), ...Array(180).fill("pending")]);
    expect((await transferCalls()).length).toBeLessThanOrEqual(2);

    const done = await working;
    expect(most).toBe(2);
    const calls = await transferCalls();
    expect(calls.slice(0, 2).map((c) => c.body.orderIds)).toEqual([ids.slice(60, 120), ids.slice(0, 60)]);
    expect(calls.flatMap((c) => c.body.orderIds).sort()).toEqual([...ids].sort());
    expect(toRunSummary(done!).counts).toEqual({ total: 300, transferred: 300, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect(done!.batches_done).toBe(5);
    expect([done!.sending_from, done!.sending_to, done!.transferred_through]).toEqual([null, null, 300]);
  });

  it("with 3 in flight, a failed batch between two good ones keeps its own outcome and the others theirs", async () => {
    const ids = await pendingIds(10);
    const run = await newRun(ids, { batchSize: 2 });
    // The first call answers last; the second's answer is lost after the upstream acted; the third is refused; the
    // rest go through. The first three leave 20 ms apart, so that they reach the emulator (and its rules) in order.
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 200, times: 1 });
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 502, apply: "after", times: 1 });
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 422, body: { status: "error", message: "Geçersiz istek." }, times: 1 });
    let calls = 0;
    const staggered = {
      async transferOrders(batch: readonly string[]) {
        const n = ++calls;
        if (n <= 3) await new Promise((resolve) => setTimeout(resolve, (n - 1) * 20));
        return client.transferOrders(batch);
      },
    };
    const done = await processRun(deps({ upstream: staggered, inFlight: 3 }), jobOf(run));
    expect((await outcomesOf(run.id)).map((o) => o.outcome)).toEqual([
      "transferred",
      "transferred",
      "unknown",
      "unknown",
      "not_transferred",
      "not_transferred",
      "transferred",
      "transferred",
      "transferred",
      "transferred",
    ]);
    expect(toRunSummary(done!).counts).toEqual({ total: 10, transferred: 6, notTransferred: 2, unknown: 2, pending: 0, sending: 0 });
    expect(await transferCalls()).toHaveLength(5);
  });



  it("finishes 10,000 ids with correct counts", { timeout: 120_000 }, async () => {
    const seeded = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 10_000 });
    const ids = seeded.orders.ids;
    const run = await newRun(ids);
    const done = await processRun(deps(), jobOf(run));
    const summary = toRunSummary(done!);
    expect(summary.counts).toEqual({ total: 10_000, transferred: 10_000, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect(summary.batchesDone).toBe(100);
    expect(summary.status).toBe("all_transferred");
    const calls = await transferCalls();
    expect(calls).toHaveLength(100);
    expect(new Set(calls.flatMap((c) => c.body.orderIds)).size).toBe(10_000);
  });
});

describe("through the job engine", () => {
  it("creating a run sends its job in the same transaction: both exist or neither", async () => {
    const run = await newRun(["3572000", "3572001"]);
    const [job] = await boss.findJobs<RunJob>(RUN_QUEUE, { id: run.job_id! });
    expect(job?.data).toEqual({ runId: run.id, jobId: run.job_id });
    expect(job?.state).toBe("created");

    const failing = createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "rolled-back-1",
      request: { orderIds: ["3572002"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: async (trx, sent) => {
        await enqueueWith(boss)(trx, sent);
        throw new Error("the transaction fails after the send");
      },
    });
    await expect(failing).rejects.toThrow("the transaction fails after the send");
    expect(await conn.selectFrom("erp_transfer_runs").select("id").where("idempotency_key", "=", "rolled-back-1").execute()).toEqual([]);
    expect((await boss.findJobs(RUN_QUEUE)).map((j) => j.id)).toEqual([run.job_id]);
  });

  it("a worker works a run to completion as one job", async () => {
    await workTransfers(boss, deps(), { recoverPollSeconds: 1 });
    const ids = await pendingIds(250);
    const run = await newRun(ids);
    const done = await runEnded(run.id);

    expect(toRunSummary(done!).counts).toEqual({ total: 250, transferred: 250, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect((await transferCalls()).map((c) => c.body.orderIds.length)).toEqual([100, 100, 50]);
    expect(done?.job_id).toBeNull();
    await waitFor("the job to complete", () => boss.findJobs(RUN_QUEUE, { id: run.job_id! }), ([j]) => j?.state === "completed");
    expect(finished.map((r) => r.id)).toEqual([run.id]);
  });

  it("two engines on one store share the runs, and no run is worked by both", async () => {
    const other = await startEngine(store, { superviseSeconds: 1 });
    try {
      const sent = new Map<string, string[]>([
        ["one", []],
        ["two", []],
      ]);
      const through = (name: string) => ({
        transferOrders(batch: readonly string[]) {
          sent.get(name)!.push(...batch);
          return client.transferOrders(batch);
        },
      });
      // One run at a time each, and slow batches: the second run cannot wait for the first engine.
      await workTransfers(boss, deps({ upstream: through("one") }), { concurrency: 1, recoverPollSeconds: 1 });
      await workTransfers(other, deps({ upstream: through("two") }), { concurrency: 1, recoverPollSeconds: 1 });
      await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 300 });
      const ids = await pendingIds(12);
      const runs = [await newRun(ids.slice(0, 6), { batchSize: 2 }), await newRun(ids.slice(6), { batchSize: 2 })];
      for (const run of runs) expect((await runEnded(run.id))?.state).toBe("completed");

      const one = sent.get("one")!;
      const two = sent.get("two")!;
      expect(one.length).toBeGreaterThan(0);
      expect(two.length).toBeGreaterThan(0);
      expect([...one, ...two].sort()).toEqual([...ids].sort());
      for (const run of runs) {
        const mine = (await outcomesOf(run.id)).map((o) => o.orderId);
        expect(mine.every((id) => one.includes(id)) || mine.every((id) => two.includes(id))).toBe(true);
        expect((await outcomesOf(run.id)).every((o) => o.outcome === "transferred")).toBe(true);
      }
      const resumed = await conn.selectFrom("audit_events").select("id").where("details_json", "like", '%"resumed"%').execute();
      expect(resumed).toEqual([]);
    } finally {
      await other.stop({ graceful: false });
    }
  });

  it("a worker that stops mid-run is taken over: the batch in flight ends unknown and is never resent, another engine sends the rest", { timeout: 60_000 }, async () => {
    const ids = await pendingIds(300);
    // The first engine's second batch reaches the upstream, which acts; its answer reaches the worker only once another engine has ended the run.
    const patient = createUpstreamClient({ baseUrl: emulator.url, token: TOKEN, timeoutMs: 30_000 });
    let calls = 0;
    let answered!: () => void;
    const secondAnswered = new Promise<void>((resolve) => (answered = resolve));
    let answer!: () => void;
    const late = new Promise<void>((resolve) => (answer = resolve));
    const first = {
      async transferOrders(batch: readonly string[]) {
        if (++calls !== 2) return patient.transferOrders(batch);
        try {
          const result = await patient.transferOrders(batch);
          await late;
          return result;
        } finally {
          answered();
        }
      },
    };
    await workTransfers(boss, deps({ upstream: first }), { recoverPollSeconds: 1 });
    const run = await newRun(ids);
    await waitFor("the second batch in flight", () => getRun(conn, run.id), (r) => r!.batches_done === 1 && r!.sending_count === 100);
    // The batch in flight reads as sending, wherever orders are read; the rest as they are.
    const inFlight = await listRunOrders(conn, run.id, { outcome: "sending", page: 1, limit: 1000 });
    expect(inFlight.items.map((o) => o.orderId)).toEqual(ids.slice(100, 200));
    expect((await outcomesOf(run.id)).map((o) => o.outcome)).toEqual([...Array(100).fill("transferred"), ...Array(100).fill("sending"), ...Array(100).fill("pending")]);
    expect((await listRunOrders(conn, run.id, { page: 1, limit: 10 })).total).toBe(300);
    // What could be sent again later: the unsent, not the batch on its way.
    expect((await getRunDetail(conn, run.id))!.retryable).toEqual({ failed: 0, unsent: 100, unknown: 0, rejected: 0 });

    // The first engine's process stops answering: its engine never reaches the database again (no heartbeat).
    const db = boss.getDb();
    const execute = db.executeSql.bind(db);
    let reopen!: () => void;
    const cut = new Promise<void>((resolve) => (reopen = resolve));
    db.executeSql = async (text, values) => {
      await cut;
      return execute(text, values);
    };

    const other = await startEngine(store, { superviseSeconds: 1 });
    try {
      await workTransfers(other, deps(), { recoverPollSeconds: 1 });
      const done = await runEnded(run.id);
      expect(done?.state).toBe("completed");
      expect(done?.job_id).toBeNull();

      // The stopped worker's call answers at last; it writes nothing and sends nothing more.
      answer();
      await secondAnswered;
      reopen();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const orders = await outcomesOf(run.id);
      expect(orders.slice(0, 100).every((o) => o.outcome === "transferred")).toBe(true);
      expect(orders.slice(100, 200).every((o) => o.outcome === "unknown" && o.reasonCode === "interrupted")).toBe(true);
      expect(orders.slice(200).every((o) => o.outcome === "transferred")).toBe(true);
      expect(toRunSummary((await getRun(conn, run.id))!).counts).toEqual({ total: 300, transferred: 200, notTransferred: 0, unknown: 100, pending: 0, sending: 0 });

      const calls = await transferCalls();
      expect(calls).toHaveLength(3);
      expect(calls.flatMap((c) => c.body.orderIds).sort()).toEqual([...ids].sort());
      // The upstream did act on the batch in flight: unknown, and left to a person to resend.
      const there = await transferredIds();
      expect(ids.slice(100, 200).every((id) => there.has(id))).toBe(true);

      const audits = await conn.selectFrom("audit_events").selectAll().where("target_id", "=", run.id).execute();
      expect(audits.map((a) => JSON.parse(a.details_json ?? "{}"))).toEqual([expect.objectContaining({ event: "resumed", unknown: 100 })]);
      expect(finished.map((r) => [r.id, r.state])).toEqual([[run.id, "completed"]]);

      // The person decides: the unknown orders go in a new run linked to its parent.
      const unknown = await createTransferRun(conn, {
        actor: ACTOR,
        idempotencyKey: "unknown-1",
        request: { retry: "unknown", parentRunId: run.id },
        batchSize: 100,
        maxOrdersPerRun: 10_000,
        enqueue: enqueueWith(other),
      });
      expect(unknown.run.origin).toBe("resend_unknown");
      expect((await outcomesOf(unknown.run.id)).map((o) => o.orderId)).toEqual(ids.slice(100, 200));
      expect((await getRunDetail(conn, run.id))?.children.map((c) => [c.id, c.origin])).toEqual([[unknown.run.id, "resend_unknown"]]);
    } finally {
      answer();
      reopen();
      await other.stop({ graceful: false });
    }
  });

  it("recovery hands a dead job's run to a new job once, and ends a run taken over too often as interrupted", async () => {
    const ids = await pendingIds(4);
    const run = await newRun(ids, { batchSize: 2 });
    // The dead job had claimed the first batch.
    await conn.updateTable("erp_transfer_orders").set({ outcome: "sending" }).where("run_id", "=", run.id).where("batch", "=", 1).execute();
    await conn.updateTable("erp_transfer_runs").set({ state: "running" }).where("id", "=", run.id).execute();
    const enqueue = enqueueWith(boss);

    const first = await recoverRun({ ...deps(), enqueue }, jobOf(run));
    expect(first.outcome).toBe("resumed");
    if (first.outcome !== "resumed") return;
    expect(first.unknown).toBe(2);
    expect(first.run.job_id).toBe(first.jobId);
    expect(first.run.job_id).not.toBe(run.job_id);
    expect((await boss.findJobs<RunJob>(RUN_QUEUE, { id: first.jobId }))[0]?.data).toEqual({ runId: run.id, jobId: first.jobId });
    expect(toRunSummary(first.run).counts).toMatchObject({ unknown: 2, pending: 2, sending: 0 });
    // The same dead job again (a retried recovery): nothing more happens.
    expect((await recoverRun({ ...deps(), enqueue }, jobOf(run))).outcome).toBe("none");
    // The old job can no longer work the run.
    expect(await processRun(deps(), jobOf(run))).toBeUndefined();
    expect(await transferCalls()).toHaveLength(0);

    let current = first.run;
    for (let i = 1; i < MAX_TAKEOVERS; i++) {
      const again = await recoverRun({ ...deps(), enqueue }, jobOf(current));
      expect(again.outcome).toBe("resumed");
      if (again.outcome === "resumed") current = again.run;
    }
    const last = await recoverRun({ ...deps(), enqueue }, jobOf(current));
    expect(last.outcome).toBe("interrupted");
    const ended = (await getRun(conn, run.id))!;
    expect(ended.state).toBe("interrupted");
    expect(toRunSummary(ended).counts).toMatchObject({ unknown: 2, pending: 2 });
    expect(finished.map((r) => [r.id, r.state])).toEqual([[run.id, "interrupted"]]);
    const events = await conn.selectFrom("audit_events").select("details_json").where("target_id", "=", run.id).orderBy("id").execute();
    expect(events.map((e) => JSON.parse(e.details_json ?? "{}").event)).toEqual(Array(MAX_TAKEOVERS).fill("resumed"));
    expect(await transferCalls()).toHaveLength(0);
  });
});

describe("stopping the process (drain and hand-over)", () => {
  const handedOver = (runId: string) =>
    conn.selectFrom("audit_events").select(["outcome", "message", "details_json"]).where("target_id", "=", runId).orderBy("id").execute();

  const seeded = async (n: number) => (await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: n })).orders.ids;

  it("settles the batches on the wire with the platform's answer, sends nothing new, and gives the run to a new job", async () => {
    const ids = await seeded(500);
    const run = await newRun(ids);
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 300 });
    const draining = new AbortController();
    let calls = 0;
    // The stop comes as the third batch leaves: the second and the third are on the wire.
    const stoppedOnThird = {
      transferOrders(batch: readonly string[]) {
        const call = client.transferOrders(batch);
        if (++calls === 3) draining.abort();
        return call;
      },
    };
    const handed = await processRun(deps({ upstream: stoppedOnThird, inFlight: 2, draining: { signal: draining.signal, enqueue: enqueueWith(boss) } }), jobOf(run));

    expect(calls).toBe(3);
    expect((await transferCalls()).flatMap((c) => c.body.orderIds)).toEqual(ids.slice(0, 300));
    expect(handed?.state).toBe("running");
    expect(handed?.job_id).toBeTruthy();
    expect(handed?.job_id).not.toBe(run.job_id);
    expect(toRunSummary(handed!).counts).toEqual({ total: 500, transferred: 300, notTransferred: 0, unknown: 0, pending: 200, sending: 0 });
    expect([handed!.sending_from, handed!.sending_to]).toEqual([null, null]);
    // The new job is there for any engine to take now; nobody finished or took over the run.
    expect((await boss.findJobs<RunJob>(RUN_QUEUE, { id: handed!.job_id! }))[0]?.data).toEqual({ runId: run.id, jobId: handed!.job_id });
    expect(finished).toEqual([]);
    const audits = await handedOver(run.id);
    expect(audits.map((a) => [a.outcome, JSON.parse(a.details_json ?? "{}").event])).toEqual([["success", "handed_over"]]);
    expect(audits[0]!.message).toBe(
      "Transfer run handed over at shutdown: the console stopping it had every batch it sent answered; 200 orders not sent yet go on with another worker.",
    );

    // The old job cannot work it any more; the new one sends the rest, each order once.
    expect(await processRun(deps(), jobOf(run))).toBeUndefined();
    const done = await processRun(deps(), jobOf(handed!));
    expect(toRunSummary(done!).counts).toEqual({ total: 500, transferred: 500, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    const sent = (await transferCalls()).flatMap((c) => c.body.orderIds);
    expect(sent).toEqual(ids);
    expect(finished.map((r) => [r.id, r.state])).toEqual([[run.id, "completed"]]);
  });

  it("a job taken while stopping sends nothing and hands the run over as it is", async () => {
    const ids = await pendingIds(50);
    const run = await newRun(ids, { batchSize: 20 });
    const draining = new AbortController();
    draining.abort();
    const handed = await processRun(deps({ draining: { signal: draining.signal, enqueue: enqueueWith(boss) } }), jobOf(run));
    expect(await transferCalls()).toHaveLength(0);
    expect(handed?.job_id).not.toBe(run.job_id);
    expect(toRunSummary(handed!).counts).toMatchObject({ pending: 50, sending: 0, unknown: 0 });
  });

  it("through the engines: a stopping engine's run is taken by another at once, not after the heartbeat, and nothing is sent twice", { timeout: 60_000 }, async () => {
    const ids = await seeded(600);
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 300 });
    const draining = new AbortController();
    const sentBy = { first: [] as string[], other: [] as string[] };
    // The first engine's batches after its second wait until the stop has begun, however slow the machine.
    let stopBegun!: () => void;
    const begun = new Promise<void>((resolve) => (stopBegun = resolve));
    const through = (name: keyof typeof sentBy) => ({
      async transferOrders(batch: readonly string[]) {
        sentBy[name].push(...batch);
        if (name === "first" && sentBy.first.length > 200) await begun;
        return client.transferOrders(batch);
      },
    });
    const other = await startEngine(store, { superviseSeconds: 1 });
    await workTransfers(boss, deps({ upstream: through("first"), inFlight: 2, draining: { signal: draining.signal, enqueue: enqueueWith(boss) } }), { recoverPollSeconds: 1 });
    const run = await newRun(ids);
    await waitFor("two batches answered", () => getRun(conn, run.id), (r) => r!.batches_done >= 2);

    // The process stops: the drain signal and the engine's graceful stop together, as scripts/server.ts does.
    try {
      const stopAt = Date.now();
      draining.abort();
      const stopped = boss.stop({ graceful: true, close: false, timeout: 10_000 });
      stopBegun();
      await workTransfers(other, deps({ upstream: through("other") }), { recoverPollSeconds: 1 });
      await stopped;
      const done = await runEnded(run.id);
      // Well below the heartbeat (10 s here) and the supervisor's pass: the run was handed over, not recovered.
      expect(Date.now() - stopAt).toBeLessThan(HEARTBEAT_SECONDS * 1000 - 3000);
      expect(done?.state).toBe("completed");
      expect(toRunSummary(done!).counts).toEqual({ total: 600, transferred: 600, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
      expect(sentBy.first.length).toBeGreaterThanOrEqual(200);
      expect(sentBy.other.length).toBeGreaterThan(0);
      expect([...sentBy.first, ...sentBy.other]).toEqual(ids);
      expect(new Set((await transferCalls()).flatMap((c) => c.body.orderIds)).size).toBe(600);
      expect((await transferCalls()).flatMap((c) => c.body.orderIds)).toHaveLength(600);
      // The stopping engine's job completed (not failed into recovery); no takeover happened.
      const [oldJob] = await boss.findJobs(RUN_QUEUE, { id: run.job_id! });
      expect(oldJob?.state).toBe("completed");
      expect((await handedOver(run.id)).map((a) => JSON.parse(a.details_json ?? "{}").event)).toEqual(["handed_over"]);
    } finally {
      await other.stop({ graceful: false });
    }
  });
});

describe("creating runs", () => {
  it("gives back the same run for a repeated Idempotency-Key, and refuses the key for another request", async () => {
    const first = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "same-key-1",
      request: { orderIds: ["1", "2"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: enqueueWith(boss),
    });
    expect(first.created).toBe(true);
    const again = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "same-key-1",
      request: { orderIds: ["1", "2"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: enqueueWith(boss),
    });
    expect(again).toEqual({ run: first.run, created: false });
    await expect(
      createTransferRun(conn, { actor: ACTOR, idempotencyKey: "same-key-1", request: { orderIds: ["1"] }, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    // Keys belong to a person (other ids: the first run still carries 1 and 2).
    const someoneElse = await createTransferRun(conn, {
      actor: { id: 8, email: "admin@demo.local", name: "Admin" },
      idempotencyKey: "same-key-1",
      request: { orderIds: ["3", "4"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: enqueueWith(boss),
    });
    expect(someoneElse.created).toBe(true);
  });

  it("a double submit at the same moment creates one run", async () => {
    const input = {
      actor: ACTOR,
      idempotencyKey: "double-click-1",
      request: { orderIds: ["3572000", "3572001"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: enqueueWith(boss),
    };
    const [a, b] = await Promise.all([createTransferRun(conn, input), createTransferRun(conn, input)]);
    expect(a.run.id).toBe(b.run.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const rows = await conn.selectFrom("erp_transfer_runs").select("id").where("idempotency_key", "=", "double-click-1").execute();
    expect(rows).toHaveLength(1);
  });

  it("retries only the failed orders of a finished run, linked to it; rejected ones only when sent again anyway", async () => {
    const [a, b] = await pendingIds(2);
    const run = await newRun([a!, b!, "9999998", "9999999"], { batchSize: 2 });
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) };
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "retry-early", request: { retry: "failed", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "parent_running",
    });
    // The first batch meets a rate limit (failed); the second is refused as not found (rejected).
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    await processRun(deps(), jobOf(run));
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 2, unsent: 0, unknown: 0, rejected: 2 });
    await expect(createTransferRun(conn, { ...base, maxOrdersPerRun: 1, idempotencyKey: "retry-big", request: { retry: "failed", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "too_many",
      code: "validation_failed",
      detail: "More than 1 orders; the configured maximum per run.",
      extra: { fieldCodes: { retry: [{ code: "validation.erp.retryRefused.too_many", params: { max: "1" } }] } },
    });
    const retry = await createTransferRun(conn, { ...base, idempotencyKey: "retry-1", request: { retry: "failed", parentRunId: run.id } });
    expect(retry.run.origin).toBe("retry_failed");
    expect((await outcomesOf(retry.run.id)).map((o) => o.orderId)).toEqual([a, b]);
    const anyway = await createTransferRun(conn, { ...base, idempotencyKey: "retry-1b", request: { retry: "rejected", parentRunId: run.id } });
    expect(anyway.run.origin).toBe("resend_rejected");
    expect((await outcomesOf(anyway.run.id)).map((o) => o.orderId)).toEqual(["9999998", "9999999"]);
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "retry-2", request: { retry: "unknown", parentRunId: run.id } })).rejects.toBeInstanceOf(
      RetryRefusedError,
    );
    await expect(
      createTransferRun(conn, { ...base, idempotencyKey: "retry-3", request: { retry: "failed", parentRunId: "00000000-0000-4000-8000-000000000000" } }),
    ).rejects.toMatchObject({ reason: "parent_not_found" });
  });

  it("hands each order to one child run only: a second retry is refused, the same key replays the child", async () => {
    const [a] = await pendingIds(1);
    const run = await newRun([a!, "9999981", "9999982"]);
    await processRun(deps(), jobOf(run));
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) };
    // Not found: rejected, so only "send again anyway" takes them (the same hand-on-once rule holds for every kind).
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "handed-on-0", request: { retry: "failed", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "nothing_to_retry",
    });
    const request = { retry: "rejected" as const, parentRunId: run.id };
    const first = await createTransferRun(conn, { ...base, idempotencyKey: "handed-on-1", request });
    expect(first.created).toBe(true);
    expect((await outcomesOf(first.run.id)).map((o) => o.orderId)).toEqual(["9999981", "9999982"]);

    // The same key and body give back the same child; a new key finds nothing left to retry.
    expect(await createTransferRun(conn, { ...base, idempotencyKey: "handed-on-1", request })).toEqual({ run: first.run, created: false });
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "handed-on-2", request })).rejects.toMatchObject({ reason: "already_retried" });
    // Another person cannot send them again either.
    await expect(
      createTransferRun(conn, { ...base, actor: { id: 8, email: "admin@demo.local", name: "Admin" }, idempotencyKey: "handed-on-3", request }),
    ).rejects.toMatchObject({ reason: "already_retried" });

    // The parent says where each order went and offers no retry for them.
    const parentOrders = await outcomesOf(run.id);
    expect(parentOrders.map((o) => [o.orderId, o.retriedIn])).toEqual([
      [a, null],
      ["9999981", first.run.id],
      ["9999982", first.run.id],
    ]);
    const detail = await getRunDetail(conn, run.id);
    expect(detail?.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 0 });
    expect(detail?.children.map((c) => c.id)).toEqual([first.run.id]);

    // The child's own refusals can be sent again from the child, once.
    await processRun(deps(), jobOf(first.run));
    expect((await getRunDetail(conn, first.run.id))?.retryable.rejected).toBe(2);
    expect((await getRunDetail(conn, first.run.id))?.rejections).toEqual([{ reason: "Sipariş bulunamadı.", reasonCode: null, count: 2 }]);
    const grandchild = await createTransferRun(conn, { ...base, idempotencyKey: "handed-on-4", request: { retry: "rejected", parentRunId: first.run.id } });
    expect(grandchild.run.total_orders).toBe(2);
  });

  it("two retries of the same orders at the same moment create one child", async () => {
    const run = await newRun(["9999983", "9999984"]);
    await processRun(deps(), jobOf(run));
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) };
    const results = await Promise.allSettled(
      ["race-1", "race-2", "race-3"].map((key) => createTransferRun(conn, { ...base, idempotencyKey: key, request: { retry: "rejected", parentRunId: run.id } })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.reason)).toEqual(["already_retried", "already_retried"]);
    const children = await conn.selectFrom("erp_transfer_runs").select("id").where("parent_run_id", "=", run.id).execute();
    expect(children).toHaveLength(1);
  });

  it("an interrupted run's unsent orders are sent once; its unknown ones are offered apart", async () => {
    const run = await newRun(["9999985", "9999986", "9999987"], { batchSize: 1 });
    // Stopped after the first order went out and while the second was being sent.
    await conn.updateTable("erp_transfer_orders").set({ outcome: "transferred" }).where("run_id", "=", run.id).where("position", "=", 1).execute();
    await conn.updateTable("erp_transfer_orders").set({ outcome: "sending" }).where("run_id", "=", run.id).where("position", "=", 2).execute();
    await conn.updateTable("erp_transfer_runs").set({ state: "running" }).where("id", "=", run.id).execute();
    await interruptRun(conn, run.id, run.job_id!);
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 0, unsent: 1, unknown: 1, rejected: 0 });

    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, enqueue: enqueueWith(boss) };
    const unsent = await createTransferRun(conn, { ...base, idempotencyKey: "unsent-1", request: { retry: "unsent", parentRunId: run.id } });
    expect((await outcomesOf(unsent.run.id)).map((o) => o.orderId)).toEqual(["9999987"]);
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "unsent-2", request: { retry: "unsent", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "already_retried",
    });
    const unknown = await createTransferRun(conn, { ...base, idempotencyKey: "unknown-1", request: { retry: "unknown", parentRunId: run.id } });
    expect((await outcomesOf(unknown.run.id)).map((o) => o.orderId)).toEqual(["9999986"]);
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "unknown-2", request: { retry: "unknown", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "already_retried",
    });
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 0 });
  });

  it("lists runs newest first, filtered by status and person", async () => {
    const [a] = await pendingIds(1);
    const ok = await newRun([a!]);
    await processRun(deps(), jobOf(ok));
    const bad = await newRun(["9999997"]);
    await processRun(deps(), jobOf(bad));
    const all = await listRuns(conn, { page: 1, limit: 100 });
    expect(all.items.findIndex((r) => r.id === bad.id)).toBeLessThan(all.items.findIndex((r) => r.id === ok.id));
    const good = await listRuns(conn, { status: "all_transferred", page: 1, limit: 100 });
    expect(good.items.map((r) => r.id)).toContain(ok.id);
    expect(good.items.map((r) => r.id)).not.toContain(bad.id);
    const failed = await listRuns(conn, { status: "with_failures", page: 1, limit: 100 });
    expect(failed.items.every((r) => r.status === "with_failures")).toBe(true);
    expect(failed.items.map((r) => r.id)).toContain(bad.id);
    expect((await listRuns(conn, { by: "nobody@demo.local", page: 1, limit: 10 })).total).toBe(0);
  });
});
