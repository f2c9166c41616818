import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { NotInErpPlace } from "@/lib/erp/service";

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

// Over order_age_orders (migration 0022, kept in step by triggers): counts in one pass, each channel's oldest through the index.
export async function ageByChannel(conn: Conn, at: { warn: Date; critical: Date; deadline: Date }): Promise<ChannelAgeRow[]> {
  const rows = await sql<ChannelAgeRow>`
    select c.source, c.n, w.since as oldest_at, w.order_id as oldest_id, w.place, w.run_id, c.warn, c.critical, c.overdue
    from (
      select source, count(*)::int as n,
        count(*) filter (where since <= ${at.warn} and since > ${at.critical})::int as warn,
        count(*) filter (where since <= ${at.critical} and since > ${at.deadline})::int as critical,
        count(*) filter (where since <= ${at.deadline})::int as overdue
      from order_age_orders group by source
    ) c
    cross join lateral (
      (select since, order_id, place, run_id from order_age_orders a where a.source = c.source order by since, order_id limit 1)
      union all
      (select since, order_id, place, run_id from order_age_orders a where c.source is null and a.source is null order by since, order_id limit 1)
    ) w
    order by w.since, c.source nulls last
  `.execute(conn);
  return rows.rows.map((r) => ({ ...r, oldest_at: new Date(r.oldest_at) }));
}
