import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { QueueOrigin, QueuedOrderRecord } from "@/lib/queue/tables";
import { traceparent } from "@/lib/trace";
import type { TakenOrder } from "@/lib/erp/service";

type Conn = Kysely<Database> | Transaction<Database>;

export interface Queuer {
  email: string;
  name: string;
  origin: QueueOrigin;
}

export interface OrderChannel {
  source: string | null;
  orderDate: Date | null;
  packageId: string | null;
}

/** Adds the ids not yet waiting, with their channel data where given; answers those it added (an id already there is left as it was). */
export async function addToQueue(conn: Conn, ids: readonly string[], by: Queuer, now = new Date(), channels: ReadonlyMap<string, OrderChannel> = new Map()): Promise<string[]> {
  if (ids.length === 0) return [];
  const of = (id: string) => channels.get(id);
  const rows = await sql<{ order_id: string }>`
    insert into order_queue (order_id, queued_at, queued_by_email, queued_by_name, origin, source, order_date, package_id, traceparent)
    select t.order_id, ${now}::timestamptz + (t.n - 1) * interval '1 microsecond', ${by.email}, ${by.name}, ${by.origin}, t.source, t.order_date, t.package_id, ${traceparent()}::text
    from unnest(${[...ids]}::text[], ${ids.map((id) => of(id)?.source ?? null)}::text[], ${ids.map((id) => of(id)?.orderDate?.toISOString() ?? null)}::timestamptz[], ${ids.map((id) => of(id)?.packageId ?? null)}::text[])
      with ordinality as t(order_id, source, order_date, package_id, n)
    on conflict (order_id) do nothing
    returning order_id
  `.execute(conn);
  return rows.rows.map((r) => r.order_id);
}

export async function removeFromQueue(conn: Conn, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await conn.deleteFrom("order_queue").where(sql<boolean>`order_id = any(${[...ids]}::text[])`).returning("order_id").execute();
  return rows.map((r) => r.order_id);
}

/**
 * Takes up to `max` waiting ids, oldest first, out of the queue inside the caller's transaction.
 * SKIP LOCKED: a second taker at the same moment gets the next ids, never the same ones. The ids are picked once
 * (materialized): as `in (subquery)`, a plan that rescans the subquery skips the rows this delete already took and takes more.
 */
export async function takeQueuedOrders(trx: Transaction<Database>, max: number): Promise<{ orders: TakenOrder[]; traceparents: string[] }> {
  const rows = await sql<{ order_id: string; source: string | null; order_date: Date | null; package_id: string | null; queued_at: Date; traceparent: string | null }>`
    with picked as materialized (
      select order_id from order_queue order by queued_at, order_id limit ${max} for update skip locked
    ), taken as (
      delete from order_queue q using picked where q.order_id = picked.order_id
      returning q.order_id, q.queued_at, q.source, q.order_date, q.package_id, q.traceparent
    )
    select order_id, queued_at, source, order_date, package_id, traceparent from taken order by queued_at, order_id
  `.execute(trx);
  return {
    orders: rows.rows.map((r) => ({ orderId: r.order_id, source: r.source, orderDate: r.order_date, packageId: r.package_id, firstSeenAt: r.queued_at })),
    traceparents: [...new Set(rows.rows.flatMap((r) => (r.traceparent ? [r.traceparent] : [])))],
  };
}

export async function takeQueued(trx: Transaction<Database>, max: number): Promise<string[]> {
  return (await takeQueuedOrders(trx, max)).orders.map((o) => o.orderId);
}

export async function queueSummary(conn: Conn): Promise<{ count: number; oldest: Date | null }> {
  const row = await conn
    .selectFrom("order_queue")
    .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.min("queued_at").as("oldest")])
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function listQueue(conn: Conn, page: { page: number; limit: number }): Promise<QueuedOrderRecord[]> {
  return conn
    .selectFrom("order_queue")
    .selectAll()
    .orderBy("queued_at")
    .orderBy("order_id")
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
}
