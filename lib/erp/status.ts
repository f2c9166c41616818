import type { TransferCounts, TransferRunState, TransferRunStatus } from "./schemas";

/**
 * What a run's summary may say. "all_transferred" only when the run completed and every one of
 * its orders was transferred: the upstream's `status: "success"` says nothing about the orders
 * (upstream-api.md), so anything not transferred, unknown or never sent makes it "with_failures".
 */
export function transferRunStatus(state: TransferRunState, counts: Pick<TransferCounts, "total" | "transferred">): TransferRunStatus {
  if (state === "queued" || state === "running") return "running";
  if (state === "interrupted") return "interrupted";
  return counts.total > 0 && counts.transferred === counts.total ? "all_transferred" : "with_failures";
}

export function isRunActive(state: TransferRunState): boolean {
  return state === "queued" || state === "running";
}

/** Orders whose outcome is final (known or unknown): transferred, not transferred, unknown. */
export function ordersDone(counts: TransferCounts): number {
  return counts.transferred + counts.notTransferred + counts.unknown;
}
