import type { CardRole } from "@/components/data-table/table-view";
import { columnVisibilityFeature, rowSelectionFeature, rowSortingFeature, tableFeatures } from "@tanstack/react-table";

// Lists are sorted on the server, so sorting is manual and there is no sorted row model.

export interface DataTableColumnMeta {
  /** The column's name in the visibility menu (and its header when the header is not text). */
  label: string;
  className?: string;
  card?: CardRole;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;
