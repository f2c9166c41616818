"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useId, useMemo } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { useTransferRun } from "@/lib/erp/transfers/client";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { isUnrecognised } from "@/lib/erp/outcomes/meanings";
import { ORDER_OUTCOMES, PAGE_SIZES, runOrderListBase as runOrderList } from "@/lib/erp/lists";
import type { TransferOrderRow, TransferRunDetail } from "@/lib/erp/schemas";
import { isRunActive } from "@/lib/erp/transfers/status";
import { useListState } from "@/lib/list/client";
import { MeaningBadge } from "@/components/erp/badges";
import { ErpTable, ErrorState, FilterSelect, TableSkeleton } from "@/components/erp/list";
import { storyHref } from "@/lib/erp/history/story-links";
import { errorBoxClass, linkClass } from "@/components/erp/styles";
import { RunWatch, StoppedNote } from "@/components/erp/run-watch";
import { RunSummary } from "@/components/erp/run-summary";
import { RunActions } from "@/components/erp/run-actions";

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
