import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";

// Every move of an order id between the queue, a run and an outcome judges and moves under this one lock
// (docs/architecture.md "Exactly once"): two instances' pushes, sends, ticks and retries take turns, never interleave.
const ORDER_MOVES_LOCK = 4_711_027_301;

export async function lockOrderMoves(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ORDER_MOVES_LOCK}::bigint)`.execute(trx);
}

export interface OrderStanding {
  inFlight: Map<string, string>;
  inErp: Set<string>;
  unknown: Set<string>;
  queued: Set<string>;
}

export async function orderStanding(conn: Kysely<Database> | Transaction<Database>, orderIds: readonly string[]): Promise<OrderStanding> {
  const standing: OrderStanding = { inFlight: new Map(), inErp: new Set(), unknown: new Set(), queued: new Set() };
  if (orderIds.length === 0) return standing;
  const ids = [...new Set(orderIds)];
  // Pending rows at or below the run's mark were transferred (lib/erp/transfers/orders.ts, OUTCOME).
  const rows = await sql<{ order_id: string; flying_in: string | null; in_erp: boolean; unknown: boolean }>`
    select o.order_id,
      (array_agg(r.id order by r.created_at) filter (
        where r.state in ('queued', 'running') and o.outcome in ('pending', 'sending') and o.position > r.transferred_through))[1] as flying_in,
      bool_or((o.outcome = 'pending' and o.position <= r.transferred_through) or o.outcome = 'transferred'
        or (o.outcome = 'not_transferred' and o.meaning = 'already_in_erp')) as in_erp,
      bool_or(o.outcome = 'unknown' and o.retried_in is null and x.run_id is null) as unknown
    from erp_transfer_orders o
    join erp_transfer_runs r on r.id = o.run_id
    left join erp_order_resolutions x on x.run_id = o.run_id and x.position = o.position
    where o.order_id = any(${ids}::text[])
    group by o.order_id
  `.execute(conn);
  for (const r of rows.rows) {
    if (r.flying_in) standing.inFlight.set(r.order_id, r.flying_in);
    if (r.in_erp) standing.inErp.add(r.order_id);
    else if (r.unknown) standing.unknown.add(r.order_id);
  }
  const queued = await sql<{ order_id: string }>`select order_id from order_queue where order_id = any(${ids}::text[])`.execute(conn);
  for (const r of queued.rows) standing.queued.add(r.order_id);
  return standing;
}

export async function unqueue(trx: Transaction<Database>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0) await sql`delete from order_queue where order_id = any(${[...orderIds]}::text[])`.execute(trx);
}
