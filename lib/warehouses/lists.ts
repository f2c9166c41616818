import type { WarehouseListState } from "@/lib/warehouses/schemas";
import { defineListBase, field, oneOf, Refusal } from "@/lib/list/base";
import { hasControlCharacters, PLAIN_TEXT_PATTERN } from "@/lib/rules/text";
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

export const WAREHOUSES_API = "/api/warehouses";
export const DEFAULT_PAGE_SIZE: WarehousePageSize = 25;

// Only an empty page or size is absent here, and a blank status or sort is refused: the API's contract since its first version.
const empty = (v: string) => v === "";
const never = () => false;

export const warehouseListBase = defineListBase({
  path: WAREHOUSES_API,
  pageSizes: WAREHOUSE_PAGE_SIZES,
  filters: ["q", "status"],
  apiValue: { q: (q: string) => q.trim() },
  fields: {
    page: field({ fallback: 1, message: "validation.warehouses.page", absent: empty, schema: { type: "integer", minimum: 1, maximum: 9_999_999 } }, (v) => (/^[1-9]\d{0,6}$/.test(v) ? Number(v) : null)),
    limit: field<WarehousePageSize>(
      { fallback: DEFAULT_PAGE_SIZE, message: "validation.warehouses.limit", params: { sizes: WAREHOUSE_PAGE_SIZES.join(", ") }, absent: empty, schema: { enum: [...WAREHOUSE_PAGE_SIZES] } },
      (v) => WAREHOUSE_PAGE_SIZES.find((n) => String(n) === v) ?? null,
    ),
    // Kept as typed for the search box; checked as trimmed, since blanks around it are not control text.
    q: field({ fallback: "", message: "validation.warehouses.searchTooLong", absent: never, schema: { type: "string", maxLength: SEARCH_MAX, pattern: PLAIN_TEXT_PATTERN } }, (v) => {
      if (v.trim().length > SEARCH_MAX) return null;
      return hasControlCharacters(v.trim()) ? new Refusal("validation.warehouses.searchControlCharacters") : v;
    }),
    status: field<WarehouseStatus>(
      { fallback: "all", message: "validation.warehouses.status", params: { statuses: WAREHOUSE_STATUSES.join(", ") }, absent: never },
      oneOf(WAREHOUSE_STATUSES),
    ),
    sort: field<WarehouseSort>(
      {
        fallback: DEFAULT_WAREHOUSE_SORT as WarehouseSort,
        message: "validation.warehouses.sort",
        params: { columns: WAREHOUSE_SORT_COLUMNS.join(", ") },
        absent: never,
        schema: { type: "string", enum: WAREHOUSE_SORT_COLUMNS.flatMap((c) => [`${c}.asc`, `${c}.desc`]) },
      },
      (v) => (isWarehouseSort(v) ? (v as WarehouseSort) : null),
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

// The list's own parameters, carried along a detail or edit visit as ?list= so "All warehouses" returns to the same view.
const LIST_PARAMS = ["q", "status", "sort", "page", "limit", "hide"] as const;
const LIST_VALUE_MAX = 500;

/** Only the list's parameters of a query string, each bounded: ?list= comes from the address bar and is echoed into a link. */
export function listQueryOf(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = from.get(key);
    if (value !== null && value.length <= LIST_VALUE_MAX) kept.set(key, value);
  }
  return kept.toString();
}

export function withListQuery(href: string, listQuery: string): string {
  const kept = listQueryOf(listQuery);
  return kept ? `${href}?${new URLSearchParams({ list: kept }).toString()}` : href;
}

export function backToListHref(list: string | null): string {
  const kept = listQueryOf(list ?? "");
  return kept ? `/warehouses?${kept}` : "/warehouses";
}
