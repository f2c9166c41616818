import { type Kysely, type Transaction } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import { refusal } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";

// Stopping a run is a flag on its row, so any instance can set it; the worker holding the run reads it between batches.

type Conn = Kysely<Database> | Transaction<Database>;

export const STOPPED_REASON = "stopped";

export class StopRefusedError extends DomainError {
  constructor(reason: "not_running") {
    const made = refusal("conflict", { code: `validation.erp.stopRefused.${reason}` }, { reason });
    super(made.code, made.detail, made.extra);
  }
}

/** A second stop of the same run changes nothing (`requested: false`); a run that has ended is refused. */
export async function requestStop(db: Kysely<Database>, runId: string, by: string, now = new Date()): Promise<{ run: ErpTransferRun; requested: boolean }> {
  return db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom("erp_transfer_runs").selectAll().where("id", "=", runId).forUpdate().executeTakeFirst();
    if (!run) throw new DomainError("not_found", "There is no transfer run with this id.");
    if (run.state !== "queued" && run.state !== "running") throw new StopRefusedError("not_running");
    if (run.stop_requested_at) return { run, requested: false };
    const stopped = await trx
      .updateTable("erp_transfer_runs")
      .set({ stop_requested_at: now, stop_requested_by: by })
      .where("id", "=", runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { run: stopped, requested: true };
  });
}

/** The breaker's stop, in the transaction that opens it: every schedule or queue run with orders still to send, bar the probe; the count it stopped. */
export async function stopAutomaticRuns(trx: Transaction<Database>, by: string, probeRunId: string | null, now = new Date()): Promise<number> {
  let query = trx
    .updateTable("erp_transfer_runs")
    .set({ stop_requested_at: now, stop_requested_by: by })
    .where("state", "in", ["queued", "running"])
    .where("origin", "in", ["automatic", "queue"])
    .where("pending_count", ">", 0)
    .where("stop_requested_at", "is", null);
  if (probeRunId) query = query.where("id", "<>", probeRunId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

export async function stopRequested(conn: Conn, runId: string): Promise<boolean> {
  const row = await conn.selectFrom("erp_transfer_runs").select("stop_requested_at").where("id", "=", runId).executeTakeFirst();
  return Boolean(row?.stop_requested_at);
}

/** Fenced on the job like every write of the runner; the orders never sent stay pending, read as not sent, and carry the stop as their reason. */
export async function endStopped(conn: Conn, runId: string, jobId: string, now = new Date()): Promise<ErpTransferRun | undefined> {
  const end = async (trx: Conn) => {
    const run = await trx
      .updateTable("erp_transfer_runs")
      .set({ state: "completed", finished_at: now, job_id: null, sending_from: null, sending_to: null })
      .where("id", "=", runId)
      .where("job_id", "=", jobId)
      .where("state", "in", ["queued", "running"])
      .returningAll()
      .executeTakeFirst();
    if (run) {
      await trx
        .updateTable("erp_transfer_orders")
        .set({ reason_code: STOPPED_REASON })
        .where("run_id", "=", runId)
        .where("outcome", "=", "pending")
        .where("position", ">", run.transferred_through)
        .execute();
    }
    return run;
  };
  return conn.isTransaction ? end(conn) : (conn as Kysely<Database>).transaction().execute(end);
}
