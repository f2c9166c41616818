"use client";

import { Fragment, type ReactNode } from "react";
import type { ColumnDef, HeaderContext, CellContext, ReactTable, RowData } from "@tanstack/react-table";
import { tableWrapClass, thClass, theadClass } from "@/components/ui/styles";
import type { DataTableFeatures } from "@/components/data-table/features";

// The table kit's renderer: a sortable <table> for a TanStack Table v9 instance; the previous rows stay (dimmed) while the next page loads.

/** A full-width line under a row (its details or history), shown while the row has one. */
export interface RowDetail {
  id: string;
  testId?: string;
  content: ReactNode;
}

export function DataTable<TData extends RowData>({
  table,
  caption,
  busy = false,
  testId,
  rowTestId,
  rowProps,
  rowClassName,
  detail,
}: {
  table: ReactTable<DataTableFeatures, TData>;
  caption: string;
  busy?: boolean;
  testId?: string;
  rowTestId?: string;
  rowProps?: (row: TData) => Record<`data-${string}`, string>;
  rowClassName?: (row: TData) => string;
  detail?: (row: TData) => RowDetail | null;
}) {
  // Below the `sm` breakpoint each row is a card of label/value lines (the labels come from the columns' meta), so
  // that nothing is cut off or scrolls sideways on a phone; the header row stays only where it holds controls
  // (sorting, select all), as a row of buttons above the cards. Empty cells leave no line in a card.
  const headerGroups = table.getHeaderGroups();
  const headerControls = headerGroups.some((group) => group.headers.some((h) => h.column.getCanSort() || h.column.id === "select"));
  return (
    <div className={`relative ${tableWrapClass}`}>
      <table className={`w-full border-collapse text-sm transition-opacity max-sm:block ${busy ? "opacity-60" : ""}`} aria-busy={busy} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${theadClass} ${headerControls ? "max-sm:block" : "max-sm:sr-only"}`}>
          {headerGroups.map((group) => (
            <tr key={group.id} className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-2 max-sm:py-1">
              {group.headers.map((header) => {
                const column = header.column;
                const sorted = column.getCanSort() ? column.getIsSorted() : false;
                const meta = column.columnDef.meta;
                const control = column.getCanSort() || column.id === "select";
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={column.getCanSort() ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                    className={`${thClass} ${meta?.className ?? ""} max-sm:w-auto max-sm:p-0 max-sm:text-left ${control ? "max-sm:block" : "max-sm:sr-only"}`}
                  >
                    {header.isPlaceholder ? null : column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-slate-200 max-sm:mx-0 max-sm:min-h-11 max-sm:px-2 dark:hover:bg-slate-700"
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
        <tbody className="max-sm:block">
          {table.getRowModel().rows.map((row) => {
            const more = detail?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr
                  data-testid={rowTestId}
                  {...rowProps?.(row.original)}
                  data-selected={row.getIsSelected() || undefined}
                  className={`border-b border-slate-100 last:border-b-0 hover:bg-slate-50 data-[selected=true]:bg-brand-50 max-sm:block max-sm:px-3 max-sm:py-2 dark:border-slate-800 dark:hover:bg-slate-800/60 dark:data-[selected=true]:bg-slate-800 ${rowClassName?.(row.original) ?? ""}`}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const Cell = meta?.rowHeader ? "th" : "td";
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta?.rowHeader ? "row" : undefined}
                        className={`px-3 py-2 text-left align-middle ${meta?.rowHeader ? "font-medium" : ""} ${meta?.className ?? ""} max-sm:grid max-sm:w-auto max-sm:max-w-none max-sm:grid-cols-[minmax(6rem,38%)_minmax(0,1fr)] max-sm:items-center max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:break-words max-sm:[&:has(>div:empty)]:hidden max-sm:[&:has(>div>span:empty:only-child)]:hidden`}
                      >
                        <span aria-hidden="true" className="font-sans text-xs font-medium text-slate-600 sm:hidden dark:text-slate-300">
                          {meta?.label ?? cell.column.id}
                        </span>
                        <div className="contents max-sm:block max-sm:min-w-0">
                          <table.FlexRender cell={cell} />
                        </div>
                      </Cell>
                    );
                  })}
                </tr>
                {more ? (
                  <tr id={more.id} data-testid={more.testId} className="border-b border-slate-200 bg-slate-50 max-sm:block dark:border-slate-700 dark:bg-slate-950">
                    <td colSpan={row.getVisibleCells().length} className="px-3 py-2 max-sm:block">
                      {more.content}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
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
      <TouchTarget>
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
        <span aria-hidden="true" className="ml-2 font-medium sm:hidden">
          {selectAllLabel}
        </span>
      </TouchTarget>
    ),
    cell: ({ row }: CellContext<DataTableFeatures, TData, unknown>) => (
      <TouchTarget>
        <input
          type="checkbox"
          aria-label={selectRowLabel(row.original)}
          className="h-4 w-4 accent-brand-600"
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={row.getToggleSelectedHandler()}
        />
      </TouchTarget>
    ),
  };
}

/** A checkbox's clickable area: 44 px square on narrow screens, where it is tapped. */
function TouchTarget({ children }: { children: React.ReactNode }) {
  return <label className="inline-flex items-center justify-center align-middle max-sm:min-h-11 max-sm:min-w-11">{children}</label>;
}
