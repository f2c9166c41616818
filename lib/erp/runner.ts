import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, ErpOrderOutcome, ErpTransferRun } from "@/lib/store/schema";
import { inTransaction, type JobEngine } from "@/lib/jobs/engine";
import type { TransferResult } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { redactSecrets } from "@/lib/rules/secrets";
import { auditRunMove, handOverRun } from "@/lib/erp/handover";
import { endStopped, stopRequested } from "@/lib/erp/stop";
import {
  endInterrupted,
  getRun,
  holdsRun,
  interruptRun,
  refreshCounts,
  sendingToUnknown,
  takeoverCount,
  readPending,
  settleBatch,
  takeBatch,
  type ClaimedBatch,
  type PendingOrder,
  type EnqueueRun,
  type RunJob,
} from "@/lib/erp/store";

// A batch the upstream may have acted on is `unknown` and never resent on its own (docs/upstream-api.md).

export const RUN_QUEUE = "erp-transfer-run";
export const RECOVER_QUEUE = "erp-transfer-recover";
/** After this many takeovers a run ends interrupted: something in it keeps killing its workers. */
export const MAX_TAKEOVERS = 3;
// A ceiling only: a stopped worker is found by its heartbeat long before; a run past it is taken over too.
const RUN_EXPIRE_SECONDS = 6 * 3600;
const READ_AHEAD = 2000;

export interface RunnerDeps {
  db: Kysely<Database>;
  upstream: { transferOrders(orderIds: readonly string[]): Promise<TransferResult> };
  onFinished?: (run: ErpTransferRun) => Promise<void> | void;
  onError?: (message: string, fields: Record<string, unknown>) => void;
  onWarn?: (message: string, fields: Record<string, unknown>) => void;
  onWorking?: (fields: { runId: string; jobId: string }) => void;
  readAhead?: number;
  inFlight?: number;
  /** Once `signal` fires no new batch goes out, the batches on the wire are settled, and the run goes to a new job. */
  draining?: { signal: AbortSignal; enqueue: EnqueueRun };
}

interface OnTheWire {
  batch: ClaimedBatch;
  answer: Promise<Map<string, BatchOutcome>>;
}

interface BatchOutcome {
  outcome: Exclude<ErpOrderOutcome, "pending" | "sending">;
  reason: string | null;
  reasonCode: string | null;
}

const PLATFORM_TEXT_MAX = 300;

function platformText(error: UpstreamError): string | null {
  const text = redactSecrets(error.upstreamMessage ?? "").trim();
  return text ? text.slice(0, PLATFORM_TEXT_MAX) : null;
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
      if (status === 429) return { outcome, reason: platformText(error), reasonCode: "rate_limited:429" };
      if (status >= 500 && !error.mayHaveActed) return { outcome, reason: platformText(error), reasonCode: `unavailable:${status}` };
      // Bodies of a 5xx that may have worked are never passed on (docs/architecture.md).
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

// A new run's order ids by its first job's id, so that job's worker here reads no 10,000 rows back; bounded, as another instance may work it.
const createdOrders = new Map<string, readonly string[]>();
const CREATED_ORDERS_KEPT = 50_000;
let createdOrdersHeld = 0;

export function rememberCreatedOrders(jobId: string, orderIds: readonly string[]): void {
  if (orderIds.length > CREATED_ORDERS_KEPT) return;
  createdOrders.set(jobId, orderIds);
  createdOrdersHeld += orderIds.length;
  for (const [oldest, ids] of createdOrders) {
    if (createdOrdersHeld <= CREATED_ORDERS_KEPT) break;
    createdOrders.delete(oldest);
    createdOrdersHeld -= ids.length;
  }
}

function takeCreatedOrders(jobId: string): readonly string[] | undefined {
  const ids = createdOrders.get(jobId);
  if (ids) {
    createdOrders.delete(jobId);
    createdOrdersHeld -= ids.length;
  }
  return ids;
}

class LostJob extends Error {}

export async function processRun(deps: RunnerDeps, job: RunJob, signal?: AbortSignal): Promise<ErpTransferRun | undefined> {
  const { db } = deps;
  const { runId, jobId } = job;

  const claimed = await db
    .updateTable("erp_transfer_runs")
    .set((eb) => ({ state: "running", started_at: eb.fn.coalesce("started_at", eb.val(new Date())) }))
    .where("id", "=", runId)
    .where("job_id", "=", jobId)
    .where("state", "in", ["queued", "running"])
    .returning(["batch_size", "transferred_through", "total_orders", "stop_requested_at"])
    .executeTakeFirst();
  if (!claimed) return undefined;
  deps.onWorking?.({ runId, jobId });
  const stopping = () => deps.draining?.signal.aborted === true;
  let handOver = false;
  let stopAsked = claimed.stop_requested_at !== null;

  try {
    // Read ahead a range of positions at a time while a batch is on the wire: store reads stay off the path between upstream calls.
    const ahead: PendingOrder[] = [];
    const total = claimed.total_orders;
    const batchSize = claimed.batch_size;
    const readAhead = Math.max(1, deps.readAhead ?? READ_AHEAD);
    const inFlight = Math.max(1, deps.inFlight ?? 1);
    let readThrough = claimed.transferred_through;
    const created = takeCreatedOrders(jobId);
    if (created && readThrough === 0 && created.length === total) {
      created.forEach((orderId, i) => ahead.push({ position: i + 1, order_id: orderId, batch: Math.ceil((i + 1) / batchSize) }));
      readThrough = total;
    }
    let reading: Promise<void> | null = null;
    const readMore = (): Promise<void> =>
      (reading ??= (async () => {
        try {
          const through = Math.min(total, readThrough + readAhead);
          ahead.push(...(await readPending(db, runId, readThrough, through)));
          readThrough = through;
        } finally {
          reading = null;
        }
      })());
    // A batch can straddle a range's end: read on until the buffer holds a whole batch (or nothing is left).
    const wholeBatchAhead = () => readThrough >= total || ahead.length > batchSize;
    const nextBatch = async (): Promise<ClaimedBatch | null> => {
      while (!wholeBatchAhead()) await readMore();
      return takeBatch(ahead, batchSize);
    };
    const readAheadInBackground = () => {
      if (readThrough < total && ahead.length <= (inFlight + 1) * batchSize) readMore().catch(() => undefined);
    };

    // Batches settle in the order sent, so what is on the wire is one range above the run's mark, which a takeover marks unknown.
    const send = (batch: ClaimedBatch): OnTheWire => {
      const ids = batch.rows.map((r) => r.order_id);
      let call: Promise<TransferResult>;
      try {
        call = deps.upstream.transferOrders(ids);
      } catch (error) {
        call = Promise.reject(error);
      }
      // Never rejects: an answer nobody waits for any more (the job was lost) must not surface as an unhandled rejection.
      const answer = call.then(
        (result) => batchOutcomes(ids, result),
        (error: unknown) => {
          const failure = batchFailure(error);
          if (!(error instanceof UpstreamError)) deps.onError?.("transfer batch failed in the console", { runId, batch: batch.number, error: String(error) });
          return new Map(ids.map((id) => [id, failure]));
        },
      );
      return { batch, answer };
    };

    const first: ClaimedBatch[] = [];
    if (!stopping() && !stopAsked) for (let next = await nextBatch(); next; next = first.length < inFlight ? await nextBatch() : null) first.push(next);
    // Stopping before anything went out (or a job fetched as the engine stopped): the run goes on elsewhere as it is.
    if (stopping() && !stopAsked) handOver = true;
    else if (!stopAsked && !(await settleBatch(db, { runId, jobId, done: [], inFlight: first, added: first.length })).held) throw new LostJob();
    // The engine aborts when it no longer holds our claim; the recovery job decides what happens next.
    if (signal?.aborted) throw new LostJob();
    const wire = handOver || stopAsked ? [] : first.map(send);
    if (wire.length) readAheadInBackground();
    while (wire.length) {
      const oldest = wire[0]!;
      const outcomes = await oldest.answer;
      const [stop, candidate] = signal?.aborted || stopping() || stopAsked ? [stopAsked, null] : await Promise.all([stopRequested(db, runId), nextBatch()]);
      stopAsked ||= stop;
      const next = stopAsked ? null : candidate;
      const stillOut = wire.slice(1).map((w) => w.batch);
      // Fenced: a worker whose job was taken over leaves its batches as the takeover marked them (unknown).
      const settled = await settleBatch(db, {
        runId,
        jobId,
        done: oldest.batch.rows.map((r) => ({ position: r.position, ...outcomes.get(r.order_id)! })),
        inFlight: next ? [...stillOut, next] : stillOut,
        added: next ? 1 : 0,
      });
      if (!settled.held) throw new LostJob();
      wire.shift();
      if (next) {
        if (signal?.aborted) throw new LostJob();
        wire.push(send(next));
        readAheadInBackground();
      }
    }
    if (signal?.aborted) throw new LostJob();
    if (stopAsked) {
      const stopped = await endStopped(db, runId, jobId);
      if (!stopped) throw new LostJob();
      await finishedHook(deps, stopped);
      return stopped;
    }
    if (stopping() && (ahead.length > 0 || readThrough < total)) handOver = true;
    if (!handOver) {
      // One fenced statement: the counts are the ones each batch kept up to date (a takeover recounts before it resumes).
      const finished = await db
        .updateTable("erp_transfer_runs")
        .set({ state: "completed", finished_at: new Date(), job_id: null })
        .where("id", "=", runId)
        .where("job_id", "=", jobId)
        .where("state", "in", ["queued", "running"])
        .returningAll()
        .executeTakeFirst();
      if (!finished) throw new LostJob();
      await finishedHook(deps, finished);
      return finished;
    }
  } catch (error) {
    if (error instanceof LostJob) return undefined;
    deps.onError?.("transfer run stopped by an error", { runId, error: String(error) });
    // Ended rather than retried: a batch that may have acted is never resent by itself.
    const ended = await interruptRun(db, runId, jobId);
    if (ended) await finishedHook(deps, ended);
    return ended ?? undefined;
  }
  // Nothing on the wire now. A failed hand-over fails the job, and recovery resumes the run with nothing to mark.
  const handed = await handOverRun(db, job, deps.draining!.enqueue);
  if (handed) deps.onWarn?.("transfer run handed over at shutdown", { runId, jobId: handed.job_id, pending: handed.pending_count });
  return handed ?? undefined;
}

async function finishedHook(deps: RunnerDeps, run: ErpTransferRun): Promise<void> {
  try {
    await deps.onFinished?.(run);
  } catch (error) {
    deps.onError?.("transfer run completion hook failed", { runId: run.id, error: String(error) });
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
  if (result.outcome === "resumed") deps.onWarn?.("transfer run taken over after its worker stopped", { runId: result.run.id, unknown: result.unknown });
  if (result.outcome === "interrupted") {
    deps.onError?.("transfer run interrupted: its workers kept stopping", { runId: result.run.id, takeovers: MAX_TAKEOVERS });
    await finishedHook(deps, result.run);
  }
  return result;
}

export interface TransferQueueOptions {
  heartbeatSeconds: number;
}

export async function createTransferQueues(boss: JobEngine, options: TransferQueueOptions): Promise<void> {
  const recover = { retryLimit: 5, retryDelay: 5, retryBackoff: true, notify: true };
  await boss.createQueue(RECOVER_QUEUE, recover);
  await boss.updateQueue(RECOVER_QUEUE, recover);
  // retryLimit 0: a batch that may have acted is never resent by itself; a dead job goes to recovery.
  const run = { retryLimit: 0, heartbeatSeconds: options.heartbeatSeconds, deadLetter: RECOVER_QUEUE, notify: true, expireInSeconds: RUN_EXPIRE_SECONDS };
  await boss.createQueue(RUN_QUEUE, run);
  await boss.updateQueue(RUN_QUEUE, run);
}

export function enqueueWith(boss: JobEngine): EnqueueRun {
  return async (trx, job, orderIds) => {
    // Before the send: once the transaction commits, this process's worker may take the job at once.
    if (orderIds) rememberCreatedOrders(job.jobId, orderIds);
    await boss.send(RUN_QUEUE, job, { id: job.jobId, db: inTransaction(trx) });
  };
}

export interface WorkOptions {
  concurrency?: number;
  recoverPollSeconds: number;
}

export async function workTransfers(boss: JobEngine, deps: RunnerDeps, options: WorkOptions): Promise<void> {
  const enqueue = enqueueWith(boss);
  await boss.work<RunJob>(RUN_QUEUE, { localConcurrency: options.concurrency ?? 4 }, async ([job]) => {
    await processRun(deps, { runId: job!.data.runId, jobId: job!.data.jobId }, job!.signal);
  });
  const poll = Math.max(0.5, options.recoverPollSeconds);
  await boss.work<RunJob>(RECOVER_QUEUE, { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll }, async ([job]) => {
    await recoverRun({ ...deps, enqueue }, { runId: job!.data.runId, jobId: job!.data.jobId });
  });
}
