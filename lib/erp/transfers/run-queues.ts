// The transfer runs' job queues: a run's job, and the dead-letter queue that recovers a run whose worker died.
import { inTransaction, type JobEngine } from "@/lib/jobs/engine";
import type { EnqueueRun, RunJob } from "@/lib/erp/transfers/runs";
import { rememberCreatedOrders } from "@/lib/erp/transfers/read-ahead";
import { processRun, recoverRun, type RunnerDeps } from "@/lib/erp/transfers/runner";

export const RUN_QUEUE = "erp-transfer-run";
export const RECOVER_QUEUE = "erp-transfer-recover";
const RUN_EXPIRE_SECONDS = 6 * 3600;

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
    await processRun(deps, { runId: job!.data.runId, jobId: job!.data.jobId, links: job!.data.links }, job!.signal);
  });
  const poll = Math.max(0.5, options.recoverPollSeconds);
  await boss.work<RunJob>(RECOVER_QUEUE, { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll }, async ([job]) => {
    await recoverRun({ ...deps, enqueue }, { runId: job!.data.runId, jobId: job!.data.jobId });
  });
}
