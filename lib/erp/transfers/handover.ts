import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { auditRow, type AuditOutcome } from "@/lib/audit/row";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { getRun } from "@/lib/erp/transfers/store";
import { holdsRun } from "@/lib/erp/transfers/settling";
import { type EnqueueRun, type RunJob } from "@/lib/erp/transfers/runs";

// A run given back by a stopping worker: unlike a takeover after a crash (recoverRun), nothing is on the wire, so no order becomes unknown.

/** Null when the run is no longer `job`'s (taken over meanwhile): nothing is written. */
export async function handOverRun(db: Kysely<Database>, job: RunJob, enqueue: EnqueueRun, now = new Date()): Promise<ErpTransferRun | null> {
  return db.transaction().execute(async (trx) => {
    const run = await holdsRun(trx, job.runId, job.jobId);
    if (!run) return null;
    const jobId = randomUUID();
    await trx.updateTable("erp_transfer_runs").set({ job_id: jobId }).where("id", "=", run.id).execute();
    const left = run.pending_count;
    await auditRunMove(
      trx,
      run,
      {
        outcome: "success",
        message: `Transfer run handed over at shutdown: the console stopping it had every batch it sent answered; ${left} orders not sent yet go on with another worker.`,
        details: { event: "handed_over", pending: left, fromJobId: job.jobId, jobId },
      },
      now,
    );
    await enqueue(trx, { runId: run.id, jobId });
    return (await getRun(trx, run.id))!;
  });
}

export async function auditRunMove(
  trx: Kysely<Database>,
  run: ErpTransferRun,
  event: { outcome: AuditOutcome; message: string; details: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await trx
    .insertInto("audit_events")
    .values(auditRow({ actor: { id: run.created_by_id, email: run.created_by_email }, action: "erp.transfer", target: { type: "erp_transfer_run", id: run.id }, ...event }, now))
    .execute();
}
