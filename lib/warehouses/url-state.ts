import { z } from "zod";
import { defineList, type ListPatch, type ListState } from "@/lib/list/definition";
import { hasControlCharacters } from "@/lib/rules/text";
import {
  DEFAULT_WAREHOUSE_SORT,
  SEARCH_MAX,
  WAREHOUSE_PAGE_SIZES,
  WAREHOUSE_SORT_COLUMNS,
  WAREHOUSE_STATUSES,
  isWarehouseSort,
  type WarehouseSort,
  type WarehouseSortColumn,
} from "@/lib/schemas/warehouse-constants";

export type WarehousePageSize = (typeof WAREHOUSE_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: WarehousePageSize = 25;
export const WAREHOUSES_API = "/api/warehouses";

const blank = (v: string | undefined) => v === undefined || v === "";

/** The warehouse list (?page&limit&q&status&sort): the API's query and the page's URL. */
export const warehouseList = defineList({
  path: WAREHOUSES_API,
  pageSizes: WAREHOUSE_PAGE_SIZES,
  filters: ["q", "status"],
  fields: {
    page: z
      .string()
      .optional()
      .transform((v) => (blank(v) ? "1" : v!))
      .pipe(z.string().regex(/^[1-9]\d{0,6}$/, { message: "validation.warehouses.page" }))
      .transform(Number),
    limit: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (blank(v)) return DEFAULT_PAGE_SIZE;
        const size = WAREHOUSE_PAGE_SIZES.find((n) => String(n) === v);
        if (size !== undefined) return size;
        ctx.addIssue({ code: "custom", message: "validation.warehouses.limit", params: { sizes: WAREHOUSE_PAGE_SIZES.join(", ") } });
        return z.NEVER;
      }),
    // As typed (the search box shows it so); the API's copy is trimmed.
    q: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .refine((v) => v.trim().length <= SEARCH_MAX, { message: "validation.warehouses.searchTooLong" })
      .refine((v) => !hasControlCharacters(v), { message: "validation.warehouses.searchControlCharacters" }),
    status: z.enum(WAREHOUSE_STATUSES).optional().default("all"),
    sort: z
      .string()
      .refine(isWarehouseSort, { message: "validation.warehouses.sort", params: { columns: WAREHOUSE_SORT_COLUMNS.join(", ") } })
      .transform((v) => v as WarehouseSort)
      .optional()
      .default(DEFAULT_WAREHOUSE_SORT as WarehouseSort),
  },
  apiValue: { q: (q) => q.trim() },
});

export type WarehouseListState = ListState<(typeof warehouseList)["fields"]>;
export type ListStatePatch = ListPatch<(typeof warehouseList)["fields"]>;
export const DEFAULT_LIST_STATE: WarehouseListState = warehouseList.defaults;
export const loadWarehouseListState = warehouseList.load;
export const serializeWarehouseListState = warehouseList.urlSearch;
export const listStateUpdate = warehouseList.update;
export const warehouseListKey = warehouseList.key;

/** True when search or status narrow the list (sort and paging do not). */
export function hasListFilters(state: Pick<WarehouseListState, "q" | "status">): boolean {
  return warehouseList.isFiltered({ ...DEFAULT_LIST_STATE, ...state });
}

/** The CSV of every warehouse matching the filter and sort (no paging). */
export function warehouseExportHref(state: Pick<WarehouseListState, "q" | "status" | "sort">): string {
  return warehouseList.href("export", state);
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

/** TanStack Table's sorting state for the URL's sort (one column, always set). */
export function sortingFromSort(sort: WarehouseSort): { id: string; desc: boolean }[] {
  const { column, desc } = parseSort(sort);
  return [{ id: column, desc }];
}

/** The URL's sort for TanStack Table's sorting state; an unknown or cleared sort is the default. */
export function sortFromSorting(sorting: readonly { id: string; desc: boolean }[]): WarehouseSort {
  const first = sorting[0];
  const column = WAREHOUSE_SORT_COLUMNS.find((c) => c === first?.id);
  return first && column ? formatSort({ column, desc: first.desc }) : (DEFAULT_WAREHOUSE_SORT as WarehouseSort);
}

/** A header click: the same column flips direction, another column starts ascending. */
export function toggleSort(current: WarehouseSort, column: WarehouseSortColumn): WarehouseSort {
  const now = parseSort(current);
  return formatSort({ column, desc: now.column === column ? !now.desc : false });
}
