import { columnVisibilityFeature, rowSelectionFeature, rowSortingFeature, tableFeatures } from "@tanstack/react-table";

// The generic table kit's feature set (TanStack Table v9 registers features explicitly). Lists
// are paged, filtered and sorted on the server: sorting is manual, so no sorted row model.

export interface DataTableColumnMeta {
  /** The column's name in the visibility menu (and its header when the header is not text). */
  label: string;
  /** Extra classes for the column's cells, e.g. "w-10" or "text-right". */
  className?: string;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;
