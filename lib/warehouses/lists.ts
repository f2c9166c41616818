import type { WarehouseListState } from "@/lib/warehouses/schemas";
import { defineListBase, type Field } from "@/lib/list/base";
import { hasControlCharacters } from "@/lib/rules/text";
import {
  DEFAULT_WAREHOUSE_SORT,
  isWarehouseSort,
  SEARCH_MAX,
  WAREHOUSE_PAGE_SIZES,
  WAREHOUSE_SORT_COLUMNS,
  WAREHOUSE_STATUSES,
  type WarehousePageSize,
  type WarehouseSort,
  type WarehouseSortColumn,
  type WarehouseStatus,
} from "@/lib/rules/warehouse";

// The warehouse list's URL state and sort helpers without zod, for the browser; lib/warehouses/schemas.ts
// builds the same list on zod fields for the page and the handlers (a test holds the fields equal).

export const WAREHOUSES_API = "/api/warehouses";
export const DEFAULT_PAGE_SIZE: WarehousePageSize = 25;

export const warehouseListSpec = {
  path: WAREHOUSES_API,
  pageSizes: WAREHOUSE_PAGE_SIZES,
  filters: ["q", "status"] as ("q" | "status")[],
  apiValue: { q: (q: string) => q.trim() },
};

const absent = (v: unknown) => v === undefined || v === "";
const field = <T>(safeParse: (v: unknown) => T | null): Field<T> => ({
  safeParse: (v) => {
    const out = safeParse(v);
    return out === null ? { success: false } : { success: true, data: out };
  },
});

export const warehouseListBase = defineListBase({
  ...warehouseListSpec,
  fields: {
    page: field((v) => (absent(v) ? 1 : typeof v === "string" && /^[1-9]\d{0,6}$/.test(v) ? Number(v) : null)),
    limit: field<WarehousePageSize>((v) => (absent(v) ? DEFAULT_PAGE_SIZE : (WAREHOUSE_PAGE_SIZES.find((n) => String(n) === v) ?? null))),
    // Kept as typed for the search box; checked as trimmed, since blanks around it are not control text.
    q: field((v) => {
      if (v === undefined) return "";
      if (typeof v !== "string") return null;
      return v.trim().length <= SEARCH_MAX && !hasControlCharacters(v.trim()) ? v : null;
    }),
    status: field<WarehouseStatus>((v) =>
      v === undefined ? "all" : typeof v === "string" && (WAREHOUSE_STATUSES as readonly string[]).includes(v) ? (v as WarehouseStatus) : null,
    ),
    sort: field<WarehouseSort>((v) =>
      v === undefined ? (DEFAULT_WAREHOUSE_SORT as WarehouseSort) : typeof v === "string" && isWarehouseSort(v) ? (v as WarehouseSort) : null,
    ),
  },
});

export function hasListFilters(state: Pick<WarehouseListState, "q" | "status">): boolean {
  return warehouseListBase.isFiltered({ ...warehouseListBase.defaults, ...state });
}

export function warehouseExportHref(state: Pick<WarehouseListState, "q" | "status" | "sort">): string {
  return warehouseListBase.href("export", state);
}

export interface SortParts {
  column: WarehouseSortColumn;
  desc: boolean;
}

export function parseSort(sort: WarehouseSort): SortParts {
  const [column, direction] = sort.split(".");
  const known = WAREHOUSE_SORT_COLUMNS.find((c) => c === column) ?? "id";
  return { column: known, desc: direction === "desc" };
}

export function formatSort({ column, desc }: SortParts): WarehouseSort {
  return `${column}.${desc ? "desc" : "asc"}`;
}

export function sortingFromSort(sort: WarehouseSort): { id: string; desc: boolean }[] {
  const { column, desc } = parseSort(sort);
  return [{ id: column, desc }];
}

export function sortFromSorting(sorting: readonly { id: string; desc: boolean }[]): WarehouseSort {
  const first = sorting[0];
  const column = WAREHOUSE_SORT_COLUMNS.find((c) => c === first?.id);
  return first && column ? formatSort({ column, desc: first.desc }) : (DEFAULT_WAREHOUSE_SORT as WarehouseSort);
}

export function toggleSort(current: WarehouseSort, column: WarehouseSortColumn): WarehouseSort {
  const now = parseSort(current);
  return formatSort({ column, desc: now.column === column ? !now.desc : false });
}
