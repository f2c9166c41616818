import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import { createTestDatabase } from "@/test/test-database";
import { orderHistory } from "@/lib/erp/history/store";
import { inboxGroups, openExceptionCount } from "@/lib/erp/inbox/store";
import { getRun, toRunSummary } from "@/lib/erp/transfers/store";
import { orderMeaning } from "@/lib/erp/outcomes/meanings";
import type { OrderOutcome } from "@/lib/erp/lists";
import { expectedOutcomes, explainLast, orderIdOf, randomOrderIds, runKind, seedOutcomes, storedBytes, type OutcomesShape } from "@/scripts/bench/outcomes";

// 60 runs: three of each exception kind, so every branch of the seed shows in a database small enough for a unit test.
const SHAPE: OutcomesShape = { runs: 60, ordersPerRun: 20, overlap: 3, exceptionsPerRun: 8, batchSize: 10 };

describe("outcomes bench: the shape", () => {
  it("counts what the seed should hold", () => {
    expect(expectedOutcomes(SHAPE)).toEqual({ orders: 1200, openExceptions: 15 * 8, closedExceptions: 3 * 8, alreadyInErp: 42 * 3, distinctOrderIds: 59 * 17 + 20 });
    expect(expectedOutcomes({ runs: 10_000, ordersPerRun: 100, overlap: 10, exceptionsPerRun: 40, batchSize: 50 })).toMatchObject({ orders: 1_000_000, openExceptions: 100_000 });
    expect([13, 14, 15, 16, 17, 18, 19, 20].map(runKind)).toEqual(["clean", "closed", "rejected", "rejected", "failed", "unknown", "stopped", "clean"]);
  });

  it("draws the same ids for a seed, within the stored ones", () => {
    const ids = randomOrderIds(SHAPE, 500);
    expect(randomOrderIds(SHAPE, 500)).toEqual(ids);
    expect(randomOrderIds(SHAPE, 500, 7)).not.toEqual(ids);
    const first = Number(orderIdOf(SHAPE, 0, 1));
    const last = Number(orderIdOf(SHAPE, SHAPE.runs - 1, SHAPE.ordersPerRun));
    expect(Math.min(...ids.map(Number))).toBeGreaterThanOrEqual(first);
    expect(Math.max(...ids.map(Number))).toBeLessThanOrEqual(last);
    expect(new Set(ids).size).toBeGreaterThan(300);
  });
});

describe("outcomes bench: the seed read by the console's own code", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await openStore({ databaseUrl: database.url, poolSize: 2 });
    await seedOutcomes(store.db, SHAPE, new Date("2026-11-01T00:00:00Z"));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("stores each row's meaning as the catalog reads its outcome, reason and code", async () => {
    const { rows } = await sql<{ outcome: OrderOutcome; reason: string | null; reason_code: string | null; meaning: string | null; n: string }>`
      select outcome, reason, reason_code, meaning, count(*) as n from erp_transfer_orders group by 1, 2, 3, 4
    `.execute(store.db);
    for (const r of rows.filter((x) => x.outcome !== "pending")) {
      expect(orderMeaning({ outcome: r.outcome, reason: r.reason, reasonCode: r.reason_code }), JSON.stringify(r)).toBe(r.meaning);
    }
    const already = rows.filter((r) => r.meaning === "already_in_erp").reduce((n, r) => n + Number(r.n), 0);
    expect(already).toBe(expectedOutcomes(SHAPE).alreadyInErp);
  });

  it("holds the expected open exceptions, grouped by the inbox, with retried and resolved ones left out", async () => {
    const expected = expectedOutcomes(SHAPE);
    expect(await openExceptionCount(store.db)).toBe(expected.openExceptions);
    const groups = await inboxGroups(store.db, {});
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(expected.openExceptions);
    const of = (meaning: string) => groups.filter((g) => g.meaning === meaning).reduce((n, g) => n + g.count, 0);
    expect({ rejected: of("rejected"), failed: of("failed"), unknown: of("unknown"), notSent: of("not_sent") }).toEqual({ rejected: 48, failed: 24, unknown: 24, notSent: 24 });
    expect(groups.find((g) => g.reason === "Ödeme onaylanmamış")).toMatchObject({ meaning: "rejected", reasonCode: null });
    expect(await storedBytes(store.db)).toMatchObject({ rows: expected.orders });
  });

  it("keeps run counts the run pages read: a clean run complete, a stopped one needing attention with its rest not sent", async () => {
    const { rows } = await sql<{ id: string }>`select md5('bench-run-' || r)::uuid::text as id from unnest(array[1, 15, 19]) r`.execute(store.db);
    const [clean, rejected, stopped] = await Promise.all(rows.map(async (r) => toRunSummary((await getRun(store.db, r.id))!)));
    expect(clean).toMatchObject({ result: "complete", meanings: { transferred: 17, alreadyInErp: 3 } });
    // Runs 15 and 19 follow exception runs: their first ids were not in the ERP yet.
    expect(rejected).toMatchObject({ result: "complete_with_rejections", meanings: { transferred: 12, alreadyInErp: 0, rejected: 8, failed: 0 } });
    expect(stopped).toMatchObject({ result: "needs_attention", stop: { by: "person5@bench.local" }, batchesDone: 1, meanings: { transferred: 12, notSent: 8 } });
  });

  it("gives an overlapping id two runs in its history, the newest first", async () => {
    const shared = orderIdOf(SHAPE, 1, 2);
    expect(shared).toBe(orderIdOf(SHAPE, 0, 19));
    const history = await orderHistory(store.db, shared);
    expect(history.runs.map((r) => r.meaning)).toEqual(["already_in_erp", "transferred"]);
  });

  it("groups the inbox from the open-exception index and each run's unsent range, not from every stored order", async () => {
    // Sequential scans priced out: on 1,200 rows the planner would rightly read them all, at 1,000,000 it must not be forced to.
    const url = new URL(database.url);
    url.searchParams.set("options", "-c enable_seqscan=off");
    const plan = (await explainLast(url.toString(), (db) => inboxGroups(db, {}), true)).join("\n");
    expect(plan).toContain("erp_transfer_orders_open");
    expect(plan).toMatch(/Index Cond: \(\(run_id = pr\.id\) AND \("?position"? > pr\.transferred_through\)\)/);
    expect(plan).not.toMatch(/Seq Scan on erp_transfer_orders/);
  });

  it("explains the last query the work sent", async () => {
    const plan = await explainLast(database.url, (db) => orderHistory(db, orderIdOf(SHAPE, 5, 5)));
    expect(plan.join("\n")).toMatch(/erp_transfer_orders_order_id/);
    expect(plan.join("\n")).toMatch(/Execution Time/);
  });
});
