import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { Bucket } from "@/lib/reconcile/constants";
import type { ReconciliationRecord, ReconciliationsTable } from "@/lib/reconcile/tables";

type Conn = Kysely<Database> | Transaction<Database>;

export interface ExpectedOrder {
  orderId: string;
  orderDate: Date | null;
  source: string | null;
}

const CHUNK = 20_000;

export async function insertReconciliation(conn: Conn, row: Pick<ReconciliationsTable, "id" | "kind" | "created_at" | "created_by_email" | "created_by_name" | "window_from" | "window_to" | "settled_before"> & { schedule_id?: string | null }): Promise<void> {
  await conn.insertInto("reconciliations").values({ ...row, status: "running", error: null, finished_at: null, total: null, in_erp: null, waiting: null, open: null, never_seen: null, unknown_to_platform: null, cancelled: 0, settling: 0, duplicates: 0 }).execute();
}

export async function addExpected(conn: Conn, id: string, orders: readonly ExpectedOrder[]): Promise<void> {
  for (let at = 0; at < orders.length; at += CHUNK) {
    const part = orders.slice(at, at + CHUNK);
    await sql`
      insert into reconciliation_orders (reconciliation_id, order_id, order_date, source)
      select ${id}, t.order_id, t.order_date, t.source
      from unnest(${part.map((o) => o.orderId)}::text[], ${part.map((o) => o.orderDate?.toISOString() ?? null)}::timestamptz[], ${part.map((o) => o.source)}::text[]) as t(order_id, order_date, source)
      on conflict do nothing
    `.execute(conn);
  }
}

export function unsortedIds(id: string): RawBuilder<unknown> {
  return sql`select order_id from reconciliation_orders where reconciliation_id = ${id} and bucket is null`;
}

export async function assignBuckets(conn: Conn, id: string, places: RawBuilder<{ order_id: string; place: string }>): Promise<void> {
  // Fresh statistics: the rows just written would otherwise read as a handful, and the planner would join them by nested loops.
  await sql`analyze reconciliation_orders`.execute(conn);
  await sql`
    update reconciliation_orders t set bucket = p.place
    from (${places}) p
    where t.reconciliation_id = ${id} and t.bucket is null and t.order_id = p.order_id
  `.execute(conn);
}

/** Handled ids that are neither expected nor among `known` (everything the platform listed), as unknownToPlatform. */
export async function addUnknownToPlatform(conn: Conn, id: string, handled: RawBuilder<{ order_id: string }>, known: readonly string[]): Promise<void> {
  await sql`
    insert into reconciliation_orders (reconciliation_id, order_id, bucket)
    select ${id}, h.order_id, 'unknownToPlatform'
    from (${handled}) h
    where not exists (select 1 from unnest(${[...known]}::text[]) k(order_id) where k.order_id = h.order_id)
    on conflict do nothing
  `.execute(conn);
}

export async function finishReconciliation(conn: Conn, id: string, excluded: { cancelled: number; settling: number; duplicates: number }, now = new Date()): Promise<void> {
  const rows = await conn
    .selectFrom("reconciliation_orders")
    .select(["bucket", (eb) => eb.fn.countAll<string>().as("n")])
    .where("reconciliation_id", "=", id)
    .groupBy("bucket")
    .execute();
  const n = (bucket: Bucket) => Number(rows.find((r) => r.bucket === bucket)?.n ?? 0);
  const [inErp, waiting, open, neverSeen] = [n("inErp"), n("waiting"), n("open"), n("neverSeen")];
  await conn
    .updateTable("reconciliations")
    .set({ status: "done", finished_at: now, total: inErp + waiting + open + neverSeen, in_erp: inErp, waiting, open, never_seen: neverSeen, unknown_to_platform: n("unknownToPlatform"), ...excluded })
    .where("id", "=", id)
    .execute();
}

export async function failReconciliation(conn: Conn, id: string, error: string, now = new Date()): Promise<void> {
  await conn.deleteFrom("reconciliation_orders").where("reconciliation_id", "=", id).execute();
  await conn.updateTable("reconciliations").set({ status: "failed", error, finished_at: now }).where("id", "=", id).execute();
}

export async function findReconciliation(conn: Conn, id: string): Promise<ReconciliationRecord | undefined> {
  return conn.selectFrom("reconciliations").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function bucketPage(conn: Conn, id: string, bucket: Bucket, page: { page: number; limit: number; channel?: string }) {
  let base = conn.selectFrom("reconciliation_orders").where("reconciliation_id", "=", id).where("bucket", "=", bucket);
  if (page.channel !== undefined) base = base.where(sql<string>`lower(source)`, "=", page.channel);
  const [rows, count] = await Promise.all([
    base.select(["order_id", "order_date", "source"]).orderBy(sql`length(order_id)`).orderBy("order_id").limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function bucketIds(conn: Conn, id: string, bucket: Bucket, max: number): Promise<{ ids: string[]; total: number }> {
  const { rows, total } = await bucketPage(conn, id, bucket, { page: 1, limit: max });
  return { ids: rows.map((r) => r.order_id), total };
}

export interface BreakdownRow {
  key: string | null;
  bucket: string;
  n: number;
}

export async function breakdown(conn: Conn, id: string, by: "day" | "channel"): Promise<BreakdownRow[]> {
  const key = by === "day" ? sql<string | null>`to_char(order_date at time zone 'UTC', 'YYYY-MM-DD')` : sql<string | null>`source`;
  const { rows } = await sql<{ key: string | null; bucket: string; n: string }>`
    select ${key} as key, bucket, count(*) as n from reconciliation_orders
    where reconciliation_id = ${id} and bucket in ('inErp', 'waiting', 'open', 'neverSeen')
    group by 1, 2 order by 1 nulls last
  `.execute(conn);
  return rows.map((r) => ({ key: r.key, bucket: r.bucket, n: Number(r.n) }));
}

export async function reconciliationPage(conn: Conn, page: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    conn.selectFrom("reconciliations").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    conn.selectFrom("reconciliations").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
