import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
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

export type OrderPlace = "inErp" | "waiting" | "open" | "neverSeen";

/** Where each id of `ids` (a query of one order_id column) stands, in one statement; precedence in docs/using.md "Reconciliation". */
export function orderPlaces(ids: RawBuilder<unknown>): RawBuilder<{ order_id: string; place: OrderPlace }> {
  return sql<{ order_id: string; place: OrderPlace }>`
    select e.order_id,
      case when s.in_erp then 'inErp' when s.running or q.order_id is not null then 'waiting' when s.order_id is not null then 'open' else 'neverSeen' end as place
    from (${ids}) e
    left join (
      select o.order_id,
        bool_or((o.outcome = 'pending' and o.position <= r.transferred_through) or o.outcome = 'transferred'
          or (o.outcome = 'not_transferred' and o.meaning = 'already_in_erp')) as in_erp,
        bool_or(r.state in ('queued', 'running')) as running
      from erp_transfer_orders o
      join erp_transfer_runs r on r.id = o.run_id
      where o.order_id in (${ids})
      group by o.order_id
    ) s on s.order_id = e.order_id
    left join order_queue q on q.order_id = e.order_id
  `;
}

export function handledBetween(from: Date, to: Date): RawBuilder<{ order_id: string }> {
  return sql<{ order_id: string }>`
    select o.order_id from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where r.created_at >= ${from} and r.created_at < ${to}
    union
    select order_id from order_queue where queued_at >= ${from} and queued_at < ${to}
  `;
}
