import type { ReactNode } from "react";
import { cardRole, TableView, type CardRole, type RowDetail } from "@/components/data-table/table-view";

// The table kit for a page of rows without sorting, selection or column choice: the same markup as DataTable, no TanStack.

export interface ListColumn<T> {
  id: string;
  header: ReactNode;
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
  rowHeader?: boolean;
  card?: CardRole;
}

export function listColumns<T, Id extends string = string>(t: (key: string) => string, prefix: string) {
  return (id: Id, cell: ListColumn<T>["cell"], more?: Partial<ListColumn<T>>): ListColumn<T> => ({ id, header: t(prefix + id), label: t(prefix + id), cell, ...more });
}

export interface ListTableProps<T> {
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  caption: string;
  busy?: boolean;
  testId?: string;
  rowTestId?: string;
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  rowClassName?: (row: T) => string;
  detail?: (row: T) => RowDetail | null;
}

export function ListTable<T>({ columns, rows, rowId, caption, busy, testId, rowTestId, rowProps, rowClassName, detail }: ListTableProps<T>) {
  return (
    <TableView
      caption={caption}
      busy={busy}
      testId={testId}
      headers={columns.map((c) => ({ id: c.id, content: c.header, className: c.className }))}
      rows={rows.map((row) => ({
        id: rowId(row),
        props: { "data-testid": rowTestId, ...rowProps?.(row) },
        className: rowClassName?.(row),
        detail: detail?.(row),
        cells: columns.map((c) => ({ id: c.id, label: c.label, content: c.cell(row), className: c.className, rowHeader: c.rowHeader, card: cardRole(c.id, c.card, c.rowHeader) })),
      }))}
    />
  );
}
