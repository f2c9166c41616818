import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { orderHistory } from "@/lib/erp/history/store";
import type { OrderHistory } from "@/lib/erp/history/schemas";
import { buildStory, type OrderStory, type StoryStop } from "@/lib/erp/history/story";

const UNQUEUED_MAX = 20;

/** The order's runs and their stops, its resolutions, its queue entry and its removals from the queue (from the trail). */
export async function orderStory(conn: Kysely<Database>, orderId: string, known?: OrderHistory): Promise<OrderStory> {
  const history = known ?? (await orderHistory(conn, orderId));
  const runIds = [...new Set(history.runs.map((r) => r.runId))];
  const [stopped, queued, removals] = await Promise.all([
    runIds.length
      ? conn
          .selectFrom("erp_transfer_runs")
          .select(["id", "stop_requested_at", "stop_requested_by"])
          .where("id", "in", runIds)
          .where("stop_requested_at", "is not", null)
          .execute()
      : [],
    conn.selectFrom("order_queue").select(["queued_at", "queued_by_name", "queued_by_email"]).where("order_id", "=", orderId).executeTakeFirst(),
    conn
      .selectFrom("audit_events as a")
      .leftJoin("members as m", "m.id", "a.actor_id")
      .select(["a.at", "a.actor_email", "m.name"])
      .where("a.action", "=", "erp.queue.remove")
      .where(sql<boolean>`position(${JSON.stringify(orderId)} in coalesce(a.details_json, '')) > 0`)
      .orderBy("a.at", "desc")
      .limit(UNQUEUED_MAX)
      .execute(),
  ]);
  const stops = new Map<string, StoryStop>(stopped.map((r) => [r.id, { by: r.stop_requested_by ?? "", at: r.stop_requested_at!.toISOString() }]));
  return buildStory({
    history,
    stops,
    queued: queued ? { at: queued.queued_at.toISOString(), by: queued.queued_by_name || queued.queued_by_email } : null,
    unqueued: removals.map((r) => ({ at: r.at.toISOString(), by: r.name || r.actor_email || "" })),
  });
}
