import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { JobEngine } from "@/lib/jobs/engine";
import { channelsFor, queueIn, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import type { AlertEvent } from "@/lib/alerts/events";

export interface NeverSeenAlertDeps {
  db: Kysely<Database>;
  boss: JobEngine;
  queue: DeliveryQueueOptions;
}

/** "reconcile.never_seen" once per finished scheduled reconciliation with never-seen orders: the instance whose update marks it alerted sends. */
export async function alertNeverSeen(deps: NeverSeenAlertDeps, now = new Date()): Promise<string[]> {
  const pending = await deps.db.selectFrom("reconciliations").select("id").where("status", "=", "done").where("schedule_id", "is not", null).where("never_seen", ">", 0).where("alerted_at", "is", null).orderBy("finished_at").limit(20).execute();
  const sent: string[] = [];
  for (const { id } of pending) {
    const ids = await deps.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable("reconciliations").set({ alerted_at: now }).where("id", "=", id).where("alerted_at", "is", null).returningAll().executeTakeFirst();
      if (!r) return [];
      const event: AlertEvent = {
        type: "reconcile.never_seen",
        reconciliationId: r.id,
        scheduleId: r.schedule_id,
        neverSeen: r.never_seen ?? 0,
        total: r.total ?? 0,
        from: r.window_from?.toISOString() ?? null,
        to: r.window_to?.toISOString() ?? null,
        at: now.toISOString(),
      };
      return queueIn(trx, deps.boss, event, await channelsFor(trx, event.type), deps.queue, now);
    });
    sent.push(...ids);
  }
  return sent;
}
