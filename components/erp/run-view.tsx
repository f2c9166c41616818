"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useId, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { DataTableFeatures } from "@/components/data-table/features";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ExportCapNote } from "@/components/ui/export-cap-note";
import { buttonClass, cardClass, helpTextClass } from "@/components/ui/styles";
import { createTransfer, exportHref, fetchRunIds, useRevalidate, useTransferRun } from "@/lib/erp/client";
import { describeReason } from "@/lib/erp/reasons";
import { retriedFromInbox } from "@/lib/erp/inbox-lists";
import { isUnrecognised, MEANINGS } from "@/lib/erp/outcomes";
import { ORDER_OUTCOMES, PAGE_SIZES, runOrderListBase as runOrderList, TRANSFERS_API, type OrderOutcome, type RetryKind } from "@/lib/erp/lists";
import type { TransferOrderRow, TransferRunDetail } from "@/lib/erp/schemas";
import { isRunActive, ordersDone } from "@/lib/erp/status";
import { useListState } from "@/lib/list/client";
import { MeaningBadge, RunResultBadge } from "@/components/erp/badges";
import { useDurationText } from "@/components/erp/format";
import { ErpTable, ErrorState, FilterSelect, TableSkeleton } from "@/components/erp/list";
import { storyHref } from "@/lib/erp/story-links";
import { errorBoxClass, linkClass, reasonTextClass, warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { RunWatch, StoppedNote } from "@/components/erp/run-watch";
import { ProgressBar } from "@/components/erp/progress-bar";

// One transfer run, polled while it runs; the person decides what to send again.

const helper = createColumnHelper<DataTableFeatures, TransferOrderRow>();

export function RunView({ runId, canRun, disabledReason, exportMaxRows }: { runId: string; canRun: boolean; disabledReason: string | null; exportMaxRows: number }) {
  const t = useTranslations("erp.run");
  const tOutcomes = useTranslations("erp.outcomes");
  const list = useMemo(() => runOrderList(runId), [runId]);
  const [state, update] = useListState(list);
  const { data, error, mutate, stale } = useTransferRun(list, state);
  const columns = useOrderColumns(data?.run.children ?? [], data?.run);
  const id = useId();

  if (!data) {
    return error ? <ErrorState testId="run-error" error={error} onRetry={() => void mutate()} /> : <TableSkeleton testId="run-loading" rows={5} />;
  }
  const { run, orders } = data;

  return (
    <div className="space-y-6" data-testid="run-view" data-run-id={run.id} data-state={run.state}>
      <RunSummary run={run} watch={isRunActive(run.state) ? <RunWatch run={run} canRun={canRun} onStopped={() => void mutate()} /> : null} />
      <StoppedNote run={run} />
      {error ? (
        <p role="alert" className={errorBoxClass} data-testid="run-refresh-error">
          {t("refreshFailed")}{" "}
          <button type="button" className="font-medium underline" onClick={() => void mutate()}>
            {t("retryRefresh")}
          </button>
        </p>
      ) : null}
      <RunActions run={run} canRun={canRun} disabledReason={disabledReason} outcome={state.outcome} exportMaxRows={exportMaxRows} />

      <section aria-labelledby={`${id}-orders`} className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${id}-orders`} className="text-lg font-semibold">
            {t("ordersTitle")}
          </h2>
          <FilterSelect
            label={t("outcomeFilter")}
            allLabel={t("outcomeAll")}
            value={state.outcome}
            options={ORDER_OUTCOMES.map((o) => ({ value: o, label: tOutcomes(o) }))}
            onChange={(outcome) => update({ outcome })}
          />
        </div>
        <ErpTable
          testId="run-orders"
          texts={{
            emptyTitle: t("noOrders"),
            noMatchTitle: state.outcome ? t("noOrdersOfOutcome", { outcome: tOutcomes(state.outcome) }) : t("noOrders"),
            clearFilters: t("showAllOrders"),
            pageEmptyTitle: t("pageEmpty"),
            firstPage: t("firstPage"),
          }}
          query={{ data: orders, stale, mutate }}
          filtered={list.isFiltered(state)}
          onClearFilters={() => update({ outcome: undefined })}
          table={{
            columns,
            caption: t("ordersTitle"),
            rowTestId: "run-order-row",
            rowId: (o) => String(o.position),
            rowProps: (o) => ({ "data-order-id": o.orderId, "data-outcome": o.outcome, "data-meaning": o.meaning }),
          }}
          paging={{ state, update, sizes: PAGE_SIZES, label: t("paginationLabel") }}
        />
      </section>
    </div>
  );
}

function RunSummary({ run, watch }: { run: TransferRunDetail; watch: React.ReactNode }) {
  const t = useTranslations("erp.run");
  const tOrigin = useTranslations("erp.history.origin");
  const tHistory = useTranslations("erp.history");
  const tResult = useTranslations("erp.result");
  const tMeanings = useTranslations("erp.meanings");
  const tHelp = useTranslations("erp.meaningHelp");
  const format = useFormatter();
  const dt = useDateTime();
  const duration = useDurationText();
  const c = run.counts;
  const m = run.meanings;
  const active = isRunActive(run.state);
  const done = ordersDone(c);
  const n = (v: number) => format.number(v);
  const notSent = m.notSent + m.sending;
  const summary =
    run.stop && !active && notSent > 0
      ? t(run.retryable.unsent > 0 ? "stoppedHeadline" : "stoppedHeadlineResent", { by: run.stop.by, sent: c.total - notSent, notSent })
      : run.result === "running"
      ? t("summary.running", { batchesDone: run.batchesDone, batches: run.totalBatches, done, total: c.total })
      : t(`result.${run.result}`, {
          total: c.total,
          transferred: m.transferred,
          already: m.alreadyInErp,
          rejected: m.rejected,
          failed: m.failed,
          unknown: m.unknown,
          pending: notSent,
        });

  const counts: [string, number, string][] = [
    ["total", c.total, "count-total"],
    ["transferred", m.transferred, "count-transferred"],
    ["alreadyInErp", m.alreadyInErp, "count-already"],
    ["rejected", m.rejected, "count-rejected"],
    ["failed", m.failed, "count-failed"],
    ["unknown", m.unknown, "count-unknown"],
    [active ? "waiting" : "notSent", notSent, "count-not-sent"],
  ];

  return (
    <section className={`${cardClass} space-y-4`} aria-label={t("summaryLabel")}>
      <div className="flex flex-wrap items-center gap-3">
        <RunResultBadge result={run.result} testId="run-status" />
        <p className="font-medium" data-testid="run-summary">
          {summary}
        </p>
        {/* Announces the status when it changes, not every count while the run progresses. */}
        <p role="status" className="sr-only">
          {tResult(run.result)}
        </p>
      </div>
      {watch}
      {active ? (
        <div className="grid gap-3 sm:grid-cols-2" data-testid="run-progress">
          <ProgressBar label={t("progressBatches", { done: run.batchesDone, total: run.totalBatches })} value={run.batchesDone} max={run.totalBatches} testId="run-progress-batches" />
          <ProgressBar label={t("progressOrders", { done, total: c.total })} value={done} max={c.total} />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {counts.map(([key, value, testId]) => (
          <div key={key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`counts.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      <details className="text-sm" data-testid="run-meanings-help">
        <summary className="cursor-pointer font-medium">{t("meaningsTitle")}</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {MEANINGS.filter((meaning) => meaning !== "sending").map((meaning) => (
            <div key={meaning} className="contents">
              <dt className="font-medium">{tMeanings(meaning)}</dt>
              <dd>{tHelp(meaning)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {run.status === "interrupted" ? <p className={warningBoxClass}>{t("interruptedNote")}</p> : null}
      {c.unknown > 0 ? (
        <p className={warningBoxClass} data-testid="run-unknown-note">
          {t("unknownNote", { count: c.unknown })}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("meta.startedBy")}</dt>
        <dd>
          {run.createdBy.name} ({run.createdBy.email})
        </dd>
        <dt className="font-medium">{t("meta.startedAt")}</dt>
        <dd>
          <time dateTime={run.createdAt}>{dt.dateTime(run.createdAt)}</time>
        </dd>
        <dt className="font-medium">{active ? t("meta.elapsed") : t("meta.duration")}</dt>
        <dd>{duration(run.durationMs)}</dd>
        <dt className="font-medium">{t("meta.batches")}</dt>
        <dd>{t("meta.batchesValue", { batches: run.totalBatches, batchSize: run.batchSize })}</dd>
        {run.origin === "automatic" || run.origin === "queue" || run.origin === "api" || retriedFromInbox(run) ? (
          <>
            <dt className="font-medium">{t("meta.origin")}</dt>
            <dd data-testid="run-origin">{retriedFromInbox(run) ? tHistory("fromInbox", { origin: tOrigin(run.origin) }) : tOrigin(run.origin)}</dd>
          </>
        ) : null}
        {run.parent ? (
          <>
            <dt className="font-medium">{t("meta.parent")}</dt>
            <dd data-testid="run-parent">
              {tOrigin(run.origin)}{" "}
              <Link href={`/erp/transfers/${run.parent.id}`} className={linkClass}>
                {t("meta.runOf", { when: dt.dateTime(run.parent.createdAt) })}
              </Link>
            </dd>
          </>
        ) : null}
        {run.children.length > 0 ? (
          <>
            <dt className="font-medium">{t("meta.children")}</dt>
            <dd>
              <ul data-testid="run-children">
                {run.children.map((child) => (
                  <li key={child.id}>
                    <Link href={`/erp/transfers/${child.id}`} className={linkClass}>
                      {tOrigin(child.origin)}: {dt.dateTime(child.createdAt)}
                    </Link>{" "}
                    <RunResultBadge result={child.result} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

type PendingRetry = { kind: RetryKind; count: number; key: string } | null;

function RunActions({
  run,
  canRun,
  disabledReason,
  outcome,
  exportMaxRows,
}: {
  run: TransferRunDetail;
  canRun: boolean;
  disabledReason: string | null;
  outcome: OrderOutcome | undefined;
  exportMaxRows: number;
}) {
  const t = useTranslations("erp.run");
  const tExports = useTranslations("exports");
  const router = useRouter();
  const problemText = useErpProblemText();
  const revalidate = useRevalidate();
  const id = useId();
  const [retry, setRetry] = useState<PendingRetry>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pendingRef = useRef(false);
  const c = run.counts;
  const active = isRunActive(run.state);
  const left = run.retryable;
  const m = run.meanings;
  const handedOn = m.failed - left.failed + (m.rejected - left.rejected) + (c.pending - left.unsent) + (c.unknown - left.unknown);

  const open = (kind: RetryKind, count: number) => {
    setFailure(null);
    // One key per dialog: a double click or a resend after a lost answer gives back the same run.
    setRetry({ kind, count, key: crypto.randomUUID() });
  };

  const confirm = async () => {
    if (!retry || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    try {
      const { run: child } = await createTransfer(
        {
          parentRunId: run.id,
          retry: retry.kind,
          ...(retry.kind === "unknown" ? { confirmUnknown: true } : {}),
          ...(retry.kind === "rejected" ? { confirmRejected: true } : {}),
        },
        retry.key,
      );
      void revalidate(TRANSFERS_API);
      toast.success(t("retryStarted", { count: child.counts.total }));
      router.push(`/erp/transfers/${child.id}`);
      setRetry(null);
    } catch (error) {
      setRetry(null);
      setFailure(problemText(error));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  const copyFailed = async () => {
    try {
      const ids = await fetchRunIds(run.id, "not_transferred");
      await navigator.clipboard.writeText(ids.join("\n"));
      toast.success(t("copied", { count: ids.length }));
    } catch {
      toast.error(t("copyFailed"));
    }
  };

  const reasonId = `${id}-reason`;
  const describedBy = !canRun ? reasonId : active ? `${id}-active` : undefined;
  const writeDisabled = !canRun || active || pending;

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} space-y-3`} data-testid="run-actions">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("actionsTitle")}
      </h2>
      <div className="flex flex-wrap gap-2">
        {/* Only orders whose call failed are offered; orders in the ERP already or refused for good are not. */}
        {m.failed > 0 ? (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={writeDisabled || left.failed === 0}
            aria-describedby={describedBy}
            onClick={() => open("failed", left.failed)}
          >
            {t("retryFailed", { count: left.failed })}
          </button>
        ) : null}
        {left.unsent > 0 && (run.state === "interrupted" || run.stop !== null) ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("unsent", left.unsent)}>
            {t("sendUnsent", { count: left.unsent })}
          </button>
        ) : null}
        {left.unknown > 0 ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("unknown", left.unknown)}>
            {t("resendUnknown", { count: left.unknown })}
          </button>
        ) : null}
        {left.rejected > 0 ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("rejected", left.rejected)}>
            {t("sendRejected", { count: left.rejected })}
          </button>
        ) : null}
        <button type="button" className={buttonClass.secondary} disabled={m.failed + m.rejected === 0} onClick={() => void copyFailed()} data-testid="run-copy-failed">
          {t("copyFailedIds", { count: m.failed + m.rejected })}
        </button>
        <a href={exportHref(run.id, outcome)} download className={buttonClass.secondary} data-testid="run-export">
          {outcome ? t("exportFiltered") : t("exportAll")}
        </a>
        <a href={exportHref(run.id, outcome, "xlsx")} download className={buttonClass.secondary} title={tExports("xlsxHint")} data-testid="run-export-xlsx">
          {tExports("xlsx")}
        </a>
        <ExportCapNote maxRows={exportMaxRows} />
      </div>
      {handedOn > 0 ? (
        <p className={helpTextClass} data-testid="run-already-retried">
          {t("alreadyRetried", { count: handedOn })}
        </p>
      ) : null}
      {!canRun ? (
        <p id={reasonId} className={reasonTextClass} data-testid="run-disabled-reason">
          {disabledReason}
        </p>
      ) : active ? (
        <p id={`${id}-active`} className={helpTextClass}>
          {t("waitForEnd")}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className={errorBoxClass} data-testid="run-action-error">
          {failure}
        </p>
      ) : null}

      <ConfirmDialog
        open={retry !== null}
        testId="retry-dialog"
        title={retry ? t(`retryDialog.${retry.kind}.title`, { count: retry.count }) : ""}
        confirmLabel={retry ? t(`retryDialog.${retry.kind}.confirm`, { count: retry.count }) : ""}
        cancelLabel={t("cancel")}
        tone={retry?.kind === "unknown" || retry?.kind === "rejected" ? "warning" : "default"}
        pending={pending}
        onCancel={() => setRetry(null)}
        onConfirm={() => void confirm()}
        description={
          retry ? (
            <>
              <p>{t(`retryDialog.${retry.kind}.body`, { count: retry.count })}</p>
              {retry.kind === "unknown" ? (
                <p className={warningBoxClass} data-testid="resend-unknown-warning">
                  {t("retryDialog.unknown.warning")}
                </p>
              ) : null}
              {retry.kind === "rejected" ? <RejectionReasons run={run} /> : null}
            </>
          ) : null
        }
      />
    </section>
  );
}

function RejectionReasons({ run }: { run: TransferRunDetail }) {
  const t = useTranslations("erp.run.retryDialog.rejected");
  const tReasons = useTranslations("erp.reasons");
  const shown = run.rejections.reduce((n, r) => n + r.count, 0);
  return (
    <>
      <ul className="list-disc pl-5" data-testid="resend-rejected-reasons">
        {run.rejections.map((r) => (
          <li key={`${r.reasonCode ?? ""}|${r.reason ?? ""}`}>{t("reasonCount", { reason: describeReason(tReasons, r) || tReasons("codes.no_reason"), count: r.count })}</li>
        ))}
        {shown < run.retryable.rejected ? <li>{t("more")}</li> : null}
      </ul>
      <p className={warningBoxClass}>{t("after")}</p>
    </>
  );
}

function useOrderColumns(followUps: TransferRunDetail["children"], run: TransferRunDetail | undefined) {
  const t = useTranslations("erp.run");
  const active = run ? isRunActive(run.state) : false;
  const stopBy = run?.stop?.by;
  const stopAt = run?.stop?.requestedAt;
  const tReasons = useTranslations("erp.reasons");
  const format = useFormatter();
  const dt = useDateTime();
  return useMemo(() => {
    const followUpText = (runId: string) => {
      const child = followUps.find((c) => c.id === runId);
      return child ? t("meta.runOf", { when: dt.dateTime(child.createdAt) }) : t("table.followUpRun");
    };
    return helper.columns([
      helper.display({ id: "position", header: () => t("table.position"), meta: { label: t("table.position"), className: "text-right tabular-nums" }, cell: ({ row }) => format.number(row.original.position) }),
      helper.display({
        id: "orderId",
        header: () => t("table.orderId"),
        meta: { label: t("table.orderId"), className: "font-mono" },
        cell: ({ row }) => (
          <Link href={`/erp/orders/${row.original.orderId}`} className={linkClass}>
            {row.original.orderId}
          </Link>
        ),
      }),
      helper.display({ id: "batch", header: () => t("table.batch"), meta: { label: t("table.batch"), className: "text-right tabular-nums" }, cell: ({ row }) => (row.original.batch > 0 ? format.number(row.original.batch) : "–") }),
      helper.display({
        id: "outcome",
        header: () => t("table.outcome"),
        meta: { label: t("table.outcome") },
        cell: ({ row }) => <MeaningBadge meaning={row.original.meaning} text={active && row.original.meaning === "not_sent" ? t("counts.waiting") : undefined} />,
      }),
      helper.display({
        id: "reason",
        header: () => t("table.reason"),
        meta: { label: t("table.reason"), className: "max-w-md break-words" },
        cell: ({ row: { original: o } }) => (
          <>
            <span data-testid="run-order-reason">{o.reason || o.reasonCode ? describeReason(tReasons, o, stopBy && stopAt ? { by: stopBy, at: dt.dateTime(stopAt) } : null) : ""}</span>
            {isUnrecognised(o) ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">({t("unrecognised")})</span> : null}
          </>
        ),
      }),
      helper.display({
        id: "retriedIn",
        header: () => t("table.retriedIn"),
        meta: { label: t("table.retriedIn") },
        cell: ({ row: { original: o } }) => (
          <span data-testid="run-order-retried-in">
            {o.retriedIn ? (
              <Link href={`/erp/transfers/${o.retriedIn}`} className={linkClass}>
                {followUpText(o.retriedIn)}
              </Link>
            ) : null}
          </span>
        ),
      }),
      helper.display({
        id: "story",
        header: () => t("table.story"),
        meta: { label: t("table.story") },
        cell: ({ row: { original: o } }) => (
          <Link href={storyHref(o.orderId)} className={linkClass} data-testid="run-order-story" aria-label={t("table.storyOf", { orderId: o.orderId })}>
            {t("table.story")}
          </Link>
        ),
      }),
    ]);
  }, [t, tReasons, format, dt, followUps, active, stopBy, stopAt]);
}
