"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { Popover } from "@/components/ui/popover";
import type { DataTableFeatures } from "@/components/data-table/features";

export function DataTableColumnToggle<TData extends RowData>({
  table,
  label,
  panelLabel,
  testId,
}: {
  table: ReactTable<DataTableFeatures, TData>;
  label: string;
  panelLabel: string;
  testId?: string;
}) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <Popover label={label} panelLabel={panelLabel} testId={testId}>
      <ul className="space-y-2">
        {columns.map((column) => (
          <li key={column.id}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={column.getIsVisible()}
                onChange={column.getToggleVisibilityHandler()}
              />
              {column.columnDef.meta?.label ?? column.id}
            </label>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
