"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useId, useMemo } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { buttonClass } from "@/components/ui/styles";
import { useTransferRuns } from "@/lib/erp/transfers/client";
import { retriedFromInbox } from "@/lib/erp/inbox/lists";
import { PAGE_SIZES, TRANSFER_RUN_STATUSES, transferRunListBase as transferRunList } from "@/lib/erp/lists";
import type { TransferRunSummary } from "@/lib/erp/schemas";
import { useListState } from "@/lib/list/client";
import { RunResultBadge } from "@/components/erp/badges";
import { useDurationText } from "@/components/erp/format";
import { ErpTable, FilterSelect } from "@/components/erp/list";
import { listTexts } from "@/components/data-table/resource-list";
import { linkClass } from "@/components/erp/styles";
import { RunFilters } from "@/components/erp/run-filters";
import { ViewsControl } from "@/components/views/views-control";
import { AUTOMATIC_STARTER, runStarter, type RunStarter } from "@/lib/erp/transfers/starters";


const helper = createColumnHelper<DataTableFeatures, TransferRunSummary>();
const NUMBER = "text-right tabular-nums";

export function TransferHistory() {
  const t = useTranslations("erp.history");
  const tStatus = useTranslations("erp.status");
  const format = useFormatter();
  const dt = useDateTime();
  const duration = useDurationText();
  const id = useId();
  const [state, update] = useListState(transferRunList);
  const runs = useTransferRuns(state);
  const { data, stale } = runs;
  const filtered = transferRunList.isFiltered(state);
  const clear = () => update({ status: undefined, by: undefined, result: undefined, origin: undefined, channel: undefined, from: undefined, to: undefined });
  const starterLabel = (s: RunStarter) => (s.kind === "key" ? t("starterKey", { name: s.name }) : s.kind === "automatic" ? (s.name ? t("starterSchedule", { name: s.name }) : t("starterAutomatic")) : s.name);
  const starters = data?.starters ?? [];
  const starterOptions = [
    ...(state.by && !starters.some((s) => s.by === state.by) ? [{ value: state.by, label: starterLabel(runStarter({ email: state.by === AUTOMATIC_STARTER ? "" : state.by, name: "" })) || state.by }] : []),
    ...starters.map((s) => ({ value: s.by, label: starterLabel(s) })),
  ];
  const channels = [...new Set([...(state.channel ? [state.channel] : []), ...(data?.channels ?? [])])];

  const columns = useMemo(() => {
    const count = (key: string, label: string, value: (r: TransferRunSummary) => number) =>
      helper.display({ id: key, header: () => label, meta: { label, className: NUMBER }, cell: ({ row }) => format.number(value(row.original)) });
    return helper.columns([
      helper.display({
        id: "when",
        header: () => t("when"),
        meta: { label: t("when"), className: "whitespace-nowrap", card: "title" },
        cell: ({ row: { original: run } }) => (
          <>
            <Link href={`/erp/transfers/${run.id}`} className={linkClass}>
              <time dateTime={run.createdAt}>{dt.dateTime(run.createdAt)}</time>
              <span className="sr-only">: {t("openRun")}</span>
            </Link>
            {run.parentRunId || retriedFromInbox(run) ? (
              <span className="ml-1 text-xs text-slate-600 dark:text-slate-300" data-testid="run-list-origin">
                {retriedFromInbox(run) ? t("fromInbox", { origin: t(`origin.${run.origin}`) }) : t(`origin.${run.origin}`)}
              </span>
            ) : null}
          </>
        ),
      }),
      helper.display({ id: "who", header: () => t("who"), meta: { label: t("who"), className: "break-words" }, cell: ({ row }) => <StartedBy run={row.original} /> }),
      helper.display({ id: "status", header: () => t("result"), meta: { label: t("result"), card: "badge" }, cell: ({ row }) => <RunResultBadge result={row.original.result} /> }),
      count("orders", t("orders"), (r) => r.counts.total),
      count("transferred", t("transferred"), (r) => r.meanings.transferred),
      count("alreadyInErp", t("alreadyInErp"), (r) => r.meanings.alreadyInErp),
      count("rejected", t("rejected"), (r) => r.meanings.rejected),
      count("failed", t("failed"), (r) => r.meanings.failed),
      count("unknown", t("unknown"), (r) => r.meanings.unknown),
      count("notSent", t("notSent"), (r) => r.meanings.notSent + r.meanings.sending),
      helper.display({ id: "duration", header: () => t("duration"), meta: { label: t("duration"), className: "whitespace-nowrap" }, cell: ({ row }) => duration(row.original.durationMs) }),
    ]);
  }, [t, format, dt, duration]);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="transfer-history">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {stale ? t("updating") : ""}
        </p>
        <ViewsControl list="transfers" state={state} />
      </div>
      <form role="search" aria-label={t("filtersLabel")} className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        {state.status ? (
          <FilterSelect
            label={t("statusFilter")}
            allLabel={t("statusAll")}
            value={state.status}
            options={TRANSFER_RUN_STATUSES.map((s) => ({ value: s, label: tStatus(s) }))}
            onChange={(status) => update({ status })}
          />
        ) : null}
        <RunFilters state={state} update={update} />
        <FilterSelect
          label={t("personFilter")}
          allLabel={t("personAll")}
          value={state.by}
          options={starterOptions}
          onChange={(by) => update({ by })}
        />
        {channels.length > 0 ? (
          <FilterSelect label={t("channelFilter")} allLabel={t("channelAll")} value={state.channel} options={channels.map((c) => ({ value: c, label: c }))} onChange={(channel) => update({ channel })} />
        ) : null}
        {filtered ? (
          <button type="button" className={buttonClass.secondary} onClick={clear}>
            {t("clearFilters")}
          </button>
        ) : null}
      </form>

      <ErpTable
        testId="transfer-history"
        texts={listTexts(t, "", { pageEmptyTitle: t("pageEmpty") })}
        query={runs}
        filtered={filtered}
        onClearFilters={clear}
        table={{ columns, caption: t("caption"), rowTestId: "transfer-history-row", rowId: (run) => run.id, rowProps: (run) => ({ "data-run-id": run.id }) }}
        paging={{ state, update, sizes: PAGE_SIZES, label: t("paginationLabel") }}
      />
    </section>
  );
}

function StartedBy({ run }: { run: TransferRunSummary }) {
  const t = useTranslations("erp.history");
  const s = runStarter(run.createdBy);
  if (s.kind === "key") return t("starterKey", { name: s.name });
  if (s.kind === "automatic") return s.name ? t("starterSchedule", { name: s.name }) : t("starterQueue");
  return (
    <span title={s.by}>
      {s.name}
      {s.name !== s.by ? <span className="block break-all text-xs text-slate-600 dark:text-slate-300">{s.by}</span> : null}
    </span>
  );
}
