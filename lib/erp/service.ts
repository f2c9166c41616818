import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { recordAudit, type AuditEntry } from "@/lib/audit";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import type { ErpImportRun, ErpTransferRun } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { isUpstreamError, upstream } from "@/lib/upstream";
import { beginImport, finishImport, latestImports, listImports, toImportRow } from "./import-store";
import {
  createTransferRun,
  getRunDetail,
  listRunOrders,
  listRunPeople,
  listRuns,
  recoverStoppedRuns,
  STALE_AFTER_MS,
  toRunSummary,
  type RunActor,
  type RunnerInstance,
} from "./run-store";
import { processRun } from "./runner";
import type {
  CreateTransferBody,
  ImportRunList,
  ImportRunRow,
  ListImportsQuery,
  ListTransfersQuery,
  RunOrdersQuery,
  StartImportBody,
  TransferRunList,
  TransferRunPage,
  TransferRunSummary,
} from "./schemas";
import { startSweeper } from "./sweeper";

// The ERP facade: what pages and route handlers call (list runs, a run page, start a transfer,
// start an import), and the runner's wiring. Reads only read; runs whose owner stopped are marked
// interrupted by the sweeper started at boot. Runs are processed in this Node server process;
// leaving the page does not stop them.

/** Writes an audit event with the caller's actor, request id and address filled in. */
export type AuditPort = (entry: Omit<AuditEntry, "actor" | "requestId" | "ip">) => Promise<void>;

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

/** Marks runs whose owner stopped as interrupted (once) and audits each. Only the sweeper calls it. */
export async function sweepStoppedRuns(): Promise<void> {
  const s = state();
  const interrupted = await recoverStoppedRuns(await db(), s.instance, { workingOn: (runId) => s.active.has(runId) });
  for (const run of interrupted) {
    log.warn("transfer run interrupted: its owner stopped", { runId: run.id });
    await auditRunEnd(run).catch(() => undefined);
  }
}

// Half the stale limit: another instance's stopped run shows as interrupted within 1.5 times it.
export const SWEEP_INTERVAL_MS = STALE_AFTER_MS / 2;

const sweeperHolder = globalThis as unknown as { erpSweeper?: () => void };

/** Starts the stopped-run sweeper of this process once: a sweep now, then one per interval. */
export function startRunSweeper(): void {
  sweeperHolder.erpSweeper ??= startSweeper(sweepStoppedRuns, {
    intervalMs: SWEEP_INTERVAL_MS,
    onError: (error) => log.error("stopped-run sweep failed", { error: String(error) }),
  });
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

// ---- the facade -------------------------------------------------------------------------------

/** GET /api/erp/transfers and the /erp page: one page of runs and everyone who started one. */
export async function listTransferRuns(q: ListTransfersQuery): Promise<TransferRunList> {
  const conn = await db();
  const [{ items, total }, people] = await Promise.all([listRuns(conn, q), listRunPeople(conn)]);
  return { items, total, page: q.page, limit: q.limit, people };
}

/** GET /api/erp/transfers/{id} and the run page: the run and one page of its orders; null if unknown. */
export async function getRunPage(runId: string, q: RunOrdersQuery): Promise<TransferRunPage | null> {
  const conn = await db();
  const run = await getRunDetail(conn, runId);
  if (!run) return null;
  const orders = await listRunOrders(conn, runId, q);
  return { run, orders: { ...orders, page: q.page, limit: q.limit, outcome: q.outcome ?? null } };
}

/**
 * Records a run (new ids, or a retry of a finished run's failed, unsent or unknown orders),
 * audits its creation and starts it. A repeated Idempotency-Key gives back the same run
 * (`created: false`). Throws IdempotencyConflictError or RetryRefusedError.
 */
export async function startTransfer(
  input: { actor: RunActor; idempotencyKey: string; body: CreateTransferBody },
  audit: AuditPort,
): Promise<{ run: TransferRunSummary; created: boolean }> {
  const { erp } = getConfig();
  const { body } = input;
  // A retry of a run whose owner stopped since the last sweep must not be refused as running.
  if (body.retry) await sweepStoppedRuns();
  const { run, created } = await createTransferRun(await db(), {
    actor: input.actor,
    idempotencyKey: input.idempotencyKey,
    request: body.retry ? { retry: body.retry, parentRunId: body.parentRunId! } : { orderIds: body.orderIds! },
    batchSize: erp.batchSize,
    maxOrdersPerRun: erp.maxOrdersPerRun,
    owner: runnerInstance(),
  });
  if (created) {
    const s = toRunSummary(run);
    await audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run created: ${s.counts.total} orders in ${s.totalBatches} batches.`,
      details: { event: "created", origin: run.origin, parentRunId: run.parent_run_id, orders: s.counts.total, batches: s.totalBatches, batchSize: s.batchSize },
    });
  }
  startProcessing(run.id);
  return { run: toRunSummary(run), created };
}

/** The same import was started (or may have been) within the repeat window, and not confirmed. */
export class ImportRecentlyStartedError extends Error {
  constructor(
    readonly kind: StartImportBody["kind"],
    readonly last: ErpImportRun,
    readonly windowMinutes: number,
  ) {
    super(`The ${kind} import was already started by ${last.started_by_email} at ${last.started_at}. Send confirmRepeat: true to start it again.`);
  }
}

/** GET /api/erp/imports and the /erp page: one page of imports, the latest of each kind, the window. */
export async function listImportRuns(q: ListImportsQuery): Promise<ImportRunList> {
  const conn = await db();
  const [{ items, total }, latest] = await Promise.all([listImports(conn, q), latestImports(conn)]);
  return { items, total, page: q.page, limit: q.limit, latest, windowMinutes: getConfig().erp.importRepeatWindowMinutes };
}

/**
 * Starts an import. Every attempt that reaches the upstream is recorded and audited; an upstream
 * failure is rethrown after that. Throws ImportRecentlyStartedError before any call.
 */
export async function startImport(input: { actor: RunActor; body: StartImportBody }, audit: AuditPort): Promise<{ run: ImportRunRow }> {
  const { kind } = input.body;
  const windowMinutes = getConfig().erp.importRepeatWindowMinutes;
  const conn = await db();
  const begun = await beginImport(conn, { kind, actor: input.actor, confirmRepeat: input.body.confirmRepeat === true, windowMinutes });
  if (!begun.ok) throw new ImportRecentlyStartedError(kind, begun.last, windowMinutes);
  const target = { type: "erp_import", id: kind };
  try {
    const { message } = await upstream().startImport(kind);
    const run = await finishImport(conn, begun.run.id, { outcome: "started", message });
    await audit({
      action: "erp.import",
      target,
      outcome: "success",
      message,
      details: { importRunId: run.id, kind, repeatConfirmed: run.repeat_confirmed === 1 },
    });
    return { run: toImportRow(run) };
  } catch (error) {
    const upstreamError = isUpstreamError(error) ? error : null;
    const errorCode = upstreamError ? (upstreamError.kind === "http" ? `http_${upstreamError.status ?? 0}` : upstreamError.kind) : "console_error";
    // A 5xx body is never passed on (architecture.md); a 4xx message is the upstream's own words.
    const upstreamMessage = upstreamError && upstreamError.kind === "http" && (upstreamError.status ?? 500) < 500 ? (upstreamError.upstreamMessage ?? null) : null;
    const detail = !upstreamError
      ? "The console failed to start the import."
      : upstreamError.kind === "http" && (upstreamError.status ?? 500) >= 500
        ? `${upstreamError.operation}: HTTP ${upstreamError.status ?? 500}`
        : upstreamError.message;
    const mayHaveActed = upstreamError ? upstreamError.mayHaveActed : true;
    const run = await finishImport(conn, begun.run.id, { outcome: "failed", message: upstreamMessage, errorCode, errorDetail: detail, mayHaveActed });
    await audit({
      action: "erp.import",
      target,
      outcome: "failure",
      message: upstreamMessage ?? detail,
      details: { importRunId: run.id, kind, errorCode, mayHaveActed, repeatConfirmed: run.repeat_confirmed === 1 },
    });
    throw error;
  }
}
