"use client";

import { createColumnHelper, useTable, type RowSelectionState, type SortingState, type Updater } from "@tanstack/react-table";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { SWRConfig } from "swr";
import { DataTable, selectionColumn } from "@/components/data-table/data-table";
import { DataTableColumnToggle } from "@/components/data-table/data-table-column-toggle";
import { dataTableFeatures, type DataTableFeatures } from "@/components/data-table/features";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { ExportCapNote } from "@/components/ui/export-cap-note";
import { GatedButton } from "@/components/ui/gated-button";
import { buttonClass, linkClass } from "@/components/ui/styles";
import { useListState } from "@/lib/list/client";
import { WAREHOUSE_PAGE_SIZES, type WarehouseStatus } from "@/lib/rules/warehouse";
import { useWarehouses, type KeyedWarehouseList } from "@/lib/warehouses/client";
import { withFormat } from "@/lib/export/format";
import { sortFromSorting, sortingFromSort, warehouseExportHref, warehouseListBase as warehouseList, withListQuery } from "@/lib/warehouses/lists";
import type { ListedWarehouse } from "@/lib/warehouses/schemas";
import type { BulkReport } from "@/components/warehouses/bulk-status-bar";
import type { WarehousePermissions } from "@/components/warehouses/rules";
import { useWarehouseActions } from "@/components/warehouses/use-warehouse-actions";
import { useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";
import { ReadinessMarker } from "@/components/warehouses/readiness-marker";
import { DefaultBadge, StatusBadge } from "@/components/warehouses/warehouse-badges";
import { WarehouseRowMenu, type RowActions } from "@/components/warehouses/warehouse-row-menu";
import { WarehouseSearch } from "@/components/warehouses/warehouse-search";
import { ViewsControl } from "@/components/views/views-control";
import { useHiddenColumns } from "@/lib/views/client";
import { WAREHOUSE_HIDEABLE_COLUMNS } from "@/lib/views/lists";

const EMPTY_ROWS: ListedWarehouse[] = [];
const NO_SELECTION: RowSelectionState = {};

// Loaded just after the page, not with it: the bar renders empty until a row is selected, and none of it is server-rendered.
const BulkStatusBar = dynamic(() => import("@/components/warehouses/bulk-status-bar").then((m) => m.BulkStatusBar), { ssr: false });
const BulkReportPanel = dynamic(() => import("@/components/warehouses/bulk-status-bar").then((m) => m.BulkReportPanel), { ssr: false });

const SKELETON_CELLS = ["w-24", "flex-1", "w-24", "w-24", "w-24", "w-24", "w-24"] as const;
const helper = createColumnHelper<DataTableFeatures, ListedWarehouse>();

export function WarehousesView({ fallback, perms, exportMaxRows }: { fallback: Record<string, KeyedWarehouseList>; perms: WarehousePermissions; exportMaxRows: number }) {
  return (
    <SWRConfig value={{ fallback }}>
      <WarehouseList perms={perms} exportMaxRows={exportMaxRows} />
    </SWRConfig>
  );
}

function WarehouseList({ perms, exportMaxRows }: { perms: WarehousePermissions; exportMaxRows: number }) {
  const t = useTranslations("warehouses");
  const tExports = useTranslations("exports");
  const format = useFormatter();
  const problemText = useWarehouseProblemText();
  const [state, update] = useListState(warehouseList);
  const warehouses = useWarehouses(state);
  const { key, data, error, stale } = warehouses;
  const filtered = warehouseList.isFiltered(state);
  const listQuery = useSearchParams().toString();

  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const onStatus = useCallback((status: WarehouseStatus) => update({ status }), [update]);
  const clearFilters = useCallback(() => update({ q: "", status: "all" }), [update]);

  const { askMakeDefault, askDelete, toggleActive, dialogs } = useWarehouseActions();
  const actions = useMemo<RowActions>(() => ({ askMakeDefault, askDelete, toggleActive }), [askMakeDefault, askDelete, toggleActive]);

  // Selection belongs to the view it was made in: another page or filter starts empty.
  const [selection, setSelection] = useState<{ key: string; ids: RowSelectionState }>({ key, ids: NO_SELECTION });
  const rowSelection = selection.key === key ? selection.ids : NO_SELECTION;
  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) =>
      setSelection((prev) => {
        const base = prev.key === key ? prev.ids : NO_SELECTION;
        return { key, ids: typeof updater === "function" ? updater(base) : updater };
      }),
    [key],
  );
  const clearSelection = useCallback(() => setSelection({ key, ids: NO_SELECTION }), [key]);
  const [report, setReport] = useState<BulkReport | null>(null);

  // Hidden columns live in the URL (?hide=), so a saved view and a pasted link keep them.
  const { hidden, visibility: columnVisibility, onVisibilityChange } = useHiddenColumns(WAREHOUSE_HIDEABLE_COLUMNS);
  const sorting = useMemo(() => sortingFromSort(state.sort), [state.sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => update({ sort: sortFromSorting(typeof updater === "function" ? updater(sorting) : updater) }),
    [sorting, update],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        selectionColumn<ListedWarehouse>({
          label: t("columns.select"),
          selectAllLabel: t("columns.selectAll"),
          selectRowLabel: (w) => t("columns.selectRow", { name: w.name }),
        }),
        helper.accessor("id", {
          header: () => t("columns.id"),
          meta: { label: t("columns.id"), className: "w-16 tabular-nums" },
        }),
        helper.accessor("name", {
          header: () => t("columns.name"),
          meta: { label: t("columns.name"), card: "title" },
          enableHiding: false,
          cell: ({ row }) => (
            <Link href={withListQuery(`/warehouses/${row.original.id}`, listQuery)} className={linkClass}>
              {row.original.name}
            </Link>
          ),
        }),
        helper.accessor("code", {
          header: () => t("columns.code"),
          meta: { label: t("columns.code"), className: "font-mono", card: "title" },
        }),
        helper.accessor("erpWarehouseId", {
          header: () => t("columns.erpWarehouseId"),
          meta: { label: t("columns.erpWarehouseId"), className: "font-mono" },
          cell: ({ row }) =>
            row.original.erpWarehouseId ?? (
              <span className="text-slate-600 dark:text-slate-300">
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t("detail.notMapped")}</span>
              </span>
            ),
        }),
        helper.accessor("isDefault", {
          header: () => t("columns.isDefault"),
          meta: { label: t("columns.isDefault"), card: "badge" },
          cell: ({ row }) => (row.original.isDefault ? <DefaultBadge /> : <span className="sr-only">{t("columns.notDefault")}</span>),
        }),
        helper.accessor("isActive", {
          header: () => t("columns.isActive"),
          meta: { label: t("columns.isActive"), card: "badge" },
          cell: ({ row }) => <StatusBadge isActive={row.original.isActive} />,
        }),
        helper.display({
          id: "readiness",
          header: () => t("readiness.column"),
          meta: { label: t("readiness.column"), card: "badge" },
          enableSorting: false,
          cell: ({ row }) => <ReadinessMarker attention={row.original.attention ?? []} />,
        }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("columns.actions")}</span>,
          meta: { label: t("columns.actions"), className: "w-12 text-right" },
          enableHiding: false,
          enableSorting: false,
          cell: ({ row }) => <WarehouseRowMenu warehouse={row.original} perms={perms} actions={actions} listQuery={listQuery} />,
        }),
      ]),
    [t, perms, actions, listQuery],
  );

  const rows = data?.items ?? EMPTY_ROWS;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (w) => String(w.id),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowRangeSelection: false,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange,
    onRowSelectionChange,
    onColumnVisibilityChange: onVisibilityChange,
  });

  const selected = rows.filter((w) => rowSelection[String(w.id)]);
  const n = (v: number) => format.number(v);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <WarehouseSearch q={state.q} status={state.status} onSearch={onSearch} onStatus={onStatus} />
        <div className="flex flex-wrap items-center gap-2">
          <ViewsControl list="warehouses" state={state} hidden={hidden} />
          <DataTableColumnToggle table={table} label={t("columns.toggle")} panelLabel={t("columns.toggleLabel")} testId="column-toggle" />
          <a href={warehouseExportHref(state)} download className={buttonClass.secondary} title={t("export.hint")} data-testid="export-csv">
            {t("export.label")}
          </a>
          <a href={withFormat(warehouseExportHref(state), "xlsx")} download className={buttonClass.secondary} title={tExports("xlsxHint")} data-testid="export-xlsx">
            {tExports("xlsx")}
          </a>
          <ExportCapNote maxRows={exportMaxRows} />
        </div>
      </div>

      <p className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid="warehouse-total" aria-live="polite">
        {data && !error && !stale
          ? filtered
            ? t("list.totalFiltered", { total: data.total, all: n(data.totalAll) })
            : t("list.total", { total: data.total })
          : "\u00a0"}
        <span role="status" className="ml-3 text-slate-600 dark:text-slate-300">
          {stale ? t("list.updating") : ""}
        </span>
      </p>

      {report ? <BulkReportPanel report={report} onDismiss={() => setReport(null)} /> : null}
      <BulkStatusBar
        selected={selected}
        canWrite={perms.canWrite}
        onClear={clearSelection}
        onDone={(r) => {
          setReport(r);
          clearSelection();
        }}
      />

      <ResourceList
        testId="warehouse"
        errorMessages="warehouses.list"
        texts={listTexts(t, "list.", {
          noMatchTitle: state.q.trim() ? t("list.noMatchTitle", { q: state.q.trim() }) : t("list.noMatchFilterTitle"),
          clearFilters: t("filters.clear"),
        })}
        query={warehouses}
        filtered={filtered}
        skeleton={{ rows: Math.min(state.limit, 10), cells: SKELETON_CELLS }}
        errorDetail={error ? <p className="mt-1">{problemText(error)}</p> : null}
        emptyAction={
          <GatedButton variant="primary" href={withListQuery("/warehouses/new", listQuery)} disabledReason={perms.canWrite ? null : t("reasons.writeRole")}>
            {t("actions.create")}
          </GatedButton>
        }
        onClearFilters={clearFilters}
        paging={{ messages: "warehouses.pagination", testId: "warehouse-pagination", state, sizes: WAREHOUSE_PAGE_SIZES, update }}
      >
        <DataTable
          table={table}
          caption={t("list.caption")}
          busy={stale}
          testId="warehouse-table"
          rowTestId="warehouse-row"
          rowProps={(w) => ({ "data-id": String(w.id), "data-code": w.code })}
        />
      </ResourceList>
      {dialogs}
    </div>
  );
}
