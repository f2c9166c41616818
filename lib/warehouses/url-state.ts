import { createLoader, createParser, createSerializer } from "nuqs/server";
import {
  DEFAULT_WAREHOUSE_SORT,
  SEARCH_MAX,
  WAREHOUSE_PAGE_SIZES,
  WAREHOUSE_SORT_COLUMNS,
  WAREHOUSE_STATUSES,
  isWarehouseSort,
  type WarehouseSort,
  type WarehouseSortColumn,
  type WarehouseStatus,
} from "@/lib/schemas/warehouse-constants";
import { hasControlCharacters } from "@/lib/rules/text";

// The warehouse list's state in the URL (?page&limit&q&status&sort), read the same way by the
// server page, the client (nuqs) and the SWR key. Each parser only accepts values the API
// accepts; anything else in a pasted link falls back to its default instead of a 422.

export type WarehousePageSize = (typeof WAREHOUSE_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: WarehousePageSize = 25;
const MAX_PAGE = 9_999_999; // the API's page: /^[1-9]\d{0,6}$/

export const pageParser = createParser<number>({
  parse: (v) => (/^[1-9]\d{0,6}$/.test(v) && Number(v) <= MAX_PAGE ? Number(v) : null),
  serialize: String,
}).withDefault(1);

export const limitParser = createParser<WarehousePageSize>({
  parse: (v) => WAREHOUSE_PAGE_SIZES.find((n) => String(n) === v) ?? null,
  serialize: String,
}).withDefault(DEFAULT_PAGE_SIZE);

/** Search text as typed (the API trims it); too long or with control characters: ignored. */
export const searchParser = createParser<string>({
  parse: (v) => (v.trim().length <= SEARCH_MAX && !hasControlCharacters(v) ? v : null),
  serialize: (v) => v,
}).withDefault("");

export const statusParser = createParser<WarehouseStatus>({
  parse: (v) => WAREHOUSE_STATUSES.find((s) => s === v) ?? null,
  serialize: (v) => v,
}).withDefault("all");

export const sortParser = createParser<WarehouseSort>({
  parse: (v) => (isWarehouseSort(v) ? v : null),
  serialize: (v) => v,
}).withDefault(DEFAULT_WAREHOUSE_SORT as WarehouseSort);

export const warehouseListParsers = {
  page: pageParser,
  limit: limitParser,
  q: searchParser,
  status: statusParser,
  sort: sortParser,
};

export interface WarehouseListState {
  page: number;
  limit: WarehousePageSize;
  q: string;
  status: WarehouseStatus;
  sort: WarehouseSort;
}

export const DEFAULT_LIST_STATE: WarehouseListState = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  q: "",
  status: "all",
  sort: DEFAULT_WAREHOUSE_SORT as WarehouseSort,
};

/** Reads the page's `searchParams` (server) or any query string: bad values become defaults. */
export const loadWarehouseListState = createLoader(warehouseListParsers);

/** `?q=…&page=2`, defaults left out, so equal views give equal URLs. */
export const serializeWarehouseListState = createSerializer(warehouseListParsers, { clearOnDefault: true });

/** A change to what the list shows. Filters, sort and page size start again at page 1. */
export type ListStatePatch = Partial<Omit<WarehouseListState, "page">> | { page: number };

/**
 * The URL update for a patch: `null` removes a key (its default). Changing the search, status,
 * sort or page size resets the page; a page change keeps everything else.
 */
export function listStateUpdate(current: WarehouseListState, patch: ListStatePatch): { [K in keyof WarehouseListState]?: WarehouseListState[K] | null } {
  if ("page" in patch) return { page: patch.page > 1 ? patch.page : null };
  const out: { [K in keyof WarehouseListState]?: WarehouseListState[K] | null } = {};
  let changed = false;
  for (const key of ["limit", "q", "status", "sort"] as const) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value === undefined) continue;
    if (value !== current[key]) changed = true;
    Object.assign(out, { [key]: value === DEFAULT_LIST_STATE[key] ? null : value });
  }
  if (changed) out.page = null;
  return out;
}

/** True when search or status narrow the list (sort and paging do not). */
export function hasListFilters(state: Pick<WarehouseListState, "q" | "status">): boolean {
  return state.q.trim() !== "" || state.status !== "all";
}

/** The canonical query string for the API: fixed key order, defaults left out, search trimmed. */
export function listSearchString(state: Partial<WarehouseListState>, { paging = true } = {}): string {
  const params = new URLSearchParams();
  const q = state.q?.trim() ?? "";
  if (paging && state.page !== undefined && state.page !== 1) params.set("page", String(state.page));
  if (paging && state.limit !== undefined && state.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(state.limit));
  if (q) params.set("q", q);
  if (state.status && state.status !== "all") params.set("status", state.status);
  if (state.sort && state.sort !== DEFAULT_WAREHOUSE_SORT) params.set("sort", state.sort);
  return params.toString();
}

export const WAREHOUSES_API = "/api/warehouses";

/** The SWR key (and URL) of one page of the list. */
export function warehouseListKey(state: WarehouseListState): string {
  const search = listSearchString(state);
  return search ? `${WAREHOUSES_API}?${search}` : WAREHOUSES_API;
}

/** The CSV of every warehouse matching the filter and sort (no paging). */
export function warehouseExportHref(state: Pick<WarehouseListState, "q" | "status" | "sort">): string {
  const search = listSearchString(state, { paging: false });
  return search ? `${WAREHOUSES_API}/export?${search}` : `${WAREHOUSES_API}/export`;
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
