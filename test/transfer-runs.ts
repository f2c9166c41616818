import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, ErpTransferRunOrigin, ErpTransferRunState } from "@/lib/store/schema";

// A run row as the runner leaves it, counts and all, for the run list's tests; the creator's name tells runs apart.

export type RunCounts = Partial<Record<"transferred" | "already" | "rejected" | "failed" | "unknown" | "pending" | "sending", number>>;

export async function insertRun(conn: Kysely<Database>, name: string, state: ErpTransferRunState, origin: ErpTransferRunOrigin, createdAt: string, c: RunCounts, email = "operator@demo.local"): Promise<string> {
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  const id = randomUUID();
  await conn
    .insertInto("erp_transfer_runs")
    .values({
      id,
      created_at: new Date(createdAt),
      created_by_id: null,
      created_by_email: email,
      created_by_name: name,
      idempotency_key: id,
      request_hash: "h",
      parent_run_id: null,
      origin,
      state,
      batch_size: 100,
      total_orders: total,
      total_batches: 1,
      batches_done: 1,
      transferred_count: c.transferred ?? 0,
      not_transferred_count: (c.already ?? 0) + (c.rejected ?? 0) + (c.failed ?? 0),
      unknown_count: c.unknown ?? 0,
      pending_count: c.pending ?? 0,
      sending_count: c.sending ?? 0,
      already_count: c.already ?? 0,
      rejected_count: c.rejected ?? 0,
      failed_count: c.failed ?? 0,
      sending_from: null,
      sending_to: null,
      started_at: new Date(createdAt),
      finished_at: state === "completed" || state === "interrupted" ? new Date(createdAt) : null,
      job_id: null,
    })
    .execute();
  return id;
}
