import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { JobEngine } from "@/lib/jobs/engine";
import { channelsFor, queueIn, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import type { AlertEvent } from "@/lib/alerts/events";
import { orderAgeOf } from "@/lib/order-age/read";
import { alertLevelOf, type AgeThresholds } from "@/lib/order-age/constants";
import type { OrderAge } from "@/lib/order-age/schemas";

export interface OrderAgeCheckDeps {
  db: Kysely<Database>;
  boss: JobEngine;
  queue: DeliveryQueueOptions;
  orderAge: AgeThresholds;
  /** Reads the clock (by default straight from the store). */
  read?: (now: Date) => Promise<OrderAge>;
}

/** "order.age" once per level a channel's oldest order reaches (again after falling below it); the claiming row's instance sends. */
export async function checkOrderAge(deps: OrderAgeCheckDeps, now = new Date()): Promise<string[]> {
  const age = await (deps.read ?? ((at: Date) => orderAgeOf(deps.db, deps.orderAge, at)))(now);
  const stored = await deps.db.selectFrom("order_age_alerts").selectAll().execute();
  const wanted = new Map(age.channels.map((c) => [c.source ?? "", { channel: c, level: alertLevelOf(c.level) }]));
  for (const row of stored) {
    const want = wanted.get(row.source)?.level ?? null;
    if (want === null) await deps.db.deleteFrom("order_age_alerts").where("source", "=", row.source).where("level", "=", row.level).execute();
    else if (want === "warn" && row.level === "critical") await deps.db.updateTable("order_age_alerts").set({ level: "warn" }).where("source", "=", row.source).where("level", "=", "critical").execute();
  }
  const sent: string[] = [];
  for (const [source, { channel, level }] of wanted) {
    if (level === null) continue;
    const ids = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("order_age_alerts")
        .values({ source, level, alerted_at: now })
        .onConflict((oc) => (level === "critical" ? oc.column("source").doUpdateSet({ level, alerted_at: now }).where("order_age_alerts.level", "=", "warn") : oc.column("source").doNothing()))
        .returning("source")
        .executeTakeFirst();
      if (!claimed) return [];
      const event: AlertEvent = { type: "order.age", level, source: channel.source, orderId: channel.oldest.orderId, since: channel.oldest.since, count: channel.count, deadlineDays: deps.orderAge.deadlineDays, at: now.toISOString() };
      return queueIn(trx, deps.boss, event, await channelsFor(trx, event.type), deps.queue, now);
    });
    sent.push(...ids);
  }
  return sent;
}
