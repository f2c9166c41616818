import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { orderHistory, transferredBefore } from "@/lib/erp/history/store";
import { orderStory } from "@/lib/erp/history/story-store";
import { openTestDb } from "@/test/store";

let conn: Kysely<Database>;
const ORDER = "3572228";
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));

async function run(id: string, minutes: number, fields: Partial<ErpTransferRun>, orders: { id: string; outcome?: string; reason?: string; meaning?: string }[]) {
  await conn
    .insertInto("erp_transfer_runs")
    .values({
      id,
      created_at: at(minutes),
      created_by_id: 2,
      created_by_email: "operator@demo.local",
      created_by_name: "Onur Operator",
      idempotency_key: `key-${id}`,
      request_hash: "hash",
      parent_run_id: null,
      origin: "new",
      state: "completed",
      batch_size: 100,
      total_orders: orders.length,
      total_batches: 1,
      batches_done: 1,
      transferred_count: 0,
      not_transferred_count: 0,
      unknown_count: 0,
      pending_count: 0,
      sending_count: 0,
      sending_from: null,
      sending_to: null,
      started_at: at(minutes),
      finished_at: at(minutes + 1),
      job_id: null,
      ...fields,
    })
    .execute();
  await conn
    .insertInto("erp_transfer_orders")
    .values(
      orders.map((o, i) => ({
        run_id: id,
        position: i + 1,
        order_id: o.id,
        batch: 1,
        outcome: (o.outcome ?? "pending") as "pending",
        reason: o.reason ?? null,
        reason_code: null,
        meaning: o.meaning ?? null,
        updated_at: o.outcome ? at(minutes + 1) : null,
      })),
    )
    .execute();
}

const FIRST = "00000000-0000-4000-8000-00000000000a";
const SECOND = "00000000-0000-4000-8000-00000000000b";
const THIRD = "00000000-0000-4000-8000-00000000000c";
const GOING = "00000000-0000-4000-8000-00000000000d";

beforeAll(async () => {
  conn = await openTestDb();
  // Transferred orders are never written: the run's mark says so.
  await run(FIRST, 0, { transferred_through: 2 }, [{ id: ORDER }, { id: "3572229" }]);
  await run(SECOND, 10, { transferred_through: 0, created_by_email: "admin@demo.local", created_by_name: "Ayşe Admin" }, [
    { id: "3572229", outcome: "not_transferred", reason: "Sipariş daha önce aktarılmış.", meaning: "already_in_erp" },
    { id: ORDER, outcome: "not_transferred", reason: "Sipariş daha önce aktarılmış.", meaning: "already_in_erp" },
    { id: "3572230", outcome: "not_transferred", reason: "Sipariş bulunamadı.", meaning: "rejected" },
  ]);
  await run(THIRD, 20, { transferred_through: 0, origin: "retry_failed" }, [{ id: "3572231", outcome: "unknown" }, { id: ORDER, outcome: "not_transferred", reason: "HTTP 503", meaning: "failed" }]);
  await run(GOING, 30, { state: "running", finished_at: null, sending_from: 1, sending_to: 1 }, [{ id: ORDER }, { id: "3572232" }]);
});

afterAll(async () => {
  await conn.destroy();
});

describe("orderHistory", () => {
  it("lists every run that carried the order, newest first, with its meaning, reason, who and when", async () => {
    const history = await orderHistory(conn, ORDER);
    expect(history.orderId).toBe(ORDER);
    expect(history.runs.map((r) => [r.runId, r.meaning, r.reason, r.startedBy.email, r.position])).toEqual([
      [GOING, "sending", null, "operator@demo.local", 1],
      [THIRD, "failed", "HTTP 503", "operator@demo.local", 2],
      [SECOND, "already_in_erp", "Sipariş daha önce aktarılmış.", "admin@demo.local", 2],
      [FIRST, "transferred", null, "operator@demo.local", 1],
    ]);
    const [going, third, second, first] = history.runs;
    expect(third).toMatchObject({ origin: "retry_failed", runState: "completed", runCreatedAt: at(20).toISOString(), settledAt: at(21).toISOString() });
    expect(second?.startedBy.name).toBe("Ayşe Admin");
    expect(first?.settledAt).toBe(at(1).toISOString());
    expect(going).toMatchObject({ runState: "running", settledAt: null });
    expect(history.channel).toBeNull();
  });

  it("names the channel, order date and package the order was pushed with, from its latest run that carried them", async () => {
    await conn.updateTable("erp_transfer_orders").set({ source: "trendyol", order_date: at(-5), package_id: "PKG-1" }).where("run_id", "=", SECOND).where("order_id", "=", "3572229").execute();
    await conn.updateTable("erp_transfer_orders").set({ source: "web" }).where("run_id", "=", FIRST).where("order_id", "=", "3572229").execute();
    expect((await orderHistory(conn, "3572229")).channel).toEqual({ source: "trendyol", orderDate: at(-5).toISOString(), packageId: "PKG-1" });
  });

  it("reads a not-sent order as not sent, and an unknown id as no runs", async () => {
    expect((await orderHistory(conn, "3572232")).runs.map((r) => r.meaning)).toEqual(["not_sent"]);
    expect(await orderHistory(conn, "999")).toEqual({ orderId: "999", channel: null, runs: [] });
    // Ids are text as typed: a leading zero is another order.
    expect((await orderHistory(conn, `0${ORDER}`)).runs).toEqual([]);
  });
});

describe("transferredBefore", () => {
  it("names the ids some run put in the ERP, with the latest such run, in the order asked", async () => {
    const found = await transferredBefore(conn, ["3572230", "3572229", "3572231", ORDER, "3572232", "1"]);
    expect(found).toEqual([
      { orderId: "3572229", runId: SECOND, at: at(10).toISOString(), meaning: "already_in_erp" },
      { orderId: ORDER, runId: SECOND, at: at(10).toISOString(), meaning: "already_in_erp" },
    ]);
    expect(await transferredBefore(conn, [])).toEqual([]);
  });

  it("finds orders by the order_id index, not by reading every order", async () => {
    // The order-age trigger would refresh 20,000 orders no test here reads.
    await conn.transaction().execute(async (tx) => {
      await sql`alter table erp_transfer_orders disable trigger order_age_insert`.execute(tx);
      await sql`insert into erp_transfer_orders (run_id, position, order_id, batch, outcome)
        select ${FIRST}, 100 + g, (40000000 + g)::text, 1, 'pending' from generate_series(1, 20000) g`.execute(tx);
      await sql`alter table erp_transfer_orders enable trigger order_age_insert`.execute(tx);
    });
    await sql`analyze erp_transfer_orders`.execute(conn);
    const plan = await sql<{ "QUERY PLAN": string }>`explain select * from erp_transfer_orders where order_id = ${ORDER}`.execute(conn);
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("erp_transfer_orders_order_id");
  });
});

describe("orderStory", () => {
  it("adds a run's stop, the order's queue entry and its removals from the queue (from the trail) to its runs, oldest first", async () => {
    const STOPPED = "00000000-0000-4000-8000-00000000000e";
    const id = "3572240";
    await run(STOPPED, 40, { transferred_through: 0, stop_requested_at: at(41), stop_requested_by: "Sena Supervisor" }, [{ id }]);
    await conn.insertInto("audit_events").values({ at: at(35), actor_id: null, actor_email: "admin@demo.local", action: "erp.queue.remove", target_type: "erp_order_queue", target_id: null, outcome: "success", message: "1 orders removed", details_json: JSON.stringify({ removed: 1, orderIds: [id] }) }).execute();
    await conn.insertInto("audit_events").values({ at: at(36), actor_id: null, actor_email: "admin@demo.local", action: "erp.queue.remove", target_type: "erp_order_queue", target_id: null, outcome: "success", message: "1 orders removed", details_json: JSON.stringify({ removed: 1, orderIds: [`${id}1`] }) }).execute();
    await conn.insertInto("order_queue").values({ order_id: id, queued_at: at(50), queued_by_email: "operator@demo.local", queued_by_name: "Onur Operator", origin: "console" }).execute();
    const story = await orderStory(conn, id);
    expect(story.events).toEqual([
      { kind: "unqueued", at: at(35).toISOString(), by: "admin@demo.local" },
      expect.objectContaining({ kind: "run", runId: STOPPED, by: "Onur Operator", meaning: "not_sent", stop: { by: "Sena Supervisor", at: at(41).toISOString() } }),
      { kind: "queued", at: at(50).toISOString(), by: "Onur Operator" },
    ]);
  });
});
