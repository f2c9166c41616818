import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ErpOrderOutcome, ErpTransferOrder } from "@/lib/store/schema";
import type { OrderOutcome, RetryKind, TransferOrderRow } from "@/lib/erp/transfers/schemas";
import { orderMeaning, type Meaning } from "@/lib/erp/outcomes/meanings";

type Conn = Kysely<Database> | Transaction<Database>;

// Already-in-ERP orders are never sent again; rejected ones only when asked for by name (the "send again anyway").
export const RETRY_MEANING: Record<RetryKind, Meaning> = { failed: "failed", unsent: "not_sent", unknown: "unknown", rejected: "rejected" };

/** Only exceptions are written: pending at or below `transferred_through` reads as transferred, in the batch in flight as sending. */
export const OUTCOME = sql<ErpOrderOutcome>`case
  when o.outcome <> 'pending' then o.outcome
  when o.position <= r.transferred_through then 'transferred'
  when o.position between r.sending_from and r.sending_to then 'sending'
  else 'pending' end`;

export const MEANING = sql<Meaning>`case
  when o.outcome = 'pending' and o.position <= r.transferred_through then 'transferred'
  when o.outcome = 'pending' and o.position between r.sending_from and r.sending_to then 'sending'
  when o.outcome = 'pending' then 'not_sent'
  when o.outcome in ('transferred', 'sending', 'unknown') then o.outcome
  else coalesce(o.meaning, 'failed') end`;

export function ordersOf(conn: Conn, runId: string) {
  return conn
    .selectFrom("erp_transfer_orders as o")
    .innerJoin("erp_transfer_runs as r", "r.id", "o.run_id")
    .where("o.run_id", "=", runId);
}

const ORDER_COLUMNS = ["o.run_id", "o.position", "o.order_id", "o.batch", "o.reason", "o.reason_code", "o.updated_at", "o.retried_in", "o.source", "o.order_date", "o.package_id"] as const;

export function toOrderRow(row: Omit<ErpTransferOrder, "meaning" | "first_seen_at">): TransferOrderRow {
  return {
    position: row.position,
    orderId: row.order_id,
    batch: row.batch,
    outcome: row.outcome,
    reason: row.reason,
    reasonCode: row.reason_code,
    meaning: orderMeaning({ outcome: row.outcome, reason: row.reason, reasonCode: row.reason_code }),
    retriedIn: row.retried_in,
    source: row.source,
    orderDate: row.order_date?.toISOString() ?? null,
    packageId: row.package_id,
  };
}

export async function listRunOrders(
  conn: Conn,
  runId: string,
  q: { outcome?: OrderOutcome; page: number; limit: number },
): Promise<{ items: TransferOrderRow[]; total: number }> {
  let base = ordersOf(conn, runId);
  if (q.outcome) base = base.where(OUTCOME, "=", q.outcome);
  // Unfiltered, the run row knows the total (no count over its orders on every poll).
  const [{ total } = { total: 0 }] = q.outcome
    ? await base.select((eb) => eb.fn.countAll<number>().as("total")).execute()
    : await conn.selectFrom("erp_transfer_runs").select("total_orders as total").where("id", "=", runId).execute();
  const rows = await base
    .select([...ORDER_COLUMNS, OUTCOME.as("outcome")])
    .orderBy("o.position")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { items: rows.map(toOrderRow), total: Number(total) };
}

export async function* iterateRunOrders(conn: Conn, runId: string, outcome?: OrderOutcome, chunk = 1000): AsyncGenerator<TransferOrderRow[]> {
  let after = 0;
  for (;;) {
    let q = ordersOf(conn, runId).select([...ORDER_COLUMNS, OUTCOME.as("outcome")]).where("o.position", ">", after);
    if (outcome) q = q.where(OUTCOME, "=", outcome);
    const rows = await q.orderBy("o.position").limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows.map(toOrderRow);
    after = rows[rows.length - 1]!.position;
    if (rows.length < chunk) return;
  }
}
