import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { dayRange, emptyCounts, fillDays, OUTCOME_DAYS, type OutcomeDays } from "@/lib/erp/outcomes/days";
import { openPerDay } from "@/lib/erp/inbox/store";

/** Orders that reached the ERP per day their run started, in the zone, beside the orders still open from that day as the failures inbox holds them. */
export async function outcomeDays(conn: Kysely<Database>, timeZone: string, now = Date.now(), count = OUTCOME_DAYS): Promise<OutcomeDays> {
  const first = dayRange(now, timeZone, count)[0]!;
  const [{ rows }, open] = await Promise.all([
    sql<{ day: string; transferred: string; already: string }>`
    select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, sum(transferred_count) as transferred, sum(already_count) as already
    from erp_transfer_runs
    where created_at >= (${first}::timestamp at time zone ${timeZone}) and created_at <= ${new Date(now)}
    group by 1`.execute(conn),
    openPerDay(conn, timeZone, first, new Date(now)),
  ]);
  const days = new Map(rows.map((r) => [r.day, { ...emptyCounts(), transferred: Number(r.transferred), already_in_erp: Number(r.already) }]));
  for (const o of open) {
    const counts = days.get(o.day) ?? emptyCounts();
    counts[o.meaning] += o.n;
    days.set(o.day, counts);
  }
  return fillDays([...days].map(([day, counts]) => ({ day, counts })), now, timeZone, count);
}
