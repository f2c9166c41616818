import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { QueueOrigin, QueuedOrderRecord } from "@/lib/queue/tables";
import { traceparent } from "@/lib/trace";

type Conn = Kysely<Database> | Transaction<Database>;

export interface Queuer {
  email: string;
  name: string;
  origin: QueueOrigin;
}

/** Adds the ids not yet waiting; answers those it added (an id already there is left as it was). */
export async function addToQueue(conn: Conn, ids: readonly string[], by: Queuer, now = new Date()): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ order_id: string }>`
    insert into order_queue (order_id, queued_at, queued_by_email, queued_by_name, origin, traceparent)
    select t.order_id, ${now}::timestamptz + (t.n - 1) * interval '1 microsecond', ${by.email}, ${by.name}, ${by.origin}, ${traceparent()}::text
    from unnest(${[...ids]}::text[]) with ordinality as t(order_id, n)
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
 * SKIP LOCKED: a second taker at the same moment gets the next ids, never the same ones.
 */
export async function takeQueued(trx: Transaction<Database>, max: number): Promise<string[]> {
  return (await takeQueuedTraced(trx, max)).orderIds;
}

/** takeQueued with the traceparents of the pushes that queued the ids, for the run's span to link to. */
export async function takeQueuedTraced(trx: Transaction<Database>, max: number): Promise<{ orderIds: string[]; traceparents: string[] }> {
  const rows = await sql<{ order_id: string; traceparent: string | null }>`
    with taken as (
      delete from order_queue where order_id in (
        select order_id from order_queue order by queued_at, order_id limit ${max} for update skip locked
      )
      returning order_id, queued_at, traceparent
    )
    select order_id, traceparent from taken order by queued_at, order_id
  `.execute(trx);
  return { orderIds: rows.rows.map((r) => r.order_id), traceparents: [...new Set(rows.rows.flatMap((r) => (r.traceparent ? [r.traceparent] : [])))] };
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
