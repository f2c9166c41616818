"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { useId, useMemo } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { listTexts } from "@/components/data-table/resource-list";
import { helpTextClass, linkClass } from "@/components/ui/styles";
import { useImports } from "@/lib/erp/imports/client";
import { ERP_IMPORT_KINDS, IMPORTS_PAGE_SIZE, importListBase as importList } from "@/lib/erp/lists";
import type { ImportRunRow } from "@/lib/erp/schemas";
import { useListState } from "@/lib/list/client";
import { ImportOutcomeBadge } from "@/components/erp/badges";
import { ErpTable, FilterSelect } from "@/components/erp/list";
import { ImportCard } from "@/components/erp/import-card";
import { importErrorText, starterName } from "@/components/erp/import-texts";

// The imports: the upstream only says "started" (docs/upstream-api.md), so we show who started them and when, never a progress.

const helper = createColumnHelper<DataTableFeatures, ImportRunRow>();

export function ImportsPanel({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("erp.imports");
  const id = useId();
  const [state, update] = useListState(importList);
  const imports = useImports(state);
  const { data } = imports;
  const columns = useImportColumns();
  // ?start=<kind> (the palette's "Start stock import"): that card opens its dialog once the runs are known, then the address forgets it.
  const [startKind, setStartKind] = useQueryState("start", parseAsStringLiteral(ERP_IMPORT_KINDS).withOptions({ history: "replace", scroll: false }));
  const asked = data && startKind ? startKind : null;

  return (
    <section id="imports" aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-4" data-testid="imports">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className={helpTextClass}>{t("intro", { minutes: data?.windowMinutes ?? 15 })}</p>
        <p className="mt-1 text-sm">
          <Link href="/erp/schedules" className={linkClass} data-testid="schedules-link">
            {t("schedulesLink")}
          </Link>{" "}
          <span className="text-slate-600 dark:text-slate-300">{t("schedulesLinkHelp")}</span>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {ERP_IMPORT_KINDS.map((kind) => (
          <ImportCard
            key={kind}
            kind={kind}
            latest={data?.latest[kind] ?? null}
            loaded={Boolean(data)}
            windowMinutes={data?.windowMinutes ?? 0}
            asked={asked === kind}
            onAsked={() => void setStartKind(null)}
            canRun={canRun}
            disabledReason={disabledReason}
          />
        ))}
      </div>

      <div className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="text-base font-semibold">{t("historyTitle")}</h3>
          <FilterSelect
            label={t("kindFilter")}
            allLabel={t("kindAll")}
            value={state.kind}
            options={ERP_IMPORT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}.name`) }))}
            onChange={(kind) => update({ kind })}
          />
        </div>
        <ErpTable
          testId="imports"
          texts={listTexts(t, "", {
            noMatchTitle: state.kind ? t("noMatchTitle", { kind: t(`kinds.${state.kind}.label`) }) : t("emptyTitle"),
            clearFilters: t("showAll"),
            pageEmptyTitle: t("pageEmpty"),
          })}
          query={imports}
          filtered={importList.isFiltered(state)}
          onClearFilters={() => update({ kind: undefined })}
          table={{ columns, caption: t("historyTitle"), rowTestId: "imports-row", rowId: (run) => String(run.id), rowProps: (run) => ({ "data-kind": run.kind }) }}
          paging={{ state, update, sizes: [IMPORTS_PAGE_SIZE], label: t("paginationLabel") }}
        />
      </div>
    </section>
  );
}

function useImportColumns() {
  const t = useTranslations("erp.imports");
  const dt = useDateTime();
  return useMemo(
    () =>
      helper.columns([
        helper.display({
          id: "when",
          header: () => t("table.when"),
          meta: { label: t("table.when"), className: "whitespace-nowrap" },
          cell: ({ row: { original: run } }) => (
            <time dateTime={run.startedAt}>{dt.dateTime(run.startedAt)}</time>
          ),
        }),
        helper.display({
          id: "who",
          header: () => t("table.who"),
          meta: { label: t("table.who"), className: "break-all" },
          cell: ({ row: { original: run } }) =>
            run.origin === "scheduled" ? (
              <Link href={run.scheduleId ? `/erp/schedules?history=${run.scheduleId}` : "/erp/schedules"} className={linkClass}>
                {starterName(t, run)}
              </Link>
            ) : (
              run.startedBy.email
            ),
        }),
        helper.display({
          id: "origin",
          header: () => t("table.origin"),
          meta: { label: t("table.origin") },
          cell: ({ row: { original: run } }) => <span data-origin={run.origin ?? "manual"}>{t(`origins.${run.origin ?? "manual"}`)}</span>,
        }),
        helper.display({ id: "kind", header: () => t("table.kind"), meta: { label: t("table.kind") }, cell: ({ row }) => t(`kinds.${row.original.kind}.name`) }),
        helper.display({
          id: "outcome",
          header: () => t("table.outcome"),
          meta: { label: t("table.outcome") },
          cell: ({ row: { original: run } }) => (
            <>
              <ImportOutcomeBadge outcome={run.outcome} />
              {run.repeatConfirmed ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t("repeatConfirmed")}</span> : null}
            </>
          ),
        }),
        helper.display({
          id: "message",
          header: () => t("table.message"),
          meta: { label: t("table.message"), className: "max-w-md break-words" },
          cell: ({ row: { original: run } }) => (
            <>
              {run.outcome === "failed" ? importErrorText(t, run.errorCode) : null}
              {run.message ? (
                <span className={run.outcome === "failed" ? "ml-1" : ""} lang="tr">
                  {run.message}
                </span>
              ) : null}
            </>
          ),
        }),
      ]),
    [t, dt],
  );
}
