// The warehouse list's fixed values and the check of a sort value, without zod: the list page's
// browser code needs these, and importing lib/schemas/warehouse.ts there would ship zod with it.

export const WAREHOUSES_MAX_PAGE_SIZE = 100;
export const WAREHOUSE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WAREHOUSE_STATUSES = ["all", "active", "passive", "default"] as const;
export const WAREHOUSE_SORT_COLUMNS = ["id", "name", "code", "erpWarehouseId", "isActive", "isDefault"] as const;
export const WAREHOUSE_SORT_DIRECTIONS = ["asc", "desc"] as const;
export const DEFAULT_WAREHOUSE_SORT = "id.asc";
export const NAME_MAX = 100;
export const CODE_MAX = 50;
export const ERP_ID_MAX = 50;
export const SEARCH_MAX = 100;

export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];
export type WarehouseSortColumn = (typeof WAREHOUSE_SORT_COLUMNS)[number];
export type WarehouseSort = `${WarehouseSortColumn}.${(typeof WAREHOUSE_SORT_DIRECTIONS)[number]}`;

/** Is `value` a `<column>.<asc|desc>` sort the list accepts? */
export function isWarehouseSort(value: string): value is WarehouseSort {
  const [column, direction, ...rest] = value.split(".");
  return (
    rest.length === 0 &&
    (WAREHOUSE_SORT_COLUMNS as readonly string[]).includes(column ?? "") &&
    (WAREHOUSE_SORT_DIRECTIONS as readonly string[]).includes(direction ?? "")
  );
}
