"use client";

import { useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { dataTableFeatures, type DataTableFeatures } from "@/components/data-table/features";
import { ResourceList, type ListPage, type ListQuery, type ResourceListTexts } from "@/components/data-table/resource-list";
import { ErrorState as BaseErrorState, TableSkeleton as BaseTableSkeleton } from "@/components/ui/states";
import type { ProblemError } from "@/lib/swr/fetcher";
import { selectClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { Select } from "@/components/ui/select";

// The ERP lists' shared parts: compact states (each list is a section of its page), a filter menu, a read-only table.

const CELLS = ["w-32", "w-40", "flex-1"] as const;

export function ErrorState({ testId, error, onRetry }: { testId: string; error: ProblemError; onRetry: () => void }) {
  const problemText = useErpProblemText();
  return (
    <BaseErrorState testId={testId} messages="erp.states" error={error} onRetry={onRetry} compact>
      <p className="mt-1 text-sm">{problemText(error)}</p>
    </BaseErrorState>
  );
}

export function TableSkeleton({ testId, rows }: { testId: string; rows: number }) {
  const t = useTranslations("erp.states");
  return <BaseTableSkeleton testId={testId} rows={rows} label={t("loading")} cells={CELLS} />;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column's value type differs per column
type Columns<T extends RowData> = ColumnDef<DataTableFeatures, T, any>[];

interface ErpTableProps<T extends RowData, S extends number> {
  testId: string;
  texts: Omit<ResourceListTexts, "loading">;
  query: ListQuery<ListPage & { items: readonly T[] }>;
  filtered: boolean;
  onClearFilters: () => void;
  table: {
    columns: Columns<T>;
    caption: string;
    rowTestId: string;
    rowId: (row: T) => string;
    rowProps: (row: T) => Record<`data-${string}`, string>;
  };
  paging: { state: { page: number; limit: S }; update: (patch: { page: number } | { limit: S }) => void; sizes: readonly S[]; label: string };
}

export function ErpTable<T extends RowData, S extends number>({ testId, texts, query, filtered, onClearFilters, table, paging }: ErpTableProps<T, S>) {
  const tStates = useTranslations("erp.states");
  const problemText = useErpProblemText();
  const { data: page, error, stale } = query;
  return (
    <ResourceList
      testId={testId}
      texts={{ loading: tStates("loading"), ...texts }}
      errorMessages="erp.states"
      query={query}
      filtered={filtered}
      compact
      skeleton={{ rows: 3, cells: CELLS }}
      errorDetail={error ? <p className="mt-1 text-sm">{problemText(error)}</p> : null}
      onClearFilters={onClearFilters}
      paging={{ messages: "erp.pagination", ...paging }}
    >
      <Rows testId={testId} rows={page?.items ?? []} busy={stale} {...table} />
    </ResourceList>
  );
}

function Rows<T extends RowData>({ testId, rows, busy, columns, caption, rowTestId, rowId, rowProps }: { testId: string; rows: readonly T[]; busy: boolean } & ErpTableProps<T, number>["table"]) {
  const table = useTable({ features: dataTableFeatures, columns, data: rows as T[], getRowId: rowId, enableSorting: false });
  return <DataTable table={table} caption={caption} busy={busy} testId={`${testId}-table`} rowTestId={rowTestId} rowProps={rowProps} />;
}

export function FilterSelect<V extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <Select id={id} className={selectClass} value={value ?? ""} onValueChange={(v) => onChange(options.find((o) => o.value === v)?.value)} options={[{ value: "", label: allLabel }, ...options]} />
    </div>
  );
}
