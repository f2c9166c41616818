import "server-only";
import { recordAudit, type ServiceContext } from "@/lib/audit";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import type { ErpTransferRun } from "@/lib/store/schema";
import { log } from "@/lib/log";
import { countTransferRun } from "@/lib/metrics";
import { DomainError } from "@/lib/rules/problems";
import { raiseAlert } from "@/lib/alerts/events";
import { upstream } from "@/lib/upstream";
import { jobs, stopJobs } from "@/lib/jobs";
import { forget, once } from "@/lib/jobs/once";
import { drainingSignal } from "@/lib/jobs/shutdown";
import type { JobEngine } from "@/lib/jobs/engine";
import { createTransferQueues, enqueueWith, workTransfers } from "@/lib/erp/transfers/run-queues";
import { raisesAttention } from "@/lib/erp/outcomes/meanings";
import { runListFilter } from "@/lib/erp/inbox/store";
import type {
  OrderOutcome,
  RetryKind,
  RunOrderListState,
  TransferRunList,
  TransferRunListState,
  TransferRunPage,
  TransferOrderRow,
  TransferRunSummary,
} from "@/lib/erp/transfers/schemas";
import { createTransferRun, type CreateRunRequest, type OrderChannels, type RunActor, type TakeOrders } from "@/lib/erp/transfers/runs";
export type { OrderChannelData, TakenOrder } from "@/lib/erp/transfers/runs";
import { getRun, getRunDetail, listRunChannels, listRunStarters, listRuns, toRunSummary } from "@/lib/erp/transfers/store";
import { iterateRunOrders, listRunOrders } from "@/lib/erp/transfers/orders";
import { requestStop } from "@/lib/erp/transfers/stop";
import { BREAKER_STOPPER } from "@/lib/hold/constants";
import { recordTransferBatch } from "@/lib/hold/service";

export interface ErpContext extends ServiceContext {
  actor: RunActor;
}

const TRANSFER_JOBS = "erp transfer jobs";

export function startTransferJobs(): Promise<JobEngine> {
  return once(TRANSFER_JOBS, async () => {
    const boss = await jobs();
    const config = getConfig().jobs;
    await createTransferQueues(boss, { heartbeatSeconds: config.heartbeatSeconds });
    await workTransfers(
      boss,
      {
        db: await db(),
        // Looked up per batch, so the client follows the current configuration.
        upstream: { transferOrders: (ids) => upstream().transferOrders(ids) },
        onFinished: auditRunEnd,
        onError: (message, fields) => log.error(message, fields),
        onWarn: (message, fields) => log.warn(message, fields),
        onWorking: (fields) => log.info("transfer run working", { event: "transfer.run_working", ...fields, pid: process.pid }),
        onBatch: (batch) => recordTransferBatch(batch),
        inFlight: getConfig().erp.inFlight,
        // At shutdown: the batches on the wire are answered and recorded, and the run goes on at once elsewhere.
        draining: { signal: drainingSignal(), enqueue: enqueueWith(boss) },
      },
      { recoverPollSeconds: config.superviseSeconds },
    );
    return boss;
  });
}

export async function stopTransferJobs(): Promise<void> {
  await forget(TRANSFER_JOBS)?.catch(() => undefined);
  await stopJobs();
}

export function transferAuditMessage(run: ErpTransferRun): string {
  const s = toRunSummary(run);
  const m = s.meanings;
  const counts = `${m.transferred} transferred, ${m.alreadyInErp} already in the ERP, ${m.rejected} rejected, ${m.failed} failed, ${m.unknown} unknown, ${m.notSent + m.sending} not sent, of ${s.counts.total}`;
  if (s.result === "interrupted") return `Transfer run interrupted: ${counts}.`;
  if (s.stop && s.meanings.notSent > 0) return `Transfer run stopped by ${s.stop.by === BREAKER_STOPPER ? "the automatic breaker" : s.stop.by}: ${counts}.`;
  if (s.result === "complete") return `Transfer run completed: all ${s.counts.total} orders done (${counts}).`;
  if (s.result === "complete_with_rejections") return `Transfer run completed with rejections: ${counts}.`;
  return `Transfer run needs attention: ${counts}.`;
}

export async function auditRunEnd(run: ErpTransferRun): Promise<void> {
  const s = toRunSummary(run);
  const { meanings: c } = s;
  countTransferRun({ result: s.result, origin: run.origin, meanings: { transferred: c.transferred, already_in_erp: c.alreadyInErp, rejected: c.rejected, failed: c.failed, unknown: c.unknown, not_sent: c.notSent + c.sending } });
  await recordAudit({
    actor: { id: run.created_by_id, email: run.created_by_email },
    action: "erp.transfer",
    target: { type: "erp_transfer_run", id: run.id },
    outcome: s.result === "complete" || s.result === "complete_with_rejections" ? "success" : "failure",
    message: transferAuditMessage(run),
    details: {
      event: s.status === "interrupted" ? "interrupted" : s.stop && s.meanings.notSent > 0 ? (s.stop.by === BREAKER_STOPPER ? "stopped_by_breaker" : "stopped") : "completed",
      status: s.status,
      result: s.result,
      counts: s.counts,
      meanings: s.meanings,
      parentRunId: run.parent_run_id,
      batches: s.totalBatches,
      batchesDone: s.batchesDone,
    },
  });
  // Failed, unknown or interrupted: someone has to look. Never throws, never waits on a receiver.
  // A stop is someone's own choice: its unsent orders alone raise no alert.
  const stoppedOnly = s.stop !== null && s.meanings.failed + s.meanings.unknown === 0 && s.result !== "interrupted";
  if (s.status !== "running" && s.status !== "all_transferred" && raisesAttention(s.result) && !stoppedOnly) {
    const m = s.meanings;
    await raiseAlert({
      type: "transfer.attention",
      runId: run.id,
      status: s.status,
      counts: { total: s.counts.total, transferred: m.transferred, alreadyInErp: m.alreadyInErp, rejected: m.rejected, failed: m.failed, unknown: m.unknown, notSent: m.notSent + m.sending },
      startedBy: { email: run.created_by_email, name: run.created_by_name },
      at: (run.finished_at ?? new Date()).toISOString(),
    });
  }
}

const NO_RUN = "There is no transfer run with this id.";

export async function listTransferRuns(q: TransferRunListState): Promise<TransferRunList> {
  const conn = await db();
  const filter = { status: q.status, by: q.by, page: q.page, limit: q.limit, ...runListFilter(conn, q, getConfig().accountTimeZone) };
  const [{ items, total }, starters, channels] = await Promise.all([listRuns(conn, filter), listRunStarters(conn), listRunChannels(conn)]);
  return { items, total, page: q.page, limit: q.limit, people: starters.filter((s) => s.kind === "person").map((s) => s.by), starters, channels };
}

export async function getRunPage(runId: string, q: RunOrderListState): Promise<TransferRunPage> {
  const conn = await db();
  const run = await getRunDetail(conn, runId);
  if (!run) throw new DomainError("not_found", NO_RUN);
  const orders = await listRunOrders(conn, runId, q);
  return { run, orders: { ...orders, page: q.page, limit: q.limit, outcome: q.outcome ?? null } };
}

export async function runOrderChunks(runId: string, outcome?: OrderOutcome): Promise<AsyncIterator<TransferOrderRow[]>> {
  const conn = await db();
  if (!(await getRun(conn, runId))) throw new DomainError("not_found", NO_RUN);
  return iterateRunOrders(conn, runId, outcome)[Symbol.asyncIterator]();
}

type Started = { run: TransferRunSummary; created: boolean };

async function launch(ctx: ErpContext, idempotencyKey: string, request: CreateRunRequest, pace?: number): Promise<Started> {
  const { erp } = getConfig();
  const boss = await startTransferJobs();
  const { run, created } = await createTransferRun(await db(), {
    actor: ctx.actor,
    idempotencyKey,
    request,
    batchSize: erp.batchSize,
    maxOrdersPerRun: erp.maxOrdersPerRun,
    enqueue: enqueueWith(boss),
    pace,
  });
  if (created) {
    const s = toRunSummary(run);
    await ctx.audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run created: ${s.counts.total} orders in ${s.totalBatches} batches.`,
      details: { event: "created", origin: run.origin, parentRunId: run.parent_run_id, orders: s.counts.total, batches: s.totalBatches, batchSize: s.batchSize, ...(pace && { pace }) },
    });
  }
  return { run: toRunSummary(run), created };
}

/** `origin` "api": started through /api/v1 with a key, which the run list filters on. */
export function startTransfer(ctx: ErpContext, idempotencyKey: string, orderIds: string[], origin: "new" | "api" = "new", channels?: OrderChannels): Promise<Started> {
  return launch(ctx, idempotencyKey, { orderIds, origin, channels });
}

/** One run of what the order queue holds, up to `max` ids oldest first; taken from the queue in the run's own transaction. */
export function startQueuedTransfer(ctx: ErpContext, idempotencyKey: string, origin: "automatic" | "queue", take: TakeOrders, pace?: number): Promise<Started> {
  return launch(ctx, idempotencyKey, { take, origin }, pace);
}

export function retryTransfer(ctx: ErpContext, idempotencyKey: string, parentRunId: string, retry: RetryKind): Promise<Started> {
  return launch(ctx, idempotencyKey, { parentRunId, retry });
}

export async function stopTransfer(ctx: ErpContext, runId: string): Promise<{ run: TransferRunSummary; requested: boolean }> {
  const { run, requested } = await requestStop(await db(), runId, ctx.actor.name || ctx.actor.email);
  const s = toRunSummary(run);
  if (requested) {
    await ctx.audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run stop requested by ${ctx.actor.email}: the batches on the wire are answered, then the ${s.counts.pending} orders not sent yet stay unsent.`,
      details: { event: "stop_requested", pending: s.counts.pending, sending: s.counts.sending },
    });
  }
  return { run: s, requested };
}
