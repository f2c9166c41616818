import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { ordersNotInErp, type NotInErpPlace } from "@/lib/erp/service";

type Conn = Kysely<Database> | Transaction<Database>;

export interface ChannelAgeRow {
  source: string | null;
  n: number;
  oldest_at: Date;
  oldest_id: string;
  place: NotInErpPlace;
  run_id: string | null;
  warn: number;
  critical: number;
  overdue: number;
}

export async function ageByChannel(conn: Conn, at: { warn: Date; critical: Date; deadline: Date }): Promise<ChannelAgeRow[]> {
  const rows = await sql<ChannelAgeRow>`
    select source, count(*)::int as n, min(since) as oldest_at,
      (array_agg(order_id order by since, order_id))[1] as oldest_id,
      (array_agg(place order by since, order_id))[1] as place,
      (array_agg(run_id order by since, order_id))[1] as run_id,
      count(*) filter (where since <= ${at.warn} and since > ${at.critical})::int as warn,
      count(*) filter (where since <= ${at.critical} and since > ${at.deadline})::int as critical,
      count(*) filter (where since <= ${at.deadline})::int as overdue
    from (${ordersNotInErp(conn as Kysely<Database>)}) a
    group by source
    order by min(since), source nulls last
  `.execute(conn);
  return rows.rows.map((r) => ({ ...r, oldest_at: new Date(r.oldest_at) }));
}
