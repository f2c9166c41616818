import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { ageByChannel } from "@/lib/order-age/store";
import { ageLevel, type AgeThresholds } from "@/lib/order-age/constants";
import type { OrderAge } from "@/lib/order-age/schemas";

const DAY_MS = 86_400_000;

export async function orderAgeOf(conn: Kysely<Database> | Transaction<Database>, t: AgeThresholds, now: Date): Promise<OrderAge> {
  const back = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rows = await ageByChannel(conn, { warn: back(t.warnDays), critical: back(t.criticalDays), deadline: back(t.deadlineDays) });
  const channels = rows.map((r) => ({
    source: r.source,
    count: r.n,
    level: ageLevel(r.oldest_at, now, t),
    oldest: { orderId: r.oldest_id, since: r.oldest_at.toISOString(), place: r.place, runId: r.run_id },
    bands: { ok: r.n - r.warn - r.critical - r.overdue, warn: r.warn, critical: r.critical, overdue: r.overdue },
  }));
  return { at: now.toISOString(), ...t, total: channels.reduce((sum, c) => sum + c.count, 0), channels };
}
