import "server-only";
import type { ImportKindName } from "@/lib/erp/schemas";

// What the console alerts about. Raising one never throws and never waits for a receiver:
// deliveries are jobs on the job engine, with retries, so a receiver that is down blocks nothing.

export type AlertEvent =
  | {
      type: "transfer.attention";
      runId: string;
      status: "with_failures" | "interrupted";
      counts: { total: number; transferred: number; notTransferred: number; unknown: number; pending: number };
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
  | { type: "schedule.paused"; scheduleId: string; kind: ImportKindName; by: { email: string; name: string | null }; at: string };

export type AlertEventType = AlertEvent["type"];

/** Queues a delivery of the event to every channel that takes it. Placeholder until the alert channels land. */
export async function raiseAlert(_event: AlertEvent): Promise<void> {}
