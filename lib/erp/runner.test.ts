import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmulator } from "@/emulator/server";
import { openStore } from "@/lib/db/open";
import type { Database, ErpTransferRun } from "@/lib/db/schema";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import {
  createTransferRun,
  getRun,
  getRunDetail,
  IdempotencyConflictError,
  listRunOrders,
  listRuns,
  recoverStoppedRuns,
  RetryRefusedError,
  toRunSummary,
  type RunActor,
  type RunnerInstance,
} from "@/lib/erp/store";
import { processRun, type RunnerDeps } from "@/lib/erp/runner";

// The runner against the real emulator over HTTP and a real console store in a temp dir.

const TOKEN = "erp-runner-test-token-8c2e";
const ACTOR: RunActor = { id: 7, email: "operator@demo.local", name: "Demo Operator" };
const HERE: RunnerInstance = { name: "test-host:3000", boot: "boot-1" };

let dir: string;
let emulatorUrl: string;
let closeEmulator: () => Promise<void>;
let client: UpstreamClient;
let conn: Kysely<Database>;
let finished: ErpTransferRun[];

async function control<T = unknown>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulatorUrl}/__emulator${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

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
    instance: HERE,
    onFinished: (run) => void finished.push(run),
    ...overrides,
  };
}

let keySeq = 0;
async function newRun(orderIds: string[], options: { batchSize?: number; owner?: RunnerInstance; key?: string } = {}) {
  const { run } = await createTransferRun(conn, {
    actor: ACTOR,
    idempotencyKey: options.key ?? `key-${++keySeq}-${Date.now()}`,
    request: { orderIds },
    batchSize: options.batchSize ?? 100,
    maxOrdersPerRun: 10_000,
    owner: options.owner ?? HERE,
  });
  return run;
}

async function outcomesOf(runId: string) {
  const { items } = await listRunOrders(conn, runId, { page: 1, limit: 100_000 });
  return items;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-erp-runner-"));
  const emulator = createEmulator({ token: TOKEN, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  emulatorUrl = (await emulator.listen(0)).url;
  closeEmulator = () => emulator.close();
  client = createUpstreamClient({ baseUrl: emulatorUrl, token: TOKEN, timeoutMs: 2000, retryDelayMs: 10 });
});

afterAll(async () => {
  await closeEmulator();
  rmSync(dir, { recursive: true, force: true });
});

let storeSeq = 0;
beforeEach(async () => {
  await control("POST", "/reset");
  finished = [];
  // A fresh console store per test: runs left by one test never meet another's recovery.
  conn = await openStore(path.join(dir, `store-${++storeSeq}`));
  return () => conn.destroy();
});

describe("processing a run", () => {
  it("sends 250 ids in 3 batches, in order, and completes with every order transferred", async () => {
    const ids = await pendingIds(250);
    const run = await newRun(ids);
    expect(run.total_batches).toBe(3);
    const done = await processRun(deps(), run.id);

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

  it("records each order's outcome with the upstream's reason, and never says success", async () => {
    const [a, b, c] = await pendingIds(3);
    await client.transferOrders([c!]);
    const run = await newRun([a!, "9999999", b!, `0${a}`, c!]);
    const done = await processRun(deps(), run.id);

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
  });

  it("marks exactly the batch that timed out after the upstream acted as unknown, and never resends it", async () => {
    const ids = await pendingIds(250);
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 2500, apply: "after", times: 1 });
    const run = await newRun(ids);
    const done = await processRun(deps(), run.id);

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
  });

  it("marks a batch after a 5xx as unknown and after a 4xx as not transferred with the message", async () => {
    const ids = await pendingIds(6);
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 502, apply: "after", times: 1 });
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 422, body: { status: "error", message: "Geçersiz istek." }, times: 1 });
    const run = await newRun(ids, { batchSize: 2 });
    await processRun(deps(), run.id);
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
    await processRun(deps({ upstream: nowhere }), run.id);
    expect((await outcomesOf(run.id)).every((o) => o.outcome === "not_transferred" && o.reasonCode === "unreachable")).toBe(true);
  });

  it("does not process a run another instance owns", async () => {
    const run = await newRun(["3572000"], { owner: { name: "other-host:3000", boot: "x" } });
    expect(await processRun(deps(), run.id)).toBeUndefined();
    expect((await getRun(conn, run.id))?.state).toBe("queued");
    expect(await transferCalls()).toHaveLength(0);
  });

  it("finishes 10,000 ids with correct counts", { timeout: 120_000 }, async () => {
    const seeded = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 10_000 });
    const ids = seeded.orders.ids;
    const run = await newRun(ids);
    const done = await processRun(deps(), run.id);
    const summary = toRunSummary(done!);
    expect(summary.counts).toEqual({ total: 10_000, transferred: 10_000, notTransferred: 0, unknown: 0, pending: 0, sending: 0 });
    expect(summary.batchesDone).toBe(100);
    expect(summary.status).toBe("all_transferred");
    const calls = await transferCalls();
    expect(calls).toHaveLength(100);
    expect(new Set(calls.flatMap((c) => c.body.orderIds)).size).toBe(10_000);
  });
});

describe("interruption", () => {
  it("a run whose process stopped mid-batch shows which orders are known, unknown and not sent", async () => {
    const ids = await pendingIds(300);
    await fault({ path: "/v1/action/orders-erp-transfer", latencyMs: 400, apply: "after" });
    const run = await newRun(ids);
    const processing = processRun(deps(), run.id);
    // Wait until the second batch is in flight.
    for (let i = 0; i < 100; i++) {
      const r = await getRun(conn, run.id);
      if (r && r.batches_done >= 1 && r.sending_count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The console restarts: the same instance name with a new boot finds the run on first access.
    const interrupted = await recoverStoppedRuns(conn, { name: HERE.name, boot: "boot-2" });
    expect(interrupted.map((r) => r.id)).toEqual([run.id]);
    expect(await processing).toBeUndefined();

    const orders = await outcomesOf(run.id);
    expect(orders.slice(0, 100).every((o) => o.outcome === "transferred")).toBe(true);
    expect(orders.slice(100, 200).every((o) => o.outcome === "unknown" && o.reasonCode === "interrupted")).toBe(true);
    expect(orders.slice(200).every((o) => o.outcome === "pending")).toBe(true);
    const after = toRunSummary((await getRun(conn, run.id))!);
    expect(after.state).toBe("interrupted");
    expect(after.status).toBe("interrupted");
    expect(after.counts).toEqual({ total: 300, transferred: 100, notTransferred: 0, unknown: 100, pending: 100, sending: 0 });
    expect(finished).toEqual([]);
    // Recovery happens once.
    expect(await recoverStoppedRuns(conn, { name: HERE.name, boot: "boot-2" })).toEqual([]);
    // Nothing was sent after the interruption.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transferCalls()).flatMap((c) => c.body.orderIds)).toEqual(ids.slice(0, 200));

    // The person decides: the not-sent orders go in a new run linked to its parent.
    const unsent = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "unsent-1",
      request: { retry: "unsent", parentRunId: run.id },
      batchSize: 100,
      maxOrdersPerRun: 10_000,
      owner: { name: HERE.name, boot: "boot-2" },
    });
    expect(unsent.run.origin).toBe("send_unsent");
    expect(unsent.run.parent_run_id).toBe(run.id);
    expect((await outcomesOf(unsent.run.id)).map((o) => o.orderId)).toEqual(ids.slice(200));
    const unknown = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "unknown-1",
      request: { retry: "unknown", parentRunId: run.id },
      batchSize: 100,
      maxOrdersPerRun: 10_000,
      owner: { name: HERE.name, boot: "boot-2" },
    });
    expect((await outcomesOf(unknown.run.id)).map((o) => o.orderId)).toEqual(ids.slice(100, 200));
    const detail = await getRunDetail(conn, run.id);
    expect(detail?.children.map((c) => [c.id, c.origin])).toEqual([
      [unsent.run.id, "send_unsent"],
      [unknown.run.id, "resend_unknown"],
    ]);
    expect((await getRunDetail(conn, unsent.run.id))?.parent?.id).toBe(run.id);
  });

  it("another instance's run is interrupted only once its heartbeat is stale", async () => {
    const other = { name: "other-host:3000", boot: "b" };
    const run = await newRun(["3572000", "3572001"], { owner: other });
    expect(await recoverStoppedRuns(conn, HERE)).toEqual([]);
    const later = new Date(Date.now() + 61_000);
    const interrupted = await recoverStoppedRuns(conn, HERE, { now: later });
    expect(interrupted.map((r) => r.id)).toEqual([run.id]);
    expect((await outcomesOf(run.id)).every((o) => o.outcome === "pending")).toBe(true);
    expect(toRunSummary(interrupted[0]!).counts).toMatchObject({ pending: 2, unknown: 0 });
  });

  it("never interrupts this process's own runs while it works on them", async () => {
    const run = await newRun(["3572000"]);
    const later = { now: new Date(Date.now() + 3_600_000) };
    expect(await recoverStoppedRuns(conn, HERE, { ...later, workingOn: () => true })).toEqual([]);
    expect((await getRun(conn, run.id))?.state).toBe("queued");
    // Silent and not worked on (its runner failed): interrupted, nothing sent.
    expect((await recoverStoppedRuns(conn, HERE, { ...later, workingOn: () => false })).map((r) => r.id)).toEqual([run.id]);
    expect(await recoverStoppedRuns(conn, HERE)).toEqual([]);
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
      owner: HERE,
    });
    expect(first.created).toBe(true);
    const again = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "same-key-1",
      request: { orderIds: ["1", "2"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      owner: HERE,
    });
    expect(again).toEqual({ run: first.run, created: false });
    await expect(
      createTransferRun(conn, { actor: ACTOR, idempotencyKey: "same-key-1", request: { orderIds: ["1"] }, batchSize: 100, maxOrdersPerRun: 10, owner: HERE }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    // Keys belong to a person.
    const someoneElse = await createTransferRun(conn, {
      actor: { id: 8, email: "admin@demo.local", name: "Admin" },
      idempotencyKey: "same-key-1",
      request: { orderIds: ["1", "2"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      owner: HERE,
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
      owner: HERE,
    };
    const [a, b] = await Promise.all([createTransferRun(conn, input), createTransferRun(conn, input)]);
    expect(a.run.id).toBe(b.run.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const rows = await conn.selectFrom("erp_transfer_runs").select("id").where("idempotency_key", "=", "double-click-1").execute();
    expect(rows).toHaveLength(1);
  });

  it("retries only the failed orders of a finished run, linked to it", async () => {
    const [a, b] = await pendingIds(2);
    const run = await newRun([a!, "9999998", b!, "9999999"]);
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, owner: HERE };
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "retry-early", request: { retry: "failed", parentRunId: run.id } })).rejects.toMatchObject({
      reason: "parent_running",
    });
    await processRun(deps(), run.id);
    const retry = await createTransferRun(conn, { ...base, idempotencyKey: "retry-1", request: { retry: "failed", parentRunId: run.id } });
    expect(retry.run.origin).toBe("retry_failed");
    expect((await outcomesOf(retry.run.id)).map((o) => o.orderId)).toEqual(["9999998", "9999999"]);
    await expect(createTransferRun(conn, { ...base, idempotencyKey: "retry-2", request: { retry: "unknown", parentRunId: run.id } })).rejects.toBeInstanceOf(
      RetryRefusedError,
    );
    await expect(
      createTransferRun(conn, { ...base, idempotencyKey: "retry-3", request: { retry: "failed", parentRunId: "00000000-0000-4000-8000-000000000000" } }),
    ).rejects.toMatchObject({ reason: "parent_not_found" });
  });

  it("hands each failed order to one child run only: a second retry is refused, the same key replays the child", async () => {
    const [a] = await pendingIds(1);
    const run = await newRun([a!, "9999981", "9999982"]);
    await processRun(deps(), run.id);
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, owner: HERE };
    const request = { retry: "failed" as const, parentRunId: run.id };
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
    expect(detail?.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0 });
    expect(detail?.children.map((c) => c.id)).toEqual([first.run.id]);

    // The child's own failures can be retried from the child, once.
    await processRun(deps(), first.run.id);
    expect((await getRunDetail(conn, first.run.id))?.retryable.failed).toBe(2);
    const grandchild = await createTransferRun(conn, { ...base, idempotencyKey: "handed-on-4", request: { retry: "failed", parentRunId: first.run.id } });
    expect(grandchild.run.total_orders).toBe(2);
  });

  it("two retries of the same orders at the same moment create one child", async () => {
    const run = await newRun(["9999983", "9999984"]);
    await processRun(deps(), run.id);
    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, owner: HERE };
    const results = await Promise.allSettled(
      ["race-1", "race-2", "race-3"].map((key) => createTransferRun(conn, { ...base, idempotencyKey: key, request: { retry: "failed", parentRunId: run.id } })),
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
    await conn.updateTable("erp_transfer_runs").set({ state: "running", heartbeat_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", run.id).execute();
    await recoverStoppedRuns(conn, HERE, { workingOn: () => false });
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 0, unsent: 1, unknown: 1 });

    const base = { actor: ACTOR, batchSize: 100, maxOrdersPerRun: 10, owner: HERE };
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
    expect((await getRunDetail(conn, run.id))?.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0 });
  });

  it("lists runs newest first, filtered by status and person", async () => {
    const [a] = await pendingIds(1);
    const ok = await newRun([a!]);
    await processRun(deps(), ok.id);
    const bad = await newRun(["9999997"]);
    await processRun(deps(), bad.id);
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
