import { activityListBase } from "@/lib/activity/lists";
import { transferRunListBase } from "@/lib/erp/lists";
import { warehouseListBase } from "@/lib/warehouses/lists";
import { failuresListBase } from "@/lib/erp/inbox/lists";

export const SAVED_VIEW_LISTS = ["warehouses", "activity", "transfers", "erp_failures"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const HIDE_KEY = "hide";
export const VIEW_QUERY_MAX = 1000;
export const VIEWS_API = "/api/views";
export const viewsKey = (list: SavedViewList) => `${VIEWS_API}?list=${list}`;

export const WAREHOUSE_HIDEABLE_COLUMNS = ["id", "code", "erpWarehouseId", "isDefault", "isActive", "readiness"] as const;

export const VIEW_LISTS = {
  warehouses: { path: "/warehouses", definition: warehouseListBase, columns: WAREHOUSE_HIDEABLE_COLUMNS as readonly string[] },
  activity: { path: "/activity", definition: activityListBase, columns: [] as readonly string[] },
  transfers: { path: "/erp", definition: transferRunListBase, columns: [] as readonly string[] },
  erp_failures: { path: "/erp/failures", definition: failuresListBase, columns: [] as readonly string[] },
} as const;

export interface ViewQueryIssue {
  param: string;
  message: string;
  params?: Record<string, unknown>;
}

export type ViewQueryResult = { ok: true; query: string } | { ok: false; issues: ViewQueryIssue[] };

/** The page a view opens; a view of the whole list names page 1, since a bare list URL opens the reader's default view. */
export function viewHref(list: SavedViewList, query: string): string {
  return `${VIEW_LISTS[list].path}?${query || "page=1"}`;
}

export function stateViewQuery(list: SavedViewList, state: object, hidden: readonly string[] = []): string {
  const { definition, columns } = VIEW_LISTS[list];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const params = new URLSearchParams((definition.urlSearch as (s: any) => string)({ ...state, page: 1 }).replace(/^\?/, ""));
  const off = columns.filter((c) => hidden.includes(c));
  if (off.length) params.set(HIDE_KEY, off.join(","));
  return params.toString();
}
