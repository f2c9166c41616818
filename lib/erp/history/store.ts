import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { MEANING } from "@/lib/erp/transfers/orders";
import { ORDER_HISTORY_MAX_RUNS, type OrderHistory, type TransferredBefore } from "@/lib/erp/history/schemas";

type Conn = Kysely<Database> | Transaction<Database>;

function ordersById(conn: Conn) {
  return conn.selectFrom("erp_transfer_orders as o").innerJoin("erp_transfer_runs as r", "r.id", "o.run_id");
}

/** Every run that carried the order, newest first, each with its resolution from the failures inbox if any. */
export async function orderHistory(conn: Conn, orderId: string): Promise<OrderHistory> {
  const rows = await ordersById(conn)
    .leftJoin("erp_order_resolutions as x", (j) => j.onRef("x.run_id", "=", "o.run_id").onRef("x.position", "=", "o.position"))
    .select([
      "r.id as run_id",
      "r.created_at",
      "r.origin",
      "r.state",
      "r.created_by_email",
      "r.created_by_name",
      "r.finished_at",
      "o.position",
      "o.reason",
      "o.reason_code",
      "o.updated_at",
      "o.retried_in",
      "x.resolved_at",
      "x.resolved_by_email",
      "x.resolved_by_name",
      "x.note",
      "o.source",
      "o.order_date",
      "o.package_id",
      MEANING.as("meaning"),
    ])
    .where("o.order_id", "=", orderId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id")
    .orderBy("o.position")
    .limit(ORDER_HISTORY_MAX_RUNS)
    .execute();
  const carried = rows.find((r) => r.source !== null || r.order_date !== null || r.package_id !== null);
  return {
    orderId,
    channel: carried ? { source: carried.source, orderDate: carried.order_date?.toISOString() ?? null, packageId: carried.package_id } : null,
    runs: rows.map((r) => ({
      runId: r.run_id,
      runCreatedAt: r.created_at.toISOString(),
      origin: r.origin,
      runState: r.state,
      startedBy: { email: r.created_by_email, name: r.created_by_name },
      position: r.position,
      meaning: r.meaning,
      reason: r.reason,
      reasonCode: r.reason_code,
      // Transferred orders are not written one by one (lib/erp/transfers/settling.ts): their run's end is when they were settled.
      settledAt: (r.updated_at ?? r.finished_at)?.toISOString() ?? null,
      retriedIn: r.retried_in,
      // The left join types every column nullable; the table holds them all or no row.
      resolution: r.resolved_at ? { at: r.resolved_at.toISOString(), by: { email: r.resolved_by_email ?? "", name: r.resolved_by_name ?? "" }, note: r.note ?? "" } : null,
    })),
  };
}

/** Of these ids, those some run already put in the ERP, each with the latest such run. */
export async function transferredBefore(conn: Conn, orderIds: readonly string[]): Promise<TransferredBefore[]> {
  if (orderIds.length === 0) return [];
  const rows = await ordersById(conn)
    .select(["o.order_id", "r.id as run_id", "r.created_at", MEANING.as("meaning")])
    .distinctOn("o.order_id")
    .where(sql<boolean>`o.order_id = any(${[...orderIds]}::text[])`)
    .where(MEANING, "in", ["transferred", "already_in_erp"])
    .orderBy("o.order_id")
    .orderBy("r.created_at", "desc")
    .execute();
  const found = new Map(rows.map((r) => [r.order_id, r]));
  return orderIds.flatMap((id) => {
    const r = found.get(id);
    return r ? [{ orderId: id, runId: r.run_id, at: r.created_at.toISOString(), meaning: r.meaning }] : [];
  });
}

/** Of these ids, those a queued or running run still holds unsent or in flight: sending them again now could send them twice. */
export async function inFlight(conn: Conn, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await ordersById(conn)
    .select("o.order_id")
    .distinct()
    .where(sql<boolean>`o.order_id = any(${[...orderIds]}::text[])`)
    .where("r.state", "in", ["queued", "running"])
    .where(MEANING, "in", ["not_sent", "sending"])
    .execute();
  return new Set(rows.map((r) => r.order_id));
}
