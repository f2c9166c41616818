import { randomUUID } from "node:crypto";
import { context, trace } from "@opentelemetry/api";
import type { Kysely } from "kysely";
import type { Database, ErpTransferRun } from "@/lib/store/schema";
import type { TransferResult } from "@/lib/upstream/client";
import { auditRunMove, handOverRun } from "@/lib/erp/transfers/handover";
import { endStopped, stopRequested } from "@/lib/erp/transfers/stop";
import { getRun } from "@/lib/erp/transfers/store";
import type { EnqueueRun, RunJob } from "@/lib/erp/transfers/runs";
import { endInterrupted, holdsRun, interruptRun, refreshCounts, sendingToUnknown, settleBatch, takeoverCount, type ClaimedBatch } from "@/lib/erp/transfers/settling";
import { sendBatch, type BatchOutcome, type OnTheWire } from "@/lib/erp/transfers/batch-outcomes";
import { Pacer } from "@/lib/erp/transfers/pace";
import { ReadAhead } from "@/lib/erp/transfers/read-ahead";
import { failSpan, inSpan, linksTo, tracer } from "@/lib/trace";

/** After this many takeovers a run ends interrupted: something in it keeps killing its workers. */
export const MAX_TAKEOVERS = 3;
// A ceiling only: a stopped worker is found by its heartbeat long before; a run past it is taken over too.
const READ_AHEAD = 2000;

export interface RunnerDeps {
  db: Kysely<Database>;
  upstream: { transferOrders(orderIds: readonly string[]): Promise<TransferResult> };
  onFinished?: (run: ErpTransferRun) => Promise<void> | void;
  onError?: (message: string, fields: Record<string, unknown>) => void;
  onWarn?: (message: string, fields: Record<string, unknown>) => void;
  onWorking?: (fields: { runId: string; jobId: string }) => void;
  /** Each batch once its outcomes are recorded (the breaker counts them); an error here is logged, never fails the run. */
  onBatch?: (batch: FinishedBatch) => Promise<void> | void;
  readAhead?: number;
  inFlight?: number;
  /** Once `signal` fires no new batch goes out, the batches on the wire are settled, and the run goes to a new job. */
  draining?: { signal: AbortSignal; enqueue: EnqueueRun };
}

export interface FinishedBatch {
  runId: string;
  runCreatedAt: Date;
  batch: number;
  outcomes: BatchOutcome[];
}

class LostJob extends Error {}

interface Working {
  deps: RunnerDeps;
  job: RunJob;
  signal?: AbortSignal;
  orders: ReadAhead;
  inFlight: number;
  stopping: () => boolean;
  stopAsked: boolean;
  pace: Pacer | null;
  createdAt: Date;
  /** The settled batches' reports, one after another, off the path to the next send. */
  reporting: Promise<void>;
}

export function processRun(deps: RunnerDeps, job: RunJob, signal?: AbortSignal): Promise<ErpTransferRun | undefined> {
  return inSpan("transfer run", { attributes: { "labs.run.id": job.runId, "labs.job.id": job.jobId }, links: linksTo(job.links ?? []) }, async (span) => {
    const run = await workRun(deps, job, signal);
    span.setAttribute("labs.run.state", run?.state ?? "not_held");
    if (run) span.setAttributes({ "labs.run.origin": run.origin, "labs.run.orders": run.total_orders, "labs.run.batches": run.batches_done, "labs.run.transferred": run.transferred_count, "labs.run.unknown": run.unknown_count });
    return run;
  });
}

async function workRun(deps: RunnerDeps, job: RunJob, signal?: AbortSignal): Promise<ErpTransferRun | undefined> {
  const { db } = deps;
  const { runId, jobId } = job;

  const claimed = await claimRun(db, job);
  if (!claimed) return undefined;
  deps.onWorking?.({ runId, jobId });
  const stopping = () => deps.draining?.signal.aborted === true;
  let handOver = false;

  try {
    const pace = claimed.pace_per_minute ? new Pacer(claimed.pace_per_minute) : null;
    const inFlight = pace ? 1 : Math.max(1, deps.inFlight ?? 1);
    const orders = new ReadAhead(db, job, claimed, Math.max(1, deps.readAhead ?? READ_AHEAD), inFlight);
    const w: Working = { deps, job, signal, orders, inFlight, stopping, stopAsked: claimed.stop_requested_at !== null, pace, createdAt: claimed.created_at, reporting: Promise.resolve() };
    const first = await sendFirst(w);
    handOver = first.handOver;
    await settleInOrder(w, first.wire);
    if (signal?.aborted) throw new LostJob();
    if (w.stopAsked) {
      const stopped = await endStopped(db, runId, jobId);
      if (!stopped) throw new LostJob();
      await finishedHook(deps, stopped);
      return stopped;
    }
    if (stopping() && orders.leftOver) handOver = true;
    if (!handOver) {
      const finished = await completeRun(db, job);
      if (!finished) throw new LostJob();
      await finishedHook(deps, finished);
      return finished;
    }
  } catch (error) {
    if (error instanceof LostJob) return undefined;
    deps.onError?.("transfer run stopped by an error", { event: "transfer.run_failed", runId, error: String(error) });
    // Ended rather than retried: a batch that may have acted is never resent by itself.
    const ended = await interruptRun(db, runId, jobId);
    if (ended) await finishedHook(deps, ended);
    return ended ?? undefined;
  }
  // Nothing on the wire now. A failed hand-over fails the job, and recovery resumes the run with nothing to mark.
  const handed = await handOverRun(db, job, deps.draining!.enqueue);
  if (handed) deps.onWarn?.("transfer run handed over at shutdown", { event: "transfer.run_handed_over", runId, jobId: handed.job_id, pending: handed.pending_count });
  return handed ?? undefined;
}

function claimRun(db: Kysely<Database>, { runId, jobId }: RunJob) {
  return db
    .updateTable("erp_transfer_runs")
    .set((eb) => ({ state: "running", started_at: eb.fn.coalesce("started_at", eb.val(new Date())) }))
    .where("id", "=", runId)
    .where("job_id", "=", jobId)
    .where("state", "in", ["queued", "running"])
    .returning(["batch_size", "transferred_through", "total_orders", "stop_requested_at", "pace_per_minute", "created_at"])
    .executeTakeFirst();
}

function send(w: Working, batch: ClaimedBatch): OnTheWire {
  const span = tracer().startSpan("transfer batch", { attributes: { "labs.run.id": w.job.runId, "labs.batch.number": batch.number, "labs.batch.orders": batch.rows.length } });
  const wire = context.with(trace.setSpan(context.active(), span), () =>
    sendBatch(w.deps.upstream, batch, (error) => {
      failSpan(span, error);
      w.deps.onError?.("transfer batch failed in the console", { event: "transfer.batch_failed", runId: w.job.runId, batch: batch.number, error: String(error) });
    }),
  );
  void wire.answer.then((outcomes) => {
    const count = (o: string) => [...outcomes.values()].filter((x) => x.outcome === o).length;
    span.setAttributes({ "labs.batch.transferred": count("transferred"), "labs.batch.not_transferred": count("not_transferred"), "labs.batch.unknown": count("unknown") });
    span.end();
  });
  return wire;
}

async function sendFirst(w: Working): Promise<{ wire: OnTheWire[]; handOver: boolean }> {
  const { deps, job, signal, orders, inFlight, stopping, stopAsked } = w;
  let handOver = false;
  const first: ClaimedBatch[] = [];
  if (!stopping() && !stopAsked) for (let next = await orders.nextBatch(); next; next = first.length < inFlight ? await orders.nextBatch() : null) first.push(next);
  // Stopping before anything went out (or a job fetched as the engine stopped): the run goes on elsewhere as it is.
  if (stopping() && !stopAsked) handOver = true;
  else if (!stopAsked && !(await settleBatch(deps.db, { runId: job.runId, jobId: job.jobId, done: [], inFlight: first, added: first.length })).held) throw new LostJob();
  // The engine aborts when it no longer holds our claim; the recovery job decides what happens next.
  if (signal?.aborted) throw new LostJob();
  if (first.length && w.pace) await w.pace.next();
  const wire = handOver || stopAsked ? [] : first.map((batch) => send(w, batch));
  if (wire.length) orders.inBackground();
  return { wire, handOver };
}

async function settleInOrder(w: Working, wire: OnTheWire[]): Promise<void> {
  const { deps, job, signal, orders, stopping } = w;
  try {
    while (wire.length) {
      const oldest = wire[0]!;
      const outcomes = await oldest.answer;
      // The earlier batches' reports (the breaker's verdicts, which may stop the run) are in before the next claim reads the stop.
      await w.reporting;
      if (w.pace) {
        await settlePaced(w, wire, outcomes);
        continue;
      }
      const next = signal?.aborted || stopping() || w.stopAsked ? null : await orders.nextBatch();
      const stillOut = wire.slice(1).map((x) => x.batch);
      // Fenced: a worker whose job was taken over leaves its batches as the takeover marked them (unknown). A stop is read with the claim.
      const settled = await settleBatch(deps.db, {
        runId: job.runId,
        jobId: job.jobId,
        done: oldest.batch.rows.map((r) => ({ position: r.position, ...outcomes.get(r.order_id)! })),
        inFlight: next ? [...stillOut, next] : stillOut,
        added: next ? 1 : 0,
        unlessStopped: true,
      });
      if (!settled.held) throw new LostJob();
      w.stopAsked ||= settled.stopped;
      wire.shift();
      w.reporting = w.reporting.then(() => report(w, oldest, outcomes));
      if (next && !settled.stopped) {
        if (signal?.aborted) throw new LostJob();
        wire.push(send(w, next));
        orders.inBackground();
      }
    }
  } finally {
    await w.reporting;
  }
}

// The answered batch is recorded first, so nothing waits marked sending; the next one is claimed when its slot comes.
async function settlePaced(w: Working, wire: OnTheWire[], outcomes: Map<string, BatchOutcome>): Promise<void> {
  const { deps, job, signal, orders, stopping } = w;
  const oldest = wire[0]!;
  const done = oldest.batch.rows.map((r) => ({ position: r.position, ...outcomes.get(r.order_id)! }));
  if (!(await settleBatch(deps.db, { runId: job.runId, jobId: job.jobId, done, inFlight: [], added: 0 })).held) throw new LostJob();
  wire.shift();
  await report(w, oldest, outcomes);
  const halted = async () => signal?.aborted === true || stopping() || w.stopAsked || (w.stopAsked = await stopRequested(deps.db, job.runId));
  if (!(await w.pace!.next(halted)) || (await halted())) return;
  const next = await orders.nextBatch();
  if (!next) return;
  if (!(await settleBatch(deps.db, { runId: job.runId, jobId: job.jobId, done: [], inFlight: [next], added: 1 })).held) throw new LostJob();
  if (signal?.aborted) throw new LostJob();
  wire.push(send(w, next));
  orders.inBackground();
}

async function report(w: Working, settled: OnTheWire, outcomes: Map<string, BatchOutcome>): Promise<void> {
  if (!w.deps.onBatch) return;
  try {
    await w.deps.onBatch({ runId: w.job.runId, runCreatedAt: w.createdAt, batch: settled.batch.number, outcomes: settled.batch.rows.map((r) => outcomes.get(r.order_id)!) });
  } catch (error) {
    w.deps.onError?.("transfer batch verdict not recorded", { runId: w.job.runId, error: String(error) });
  }
}

// One fenced statement: the counts are the ones each batch kept up to date (a takeover recounts before it resumes).
function completeRun(db: Kysely<Database>, { runId, jobId }: RunJob) {
  return db
    .updateTable("erp_transfer_runs")
    .set({ state: "completed", finished_at: new Date(), job_id: null })
    .where("id", "=", runId)
    .where("job_id", "=", jobId)
    .where("state", "in", ["queued", "running"])
    .returningAll()
    .executeTakeFirst();
}

async function finishedHook(deps: RunnerDeps, run: ErpTransferRun): Promise<void> {
  try {
    await deps.onFinished?.(run);
  } catch (error) {
    deps.onError?.("transfer run completion hook failed", { event: "transfer.finish_hook_failed", runId: run.id, error: String(error) });
  }
}

export type RecoveryResult = { outcome: "resumed"; run: ErpTransferRun; jobId: string; unknown: number } | { outcome: "interrupted"; run: ErpTransferRun } | { outcome: "none" };

/** A dead run job: if the run is still its, in-flight orders become unknown and a new job finishes the rest, on any instance. */
export async function recoverRun(deps: RunnerDeps & { enqueue: EnqueueRun }, dead: RunJob): Promise<RecoveryResult> {
  const result = await deps.db.transaction().execute(async (trx): Promise<RecoveryResult> => {
    const run = await holdsRun(trx, dead.runId, dead.jobId);
    if (!run) return { outcome: "none" };
    if ((await takeoverCount(trx, run.id)) >= MAX_TAKEOVERS) return { outcome: "interrupted", run: await endInterrupted(trx, run.id) };
    const now = new Date();
    const unknown = await sendingToUnknown(trx, run.id, now);
    const jobId = randomUUID();
    await trx.updateTable("erp_transfer_runs").set({ job_id: jobId }).where("id", "=", run.id).execute();
    await refreshCounts(trx, run.id);
    // In the same transaction: the takeover count the loop guard reads can never miss one.
    await auditRunMove(
      trx,
      run,
      {
        outcome: "failure",
        message: `Transfer run resumed after its worker stopped: ${unknown} orders in flight marked unknown.`,
        details: { event: "resumed", unknown, deadJobId: dead.jobId, jobId },
      },
      now,
    );
    await deps.enqueue(trx, { runId: run.id, jobId });
    return { outcome: "resumed", run: (await getRun(trx, run.id))!, jobId, unknown };
  });
  if (result.outcome === "resumed") deps.onWarn?.("transfer run taken over after its worker stopped", { event: "transfer.run_taken_over", runId: result.run.id, unknown: result.unknown });
  if (result.outcome === "interrupted") {
    deps.onError?.("transfer run interrupted: its workers kept stopping", { event: "transfer.run_interrupted", runId: result.run.id, takeovers: MAX_TAKEOVERS });
    await finishedHook(deps, result.run);
  }
  return result;
}
