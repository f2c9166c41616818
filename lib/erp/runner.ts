import type { Kysely } from "kysely";
import type { Database, ErpOrderOutcome, ErpTransferRun } from "@/lib/db/schema";
import type { TransferResult } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { getRun, ownerId, refreshCounts, type RunnerInstance } from "@/lib/erp/store";

// Sends a run batch by batch; a batch the upstream may have acted on is `unknown` and never resent on its own (upstream-api.md).

export interface RunnerDeps {
  db: Kysely<Database>;
  upstream: { transferOrders(orderIds: readonly string[]): Promise<TransferResult> };
  instance: RunnerInstance;
  heartbeatMs?: number;
  onFinished?: (run: ErpTransferRun) => Promise<void> | void;
  onError?: (message: string, fields: Record<string, unknown>) => void;
}

export const HEARTBEAT_MS = 10_000;

interface BatchOutcome {
  outcome: Exclude<ErpOrderOutcome, "pending" | "sending">;
  reason: string | null;
  reasonCode: string | null;
}

export function batchFailure(error: unknown): BatchOutcome {
  if (!(error instanceof UpstreamError)) return { outcome: "unknown", reason: null, reasonCode: "console_error" };
  const outcome = error.mayHaveActed ? "unknown" : "not_transferred";
  switch (error.kind) {
    case "timeout":
      return { outcome, reason: null, reasonCode: "timeout" };
    case "network":
      return { outcome, reason: null, reasonCode: error.mayHaveActed ? "connection_lost" : "unreachable" };
    case "invalid-response":
      return { outcome, reason: null, reasonCode: "invalid_response" };
    case "http": {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) return { outcome, reason: null, reasonCode: `auth:${status}` };
      if (status === 429) return { outcome, reason: null, reasonCode: "rate_limited:429" };
      // 5xx bodies are never passed on (architecture.md).
      if (status >= 500 || status < 400) return { outcome, reason: null, reasonCode: `server_error:${status}` };
      return { outcome, reason: error.upstreamMessage ?? null, reasonCode: `rejected:${status}` };
    }
  }
}

export function batchOutcomes(ids: readonly string[], result: TransferResult): Map<string, BatchOutcome> {
  const transferred = new Set(result.transferred);
  const failed = new Map(result.notTransferred.map((n) => [n.id, n.error]));
  const out = new Map<string, BatchOutcome>();
  for (const id of ids) {
    const ok = transferred.has(id);
    const error = failed.get(id);
    if (ok && error !== undefined) out.set(id, { outcome: "unknown", reason: null, reasonCode: "contradictory_answer" });
    else if (ok) out.set(id, { outcome: "transferred", reason: null, reasonCode: null });
    else if (error !== undefined) out.set(id, { outcome: "not_transferred", reason: error || null, reasonCode: error ? null : "no_reason" });
    else out.set(id, { outcome: "unknown", reason: null, reasonCode: "not_in_answer" });
  }
  return out;
}

class LostOwnership extends Error {}

export async function processRun(deps: RunnerDeps, runId: string): Promise<ErpTransferRun | undefined> {
  const { db } = deps;
  const me = ownerId(deps.instance);
  const nowIso = () => new Date().toISOString();

  const claimed = await db
    .updateTable("erp_transfer_runs")
    .set((eb) => ({ state: "running", started_at: eb.fn.coalesce("started_at", eb.val(nowIso())), heartbeat_at: nowIso() }))
    .where("id", "=", runId)
    .where("owner_instance", "=", me)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return undefined;

  const beat = setInterval(() => {
    db.updateTable("erp_transfer_runs")
      .set({ heartbeat_at: nowIso() })
      .where("id", "=", runId)
      .where("owner_instance", "=", me)
      .where("state", "=", "running")
      .execute()
      .catch((error: unknown) => deps.onError?.("transfer run heartbeat failed", { runId, error: String(error) }));
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  beat.unref?.();

  try {
    for (;;) {
      const batch = await db.transaction().execute(async (trx) => {
        const owned = await trx
          .updateTable("erp_transfer_runs")
          .set({ heartbeat_at: nowIso() })
          .where("id", "=", runId)
          .where("owner_instance", "=", me)
          .where("state", "=", "running")
          .executeTakeFirst();
        if (Number(owned.numUpdatedRows) === 0) throw new LostOwnership();
        const next = await trx
          .selectFrom("erp_transfer_orders")
          .select("batch")
          .where("run_id", "=", runId)
          .where("outcome", "=", "pending")
          .orderBy("position")
          .limit(1)
          .executeTakeFirst();
        if (!next) return null;
        const moved = await trx
          .updateTable("erp_transfer_orders")
          .set({ outcome: "sending", updated_at: nowIso() })
          .where("run_id", "=", runId)
          .where("batch", "=", next.batch)
          .where("outcome", "=", "pending")
          .executeTakeFirst();
        const rows = await trx
          .selectFrom("erp_transfer_orders")
          .select("order_id")
          .where("run_id", "=", runId)
          .where("batch", "=", next.batch)
          .where("outcome", "=", "sending")
          .orderBy("position")
          .execute();
        // Counted per batch: a full recount costs more than the batch; the end recounts exactly.
        const n = Number(moved.numUpdatedRows);
        await trx
          .updateTable("erp_transfer_runs")
          .set((eb) => ({ pending_count: eb("pending_count", "-", n), sending_count: eb("sending_count", "+", n) }))
          .where("id", "=", runId)
          .execute();
        return { number: next.batch, ids: rows.map((r) => r.order_id) };
      });
      if (!batch) break;

      let outcomes: Map<string, BatchOutcome>;
      try {
        outcomes = batchOutcomes(batch.ids, await deps.upstream.transferOrders(batch.ids));
      } catch (error) {
        const failure = batchFailure(error);
        if (!(error instanceof UpstreamError)) deps.onError?.("transfer batch failed in the console", { runId, batch: batch.number, error: String(error) });
        outcomes = new Map(batch.ids.map((id) => [id, failure]));
      }

      await db.transaction().execute(async (trx) => {
        const run = await getRun(trx, runId);
        if (!run || run.owner_instance !== me || run.state !== "running") throw new LostOwnership();
        const at = nowIso();
        const transferred = batch.ids.filter((id) => outcomes.get(id)?.outcome === "transferred");
        for (let i = 0; i < transferred.length; i += 500) {
          await trx
            .updateTable("erp_transfer_orders")
            .set({ outcome: "transferred", reason: null, reason_code: null, updated_at: at })
            .where("run_id", "=", runId)
            .where("batch", "=", batch.number)
            .where("order_id", "in", transferred.slice(i, i + 500))
            .execute();
        }
        for (const id of batch.ids) {
          const o = outcomes.get(id)!;
          if (o.outcome === "transferred") continue;
          await trx
            .updateTable("erp_transfer_orders")
            .set({ outcome: o.outcome, reason: o.reason, reason_code: o.reasonCode, updated_at: at })
            .where("run_id", "=", runId)
            .where("batch", "=", batch.number)
            .where("order_id", "=", id)
            .execute();
        }
        const count = (o: string) => batch.ids.filter((id) => outcomes.get(id)?.outcome === o).length;
        await trx
          .updateTable("erp_transfer_runs")
          .set((eb) => ({
            batches_done: eb("batches_done", "+", 1),
            heartbeat_at: at,
            sending_count: eb("sending_count", "-", batch.ids.length),
            transferred_count: eb("transferred_count", "+", transferred.length),
            not_transferred_count: eb("not_transferred_count", "+", count("not_transferred")),
            unknown_count: eb("unknown_count", "+", count("unknown")),
          }))
          .where("id", "=", runId)
          .execute();
      });
    }

    const finished = await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("erp_transfer_runs")
        .set({ state: "completed", finished_at: nowIso(), heartbeat_at: nowIso() })
        .where("id", "=", runId)
        .where("owner_instance", "=", me)
        .where("state", "=", "running")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw new LostOwnership();
      await refreshCounts(trx, runId);
      return getRun(trx, runId);
    });
    if (finished) {
      try {
        await deps.onFinished?.(finished);
      } catch (error) {
        deps.onError?.("transfer run completion hook failed", { runId, error: String(error) });
      }
    }
    return finished;
  } catch (error) {
    if (error instanceof LostOwnership) return undefined;
    deps.onError?.("transfer run stopped", { runId, error: String(error) });
    return undefined;
  } finally {
    clearInterval(beat);
  }
}
