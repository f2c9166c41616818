import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { recordAudit } from "@/lib/audit";
import { db } from "@/lib/db";
import type { ErpTransferRun } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { upstream } from "@/lib/upstream";
import { recoverStoppedRuns, toRunSummary, type RunnerInstance } from "./run-store";
import { processRun } from "./runner";

// Wires the run store and the runner to the app: the process-wide runner identity, the set of
// runs this process is working on, and the audit events of a run's end. Runs are processed in
// this Node server process; leaving the page does not stop them.

interface RunnerState {
  instance: RunnerInstance;
  active: Set<string>;
}

// On globalThis: Next may load this module once per bundle layer, and there must be one runner.
const g = globalThis as unknown as { erpRunner?: RunnerState };

function state(): RunnerState {
  g.erpRunner ??= {
    // A stable name (host and port: two live processes cannot share both) and this boot's id: a
    // run owned by the same name with another boot belongs to a process that has stopped.
    instance: { name: `${hostname()}:${process.env.PORT ?? "3000"}`, boot: randomUUID() },
    active: new Set(),
  };
  return g.erpRunner;
}

export function runnerInstance(): RunnerInstance {
  return state().instance;
}

export function transferAuditMessage(run: ErpTransferRun): string {
  const s = toRunSummary(run);
  const c = s.counts;
  const counts = `${c.transferred} transferred, ${c.notTransferred} not transferred, ${c.unknown} unknown, ${c.pending} not sent, of ${c.total}`;
  if (s.status === "all_transferred") return `Transfer run completed: all ${c.total} orders transferred.`;
  if (s.status === "interrupted") return `Transfer run interrupted: ${counts}.`;
  return `Transfer run completed with failures: ${counts}.`;
}

/** The audit event of a run's end, recorded with the person who started it as the actor. */
export async function auditRunEnd(run: ErpTransferRun): Promise<void> {
  const s = toRunSummary(run);
  await recordAudit({
    actor: { id: run.created_by_id, email: run.created_by_email },
    action: "erp.transfer",
    target: { type: "erp_transfer_run", id: run.id },
    outcome: s.status === "all_transferred" ? "success" : "failure",
    message: transferAuditMessage(run),
    details: { event: s.status === "interrupted" ? "interrupted" : "completed", status: s.status, counts: s.counts, parentRunId: run.parent_run_id, batches: s.totalBatches, batchesDone: s.batchesDone },
  });
}

/** Marks runs whose owner stopped as interrupted (once) and audits each. Called on every access. */
export async function recoverRuns(): Promise<void> {
  const s = state();
  const interrupted = await recoverStoppedRuns(await db(), s.instance, { workingOn: (runId) => s.active.has(runId) });
  for (const run of interrupted) {
    log.warn("transfer run interrupted: its owner stopped", { runId: run.id });
    await auditRunEnd(run).catch(() => undefined);
  }
}

/** Starts processing a run this process owns, unless it already does. Never throws. */
export function startProcessing(runId: string): void {
  const s = state();
  if (s.active.has(runId)) return;
  s.active.add(runId);
  void (async () => {
    try {
      await processRun(
        {
          db: await db(),
          upstream: upstream(),
          instance: s.instance,
          onFinished: auditRunEnd,
          onError: (message, fields) => log.error(message, fields),
        },
        runId,
      );
    } catch (error) {
      log.error("transfer run failed to start", { runId, error: String(error) });
    } finally {
      s.active.delete(runId);
    }
  })();
}
