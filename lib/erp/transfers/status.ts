import type { TransferCounts, TransferRunState, TransferRunStatus } from "@/lib/erp/schemas";

// The upstream's `status: "success"` says nothing about the orders (docs/upstream-api.md).
export function transferRunStatus(state: TransferRunState, counts: { total: number; done: number }): TransferRunStatus {
  if (state === "queued" || state === "running") return "running";
  if (state === "interrupted") return "interrupted";
  return counts.total > 0 && counts.done === counts.total ? "all_transferred" : "with_failures";
}

export function isRunActive(state: TransferRunState): boolean {
  return state === "queued" || state === "running";
}

export function ordersDone(counts: TransferCounts): number {
  return counts.transferred + counts.notTransferred + counts.unknown;
}
