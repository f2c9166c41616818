"use client";

import type { ColumnDef, HeaderContext, CellContext, ReactTable, RowData } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import { SortBy } from "@/components/data-table/sort-by";
import { sortChoices } from "@/components/data-table/sort-choices";
import { cardRole, TableView } from "@/components/data-table/table-view";

// The table kit for a TanStack Table v9 instance (sorting, selection, column choice); lists sort on the server.

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
  const headers = table.getHeaderGroups().flatMap((group) => group.headers);
  const choices = sortChoices(table.getAllLeafColumns());
  return (
    <TableView
      caption={caption}
      busy={busy}
      testId={testId}
      phoneBar={choices.length > 0 ? <SortBy table={table} choices={choices} /> : null}
      headers={headers.map((header) => {
        const column = header.column;
        return {
          id: header.id,
          className: column.columnDef.meta?.className,
          control: column.id === "select",
          sort: column.getCanSort() ? { direction: column.getIsSorted(), onToggle: column.getToggleSortingHandler() ?? (() => {}) } : undefined,
          content: header.isPlaceholder ? null : <table.FlexRender header={header} />,
        };
      })}
      rows={table.getRowModel().rows.map((row) => ({
        id: row.id,
        props: { "data-testid": rowTestId, ...rowProps?.(row.original) },
        selected: row.getIsSelected(),
        cells: row.getVisibleCells().map((cell) => ({
          id: cell.id,
          label: cell.column.columnDef.meta?.label ?? cell.column.id,
          className: cell.column.columnDef.meta?.className,
          card: cardRole(cell.column.id, cell.column.columnDef.meta?.card),
          content: <table.FlexRender cell={cell} />,
        })),
      }))}
    />
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
