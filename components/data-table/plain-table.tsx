import type { ReactNode } from "react";

// The table kit's small fixed table (a diff, a comparison, a key list): no sorting, selection or paging, so no TanStack in the page's code.

export interface PlainColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string | ((row: T) => string);
  headerClassName?: string;
  rowHeader?: boolean;
  cellProps?: (row: T) => Record<`data-${string}`, string>;
}

export function PlainTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  hideHeader = false,
  className = "",
  headClassName = "",
  rowClassName = "",
  rowProps,
  testId,
}: {
  columns: readonly PlainColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  caption?: string;
  hideHeader?: boolean;
  className?: string;
  headClassName?: string;
  rowClassName?: string;
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  testId?: string;
}) {
  return (
    <table className={`w-full border-collapse text-sm ${className}`} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={hideHeader ? "sr-only" : headClassName}>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={`px-3 py-2 text-left font-medium ${column.headerClassName ?? ""}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName} {...rowProps?.(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? "th" : "td";
              const extra = typeof column.className === "function" ? column.className(row) : (column.className ?? "");
              return (
                <Cell key={column.id} scope={column.rowHeader ? "row" : undefined} className={`px-3 py-2 text-left align-top ${extra}`} {...column.cellProps?.(row)}>
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
