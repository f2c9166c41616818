import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { endInterrupted, refreshCounts, settleBatch, type ClaimedBatch, type OrderOutcomeRow } from "@/lib/erp/transfers/settling";
import { addToQueue, takeQueuedOrders } from "@/lib/queue/store";

// order_age_orders is derived once per transaction, at its commit (migration 0023): after each commit it holds what the view says,
// and two transactions that each touch a few orders and then a whole run no longer deadlock on the table's lock.

let conn: Kysely<Database>;
beforeAll(async () => {
  conn = await openTestDb();
});
afterAll(async () => {
  await conn?.destroy();
});
beforeEach(async () => {
  for (const table of ["order_queue", "erp_order_resolutions", "erp_transfer_orders", "erp_transfer_runs"] as const) await conn.deleteFrom(table).execute();
});

const T0 = new Date("2026-11-28T12:00:00Z");
const actor = { id: null, email: "operator@demo.local", name: "Onur Operator" };
const by = { email: actor.email, name: actor.name, origin: "api" as const };
type AgeRow = { order_id: string; source: string | null; since: Date; place: string; run_id: string | null };
const rows = async (from: "order_age_orders" | "order_age_derived") =>
  (await sql<AgeRow>`select order_id, source, since, place, run_id from ${sql.table(from)} order by order_id`.execute(conn)).rows;
const expectInStep = async (what: string) => {
  const kept = await rows("order_age_orders");
  expect(kept, what).toEqual(await rows("order_age_derived"));
  return kept;
};

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));

async function makeRun(orderIds: string[], key: string) {
  const { run } = await createTransferRun(conn, { actor, idempotencyKey: key, request: { orderIds, confirmUnknown: true }, batchSize: 100, maxOrdersPerRun: 1000, enqueue: async () => undefined, now: T0 });
  await conn.updateTable("erp_transfer_runs").set({ state: "running", started_at: T0 }).where("id", "=", run.id).execute();
  return run;
}

describe("order_age_orders at commit", () => {
  it("matches the view after each commit of a run of 250 orders, batch by batch, queue, interruption and completion", async () => {
    await addToQueue(conn, ids(8_800_001, 120), by, T0, new Map(ids(8_800_001, 120).map((id, i) => [id, { source: i % 2 ? "web" : "n11", orderDate: new Date(T0.getTime() - i * 3_600_000), packageId: null }])));
    await expectInStep("queued");
    const fromQueue = await createTransferRun(conn, { actor, idempotencyKey: "q", request: { take: (trx) => takeQueuedOrders(trx, 90), origin: "queue" }, batchSize: 100, maxOrdersPerRun: 1000, enqueue: async () => undefined, now: T0 });
    expect((await expectInStep("sent from the queue")).filter((r) => r.place === "running")).toHaveLength(90);
    const run = await makeRun([...ids(8_800_091, 30), ...ids(8_900_001, 220)], "r");
    expect(await expectInStep("claimed")).toHaveLength(30 + 250 + 90 - 30);
    const batch = (b: number): ClaimedBatch => ({ number: b + 1, rows: Array.from({ length: 100 }, (_, i) => ({ position: b * 100 + i + 1, order_id: "" })) });
    const outcome = (position: number): OrderOutcomeRow =>
      position % 7 === 0 ? { position, outcome: "not_transferred", reason: "Order not found", reasonCode: null } : position % 11 === 0 ? { position, outcome: "unknown", reason: null, reasonCode: "timeout" } : { position, outcome: "transferred", reason: null, reasonCode: null };
    await settleBatch(conn, { runId: run.id, jobId: run.job_id!, done: [], inFlight: [batch(0), batch(1)], added: 2 });
    await expectInStep("two batches sending");
    await settleBatch(conn, { runId: run.id, jobId: run.job_id!, done: batch(0).rows.map((r) => outcome(r.position)), inFlight: [batch(1), batch(2)], added: 1, unlessStopped: true });
    await expectInStep("a batch with exceptions settled");
    await settleBatch(conn, { runId: run.id, jobId: run.job_id!, done: batch(1).rows.map((r) => ({ position: r.position, outcome: "transferred", reason: null, reasonCode: null })), inFlight: [batch(2)], added: 0, unlessStopped: true });
    await expectInStep("a clean batch settled");
    await conn.transaction().execute((trx) => endInterrupted(trx, run.id, T0));
    const open = (await expectInStep("interrupted")).filter((r) => r.place === "open");
    expect(open.length).toBeGreaterThan(64);
    await conn.updateTable("erp_transfer_runs").set({ state: "completed", finished_at: T0, job_id: null }).where("id", "=", fromQueue.run.id).execute();
    await refreshCounts(conn, fromQueue.run.id);
    await expectInStep("the queue's run completed with all its orders pending");
  });

  it("derives a transaction's orders once, at its commit, from all its statements", async () => {
    const run = await makeRun(ids(8_700_001, 100), "t");
    await conn.transaction().execute(async (trx) => {
      await trx.updateTable("erp_transfer_orders").set({ outcome: "transferred" }).where("run_id", "=", run.id).where("position", "<=", 3).execute();
      await trx.updateTable("erp_transfer_runs").set({ state: "completed", transferred_count: 3, pending_count: 97 }).where("id", "=", run.id).execute();
      await addToQueue(trx, ids(8_700_001, 2), by, T0);
      await trx.deleteFrom("order_queue").where("order_id", "=", "8700002").execute();
    });
    const kept = await expectInStep("after the commit");
    expect(kept.map((r) => [r.order_id, r.place]).slice(0, 3)).toEqual([["8700001", "queued"], ["8700004", "open"], ["8700005", "open"]]);
  });

  it("lets two transactions that touch a few orders, then a whole run each, both commit", { timeout: 30_000 }, async () => {
    const a = await makeRun(ids(8_600_001, 100), "a");
    const b = await makeRun(ids(8_610_001, 100), "b");
    const inTransaction = (runId: string) => {
      let next: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (next = resolve));
      const done = conn.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        try {
          await c.updateTable("erp_transfer_orders").set({ outcome: "unknown", meaning: "unknown" }).where("run_id", "=", runId).where("position", "=", 1).execute();
          await gate;
          await c.updateTable("erp_transfer_runs").set({ state: "interrupted", finished_at: T0, job_id: null }).where("id", "=", runId).execute();
          await sql`commit`.execute(c);
        } catch (error) {
          await sql`rollback`.execute(c);
          throw error;
        }
      });
      return { next, done };
    };
    const first = inTransaction(a.id);
    const second = inTransaction(b.id);
    await new Promise((r) => setTimeout(r, 200));
    first.next();
    await new Promise((r) => setTimeout(r, 200));
    second.next();
    const settled = await Promise.allSettled([first.done, second.done]);
    expect(settled.map((s) => (s.status === "rejected" ? String(s.reason) : "committed"))).toEqual(["committed", "committed"]);
    expect((await expectInStep("both interrupted")).filter((r) => r.place === "open")).toHaveLength(200);
  });
});
