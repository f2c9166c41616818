import "server-only";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { log } from "@/lib/log";
import { countImportStart } from "@/lib/metrics";
import { DomainError } from "@/lib/rules/problems";
import { raiseAlert, type AlertEvent } from "@/lib/alerts/events";
import { isUpstreamError, upstream } from "@/lib/upstream";
import type { ErpContext } from "@/lib/erp/transfers/service";
import type { ImportListState, ImportRunList, ImportRunRow, StartImportBody } from "@/lib/erp/imports/schemas";
import { beginImport, finishImport, latestImports, listImports, toImportRow } from "@/lib/erp/imports/store";

export async function listImportRuns(q: ImportListState): Promise<ImportRunList> {
  const conn = await db();
  const [{ items, total }, latest] = await Promise.all([listImports(conn, q), latestImports(conn)]);
  return { items, total, page: q.page, limit: q.limit, latest, windowMinutes: getConfig().erp.importRepeatWindowMinutes };
}

export interface ScheduledStarter {
  origin: "scheduled";
  scheduleId: string;
  label: string;
  dueAt: string;
}

/** Starts an import for a member (manual) or a schedule; one path for both, so both are recorded, audited and alerted alike. */
export async function startImport(ctx: ErpContext, body: StartImportBody, scheduled?: ScheduledStarter): Promise<{ run: ImportRunRow }> {
  const { kind } = body;
  const windowMinutes = getConfig().erp.importRepeatWindowMinutes;
  const conn = await db();
  const origin = scheduled ? "scheduled" : "manual";
  const begun = await beginImport(conn, {
    kind,
    actor: scheduled ? { id: null, email: "", name: scheduled.label } : ctx.actor,
    confirmRepeat: !scheduled && body.confirmRepeat === true,
    windowMinutes,
    origin,
    scheduleId: scheduled?.scheduleId ?? null,
  });
  if (!begun.ok) {
    const last = begun.last;
    const by = last.origin === "scheduled" ? `the schedule "${last.started_by_name}"` : last.started_by_email;
    throw new DomainError(
      "conflict",
      `The ${kind} import was already started by ${by} at ${last.started_at.toISOString()}. Send confirmRepeat: true to start it again.`,
      {
        reason: "import_recently_started",
        lastRun: { by: last.started_by_email, byName: last.started_by_name, at: last.started_at.toISOString(), outcome: last.outcome, origin: last.origin },
        windowMinutes,
      },
    );
  }
  const target = { type: "erp_import", id: kind };
  const source = scheduled ? { origin, scheduleId: scheduled.scheduleId, dueAt: scheduled.dueAt } : { origin };
  try {
    const { message } = await upstream().startImport(kind);
    const run = await finishImport(conn, begun.run.id, { outcome: "started", message });
    countImportStart(kind, "started");
    await ctx.audit({ action: "erp.import", target, outcome: "success", message, details: { importRunId: run.id, kind, repeatConfirmed: run.repeat_confirmed, ...source } });
    return { run: toImportRow(run) };
  } catch (error) {
    const upstreamError = isUpstreamError(error) ? error : null;
    const errorCode = upstreamError ? (upstreamError.kind === "http" ? `http_${upstreamError.status ?? 0}` : upstreamError.kind) : "console_error";
    // A 5xx body is never passed on (docs/architecture.md); a 4xx message is the upstream's own words.
    const upstreamMessage = upstreamError && upstreamError.kind === "http" && (upstreamError.status ?? 500) < 500 ? (upstreamError.upstreamMessage ?? null) : null;
    const detail = !upstreamError
      ? "The console failed to start the import."
      : upstreamError.kind === "http" && (upstreamError.status ?? 500) >= 500
        ? `${upstreamError.operation}: HTTP ${upstreamError.status ?? 500}`
        : upstreamError.message;
    const mayHaveActed = upstreamError ? upstreamError.mayHaveActed : true;
    const run = await finishImport(conn, begun.run.id, { outcome: "failed", message: upstreamMessage, errorCode, errorDetail: detail, mayHaveActed });
    countImportStart(kind, "failed");
    await ctx.audit({
      action: "erp.import",
      target,
      outcome: "failure",
      message: upstreamMessage ?? detail,
      details: { importRunId: run.id, kind, errorCode, mayHaveActed, repeatConfirmed: run.repeat_confirmed, ...source },
    });
    await raiseImportNotStarted({
      type: "import.not_started",
      kind,
      origin,
      scheduleId: scheduled?.scheduleId ?? null,
      startedBy: scheduled ? null : { email: ctx.actor.email, name: ctx.actor.name },
      errorCode,
      detail: upstreamMessage ?? detail,
      at: (run.finished_at ?? new Date()).toISOString(),
    });
    throw error;
  }
}

// An alert that cannot be queued must not hide the import's own failure from the caller.
async function raiseImportNotStarted(event: AlertEvent): Promise<void> {
  try {
    await raiseAlert(event);
  } catch (error) {
    log.error("import alert not raised", { event: "import.alert_failed", kind: event.type, error: String(error) });
  }
}
