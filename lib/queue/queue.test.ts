import { stubDoors } from "@/test/route-mocks";
import pg from "pg";
import { Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { testDatabaseUrl, withDatabase } from "@/test/test-database";
import { insertRun } from "@/test/transfer-runs";
import { addToQueue, takeQueued } from "@/lib/queue/store";
import { createTransferRun } from "@/lib/erp/transfers/runs";

// The queue's rules on a real PostgreSQL: what is queued, left out and refused, each named; a take
// is the oldest first up to its cap; two takers at the same moment never take the same id.

const state = stubDoors({ conn: undefined as unknown as Kysely<Database>, store: undefined as unknown as Store, config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 } }) });

const { enqueueOrders } = await import("@/lib/queue/service");

const audits: { action: string; outcome: string; message?: string | null; details?: unknown }[] = [];
const ctx = { actor: { id: 2, email: "operator@demo.local", name: "Onur Operator" }, audit: async (e: (typeof audits)[number]) => void audits.push(e) };
const BY = { email: "operator@demo.local", name: "Onur Operator", origin: "api" as const };

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
});
afterAll(async () => state.store.close());
beforeEach(async () => {
  await state.conn.deleteFrom("order_queue").execute();
  await state.conn.deleteFrom("erp_transfer_orders").execute();
  await state.conn.deleteFrom("erp_transfer_runs").execute();
  audits.length = 0;
});

async function transferred(orderId: string) {
  const runId = await insertRun(state.conn, "Earlier run", "completed", "new", "2026-01-05T09:00:00Z", { transferred: 1 });
  await state.conn.insertInto("erp_transfer_orders").values({ run_id: runId, position: 1, order_id: orderId, batch: 1, outcome: "transferred" }).execute();
  return runId;
}

const queuedIds = async () => (await state.conn.selectFrom("order_queue").select("order_id").orderBy("queued_at").orderBy("order_id").execute()).map((r) => r.order_id);

describe("enqueueOrders", () => {
  it("queues new ids in the order given and names the malformed, the already queued and the already transferred", async () => {
    await addToQueue(state.conn, ["3572001"], BY);
    const runId = await transferred("3572002");
    const result = await enqueueOrders(ctx, ["3572010", " 3572001", "3572002", "35720x1", "9".repeat(21), "3572011", "3572010", "0357"], "console");
    expect(result).toEqual({
      queued: ["3572010", "3572011", "0357"],
      alreadyQueued: ["3572001"],
      alreadyTransferred: [{ orderId: "3572002", runId, at: "2026-01-05T09:00:00.000Z", meaning: "transferred" }],
      unknown: [],
      invalid: [
        { id: "35720x1", reason: "not_a_number" },
        { id: "9".repeat(21), reason: "too_long" },
      ],
      warnings: [{ id: "0357", reason: "leading_zero" }],
      duplicates: ["3572010"],
    });
    expect(await queuedIds()).toEqual(["3572001", "3572010", "3572011", "0357"]);
    const [row] = await state.conn.selectFrom("order_queue").selectAll().where("order_id", "=", "3572010").execute();
    expect(row).toMatchObject({ queued_by_email: "operator@demo.local", queued_by_name: "Onur Operator", origin: "console" });
    expect(audits).toEqual([
      expect.objectContaining({ action: "erp.queue.add", outcome: "success", message: "3 orders queued for transfer (1 already queued, 1 already transferred, 2 malformed, 1 given more than once)." }),
    ]);
  });

  it("queues nothing when every id is left out or refused, and says so in the audit trail", async () => {
    await addToQueue(state.conn, ["3572001"], BY);
    const result = await enqueueOrders(ctx, ["3572001", "abc"], "api");
    expect(result).toMatchObject({ queued: [], alreadyQueued: ["3572001"], invalid: [{ id: "abc", reason: "not_a_number" }] });
    expect(await queuedIds()).toEqual(["3572001"]);
    expect(audits).toEqual([expect.objectContaining({ action: "erp.queue.add", outcome: "failure" })]);
  });

  it("leaves out an id a running run has not sent yet, but queues one an interrupted run left unsent", async () => {
    for (const [runState, orderId] of [["running", "3572003"], ["interrupted", "3572004"]] as const) {
      const runId = await insertRun(state.conn, "Earlier run", runState, "new", "2026-01-05T09:00:00Z", { pending: 1 });
      await state.conn.insertInto("erp_transfer_orders").values({ run_id: runId, position: 1, order_id: orderId, batch: 1, outcome: "pending" }).execute();
    }
    const result = await enqueueOrders(ctx, ["3572003", "3572004"], "api");
    expect(result).toMatchObject({ queued: ["3572004"], alreadyQueued: ["3572003"] });
    expect(await queuedIds()).toEqual(["3572004"]);
  });

  it("holds back an id whose outcome is unknown unless the caller confirms, and says so", async () => {
    const runId = await insertRun(state.conn, "Earlier run", "completed", "api", "2026-01-05T09:00:00Z", { unknown: 2 });
    await state.conn
      .insertInto("erp_transfer_orders")
      .values([
        { run_id: runId, position: 1, order_id: "3572005", batch: 1, outcome: "unknown", reason_code: "connection_lost", meaning: "unknown" },
        { run_id: runId, position: 2, order_id: "3572006", batch: 1, outcome: "unknown", reason_code: "connection_lost", meaning: "unknown", retried_in: runId },
      ])
      .execute();
    const held = await enqueueOrders(ctx, ["3572005", "3572006", "3572007"], "api");
    expect(held).toMatchObject({ queued: ["3572006", "3572007"], unknown: ["3572005"] });
    expect(audits[0]).toMatchObject({ message: "2 orders queued for transfer (0 already queued, 0 already transferred, 1 held back as unknown, 0 malformed)." });
    const confirmed = await enqueueOrders(ctx, ["3572005"], "api", { confirmUnknown: true });
    expect(confirmed).toMatchObject({ queued: ["3572005"], unknown: [] });
    expect(await queuedIds()).toEqual(["3572006", "3572007", "3572005"]);
  });

  it("an enqueue racing a send that took the same ids waits for it and leaves them out: they are on their way", async () => {
    await addToQueue(state.conn, ["3572020", "3572021"], BY);
    let enqueue: Promise<Awaited<ReturnType<typeof enqueueOrders>>> | null = null;
    const made = await createTransferRun(state.conn, {
      actor: ctx.actor,
      idempotencyKey: "race-send-1",
      request: { take: (trx) => takeQueued(trx, 10), origin: "queue" },
      batchSize: 100,
      maxOrdersPerRun: 10,
      // Inside the send's transaction, after the take: the same ids pushed again, on another connection.
      enqueue: async () => {
        enqueue = enqueueOrders(ctx, ["3572020", "3572021", "3572022"], "api");
        enqueue.catch(() => undefined);
        await expect.poll(async () => Number((await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(state.conn)).rows[0]!.n), { timeout: 10_000 }).toBeGreaterThan(0);
      },
    });
    expect(made.run.total_orders).toBe(2);
    expect(await enqueue).toMatchObject({ queued: ["3572022"], alreadyQueued: ["3572020", "3572021"] });
    expect(await queuedIds()).toEqual(["3572022"]);
  });

  it("echoes a long malformed id cut short", async () => {
    const result = await enqueueOrders(ctx, ["x".repeat(5000)], "api");
    expect(result.invalid).toEqual([{ id: "x".repeat(40), reason: "not_a_number" }]);
  });
});

describe("takeQueued", () => {
  it("takes up to the cap, oldest first, and leaves the rest waiting", async () => {
    await addToQueue(state.conn, ["300", "100"], BY, new Date("2026-01-05T09:02:00Z"));
    await addToQueue(state.conn, ["500", "200"], BY, new Date("2026-01-05T09:01:00Z"));
    await addToQueue(state.conn, ["400"], BY, new Date("2026-01-05T09:03:00Z"));
    const taken = await state.conn.transaction().execute((trx) => takeQueued(trx, 3));
    expect(taken).toEqual(["500", "200", "300"]);
    expect(await queuedIds()).toEqual(["100", "400"]);
  });

  it("takes no more than the cap when the planner believes the queue holds one row (a probe of 1 once took all 150)", async () => {
    await addToQueue(state.conn, ["9"], BY);
    await sql`vacuum analyze order_queue`.execute(state.conn);
    await state.conn.deleteFrom("order_queue").execute();
    const ids = Array.from({ length: 20 }, (_, i) => String(4000 + i));
    await addToQueue(state.conn, ids, BY);
    // The plan it chose then: the subquery rescanned per row, each rescan skipping the rows this statement had deleted.
    const taken = await state.conn.transaction().execute((trx) => takeQueued(trx, 1));
    expect(taken).toEqual(["4000"]);
    expect(await queuedIds()).toHaveLength(19);
  });

  it("a rolled-back take leaves the ids queued", async () => {
    await addToQueue(state.conn, ["100", "200"], BY);
    await expect(
      state.conn.transaction().execute(async (trx) => {
        expect(await takeQueued(trx, 5)).toEqual(["100", "200"]);
        throw new Error("the run was not made");
      }),
    ).rejects.toThrow("the run was not made");
    expect(await queuedIds()).toEqual(["100", "200"]);
  });

  it("a second taker while the first holds its ids gets the next ones at once, never the same", async () => {
    await addToQueue(state.conn, ["1", "2", "3", "4", "5", "6", "7"], BY);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first: string[] = [];
    const a = state.conn.transaction().execute(async (trx) => {
      first = await takeQueued(trx, 3);
      await held;
    });
    while (first.length === 0) await new Promise((r) => setTimeout(r, 5));
    // A lock wait would hold the second taker until the first commits: the timeout turns that into a failure.
    const second = await state.conn.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '2s'`.execute(trx);
      return takeQueued(trx, 3);
    });
    release();
    await a;
    expect(first).toEqual(["1", "2", "3"]);
    expect(second).toEqual(["4", "5", "6"]);
    expect(await queuedIds()).toEqual(["7"]);
  });

  it("many takers racing on their own connections take every id exactly once", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    await addToQueue(state.conn, ids, BY);
    const other = await openTestStoreOn();
    try {
      const takes = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : state.conn).transaction().execute((trx) => takeQueued(trx, 6))));
      const all = takes.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual([...ids].sort());
      expect(await queuedIds()).toEqual([]);
    } finally {
      await other.destroy();
    }
  });
});

/** A second pool on the same database: its connections are other sessions, as another instance's would be. */
async function openTestStoreOn(): Promise<Kysely<Database>> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(state.conn);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(testDatabaseUrl(), rows[0]!.name), max: 4 }) }) });
}
