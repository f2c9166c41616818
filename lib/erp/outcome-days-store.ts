import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { dayRange, fillDays, OUTCOME_DAYS, type OutcomeDays } from "@/lib/erp/outcome-days";

/** Each run's orders count on the day it was started, in the zone; the store draws the day lines, daylight saving included. */
export async function outcomeDays(conn: Kysely<Database>, timeZone: string, now = Date.now(), count = OUTCOME_DAYS): Promise<OutcomeDays> {
  const first = dayRange(now, timeZone, count)[0]!;
  const { rows } = await sql<{ day: string; transferred: string; already: string; rejected: string; failed: string; unknown: string; not_sent: string }>`
    select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      sum(transferred_count) as transferred, sum(already_count) as already, sum(rejected_count) as rejected,
      sum(failed_count) as failed, sum(unknown_count) as unknown, sum(pending_count + sending_count) as not_sent
    from erp_transfer_runs
    where created_at >= (${first}::timestamp at time zone ${timeZone}) and created_at <= ${new Date(now)}
    group by 1`.execute(conn);
  const days = rows.map((r) => ({
    day: r.day,
    counts: { transferred: Number(r.transferred), already_in_erp: Number(r.already), rejected: Number(r.rejected), failed: Number(r.failed), unknown: Number(r.unknown), not_sent: Number(r.not_sent) },
  }));
  return fillDays(days, now, timeZone, count);
}
