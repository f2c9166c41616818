import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";

type Conn = Kysely<Database> | Transaction<Database>;

const HOUR = 3_600_000;
export const ARRIVALS_KEPT_MS = 29 * 24 * HOUR;

/** One push counts once however many of its ids were new; `orders` counts those newly queued. */
export async function recordArrival(conn: Conn, orders: number, now = new Date()): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  await sql`
    insert into order_queue_arrivals (hour, pushes, orders, last_at) values (${hour}, 1, ${orders}, ${now})
    on conflict (hour) do update set pushes = order_queue_arrivals.pushes + 1, orders = order_queue_arrivals.orders + excluded.orders,
      last_at = greatest(order_queue_arrivals.last_at, excluded.last_at)
  `.execute(conn);
}

export async function lastArrival(conn: Conn): Promise<Date | null> {
  const row = await conn.selectFrom("order_queue_arrivals").select((eb) => eb.fn.max("last_at").as("last")).executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

export async function arrivalsSince(conn: Conn, since: Date): Promise<{ hour: Date; orders: number }[]> {
  const rows = await conn.selectFrom("order_queue_arrivals").select(["hour", "orders"]).where("hour", ">=", since).orderBy("hour").execute();
  return rows.map((r) => ({ hour: new Date(r.hour), orders: r.orders }));
}

export async function forgetArrivals(conn: Conn, now = new Date()): Promise<void> {
  await conn.deleteFrom("order_queue_arrivals").where("hour", "<", new Date(now.getTime() - ARRIVALS_KEPT_MS)).execute();
}
