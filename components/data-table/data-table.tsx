"use client";

import type { ColumnDef, HeaderContext, CellContext, ReactTable, RowData } from "@tanstack/react-table";
import { tableWrapClass, thClass, theadClass } from "@/components/ui/styles";
import type { DataTableFeatures } from "@/components/data-table/features";

// The table kit's renderer: a sortable <table> for a TanStack Table v9 instance; the previous rows stay (dimmed) while the next page loads.

export function DataTable<TData extends RowData>({
  table,
  caption,
  busy = false,
  testId,
  rowTestId,
  rowProps,
}: {
  table: ReactTable<DataTableFeatures, TData>;
  caption: string;
  busy?: boolean;
  testId?: string;
  rowTestId?: string;
  rowProps?: (row: TData) => Record<`data-${string}`, string>;
}) {
  return (
    <div className={tableWrapClass}>
      <table className={`w-full border-collapse text-sm transition-opacity ${busy ? "opacity-60" : ""}`} aria-busy={busy} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const sorted = column.getCanSort() ? column.getIsSorted() : false;
                const meta = column.columnDef.meta;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={column.getCanSort() ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                    className={`${thClass} ${meta?.className ?? ""}`}
                  >
                    {header.isPlaceholder ? null : column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-slate-200 dark:hover:bg-slate-700"
                      >
                        <table.FlexRender header={header} />
                        <SortIcon direction={sorted} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid={rowTestId}
              {...rowProps?.(row.original)}
              data-selected={row.getIsSelected() || undefined}
              className="border-b border-slate-100 last:border-b-0 hover:bg-slate-50 data-[selected=true]:bg-brand-50 dark:border-slate-800 dark:hover:bg-slate-800/60 dark:data-[selected=true]:bg-slate-800"
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={`px-3 py-2 align-middle ${cell.column.columnDef.meta?.className ?? ""}`}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className={`text-xs ${direction ? "text-slate-900 dark:text-slate-100" : "text-slate-500 dark:text-slate-400"}`}>
      {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
    </span>
  );
}

export function selectionColumn<TData extends RowData>({
  selectAllLabel,
  selectRowLabel,
  label,
}: {
  selectAllLabel: string;
  selectRowLabel: (row: TData) => string;
  label: string;
}): ColumnDef<DataTableFeatures, TData, unknown> {
  return {
    id: "select",
    enableSorting: false,
    enableHiding: false,
    meta: { label, className: "w-10" },
    header: ({ table }: HeaderContext<DataTableFeatures, TData, unknown>) => (
      <input
        type="checkbox"
        aria-label={selectAllLabel}
        className="h-4 w-4 accent-brand-600"
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }: CellContext<DataTableFeatures, TData, unknown>) => (
      <input
        type="checkbox"
        aria-label={selectRowLabel(row.original)}
        className="h-4 w-4 accent-brand-600"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
