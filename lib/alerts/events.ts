import "server-only";
import type { MeaningCounts } from "@/lib/erp/outcomes/meanings";
import type { ImportKindName } from "@/lib/erp/schemas";
import type { BreakerCause } from "@/lib/hold/breaker";

// Raising an alert never throws nor waits: deliveries are jobs with retries, so a receiver that is down blocks nothing.

/** A run's orders by meaning (lib/erp/outcomes/meanings.ts); "not sent" includes any still marked sending. */
export type TransferAlertCounts = Omit<MeaningCounts, "sending"> & { total: number };

export type AlertEvent =
  | {
      type: "transfer.attention";
      runId: string;
      status: "with_failures" | "interrupted";
      counts: TransferAlertCounts;
      startedBy: { email: string; name: string | null };
      at: string;
    }
  | {
      type: "import.not_started";
      kind: ImportKindName;
      origin: "manual" | "scheduled";
      scheduleId: string | null;
      startedBy: { email: string; name: string | null } | null;
      errorCode: string;
      detail: string;
      at: string;
    }
  | { type: "platform.unanswered"; minutes: number; since: string; lastError: string | null; at: string }
  | { type: "schedule.paused"; scheduleId: string; kind: ImportKindName | "transfer" | "reconcile"; by: { email: string; name: string | null }; at: string }
  | { type: "import.stale"; kind: ImportKindName; hours: number; lastStartedAt: string | null; at: string }
  | { type: "orders.silent"; minutes: number; lastPushAt: string | null; at: string }
  | { type: "orders.low_volume"; percent: number; today: number; median: number; at: string }
  | { type: "order.age"; level: "warn" | "critical"; source: string | null; orderId: string; since: string; count: number; deadlineDays: number; at: string }
  | { type: "reconcile.never_seen"; reconciliationId: string; scheduleId: string | null; neverSeen: number; total: number; from: string | null; to: string | null; at: string }
  | { type: "transfer.breaker"; change: "opened" | "recovered"; cause: BreakerCause; failing: number; of: number; since: string; pace: number; at: string };

export async function raiseAlert(event: AlertEvent): Promise<string[]> {
  try {
    const [{ db }, { channelsFor, queueDeliveries }, { startAlertJobs }, { alertSettings }] = await Promise.all([
      import("@/lib/store"),
      import("@/lib/alerts/engine"),
      import("@/lib/alerts/jobs"),
      import("@/lib/alerts/settings"),
    ]);
    const store = await db();
    const channels = await channelsFor(store, event.type);
    if (channels.length === 0) return [];
    const boss = await startAlertJobs();
    return await queueDeliveries(store, boss, event, channels, alertSettings().queue);
  } catch (error) {
    try {
      const { log } = await import("@/lib/log");
      log.error("alert could not be queued", { event: "alert.queue_failed", type: event.type, error: error instanceof Error ? error.message : String(error) });
    } catch {
      // nothing left to tell
    }
    return [];
  }
}
