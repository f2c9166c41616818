// The warehouse rules and fixed values, free of zod and server code: forms, list, bulk bar and service share them.

export const WAREHOUSE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WAREHOUSE_STATUSES = ["all", "active", "passive", "default"] as const;
export const WAREHOUSE_SORT_COLUMNS = ["id", "name", "code", "erpWarehouseId", "isActive", "isDefault"] as const;
export const WAREHOUSE_SORT_DIRECTIONS = ["asc", "desc"] as const;
export const DEFAULT_WAREHOUSE_SORT = "id.asc";
export const WAREHOUSE_FIELDS = ["name", "code", "erpWarehouseId", "isActive", "isDefault"] as const;
export const NAME_MAX = 100;
export const CODE_MAX = 50;
export const ERP_ID_MAX = 50;
export const SEARCH_MAX = 100;
export const BULK_MAX = 500;

export type WarehousePageSize = (typeof WAREHOUSE_PAGE_SIZES)[number];
export type WarehouseStatus = (typeof WAREHOUSE_STATUSES)[number];
export type WarehouseSortColumn = (typeof WAREHOUSE_SORT_COLUMNS)[number];
export type WarehouseSort = `${WarehouseSortColumn}.${(typeof WAREHOUSE_SORT_DIRECTIONS)[number]}`;
export type WarehouseField = (typeof WAREHOUSE_FIELDS)[number];

export function isWarehouseSort(value: string): value is WarehouseSort {
  const [column, direction, ...rest] = value.split(".");
  return (
    rest.length === 0 &&
    (WAREHOUSE_SORT_COLUMNS as readonly string[]).includes(column ?? "") &&
    (WAREHOUSE_SORT_DIRECTIONS as readonly string[]).includes(direction ?? "")
  );
}

export interface WarehouseFlags {
  isDefault: boolean;
  isActive: boolean;
}

export type WarehouseRuleBreak =
  | { field: "isActive"; key: "defaultMustBeActive" }
  | { field: "isDefault"; key: "defaultCannotBeUnset" | "defaultCannotBeDeleted" };

// upstream-api.md leaves the default to the console: exactly one, always active, until another replaces it.
export function saveRuleBreak(change: Partial<WarehouseFlags>, current?: WarehouseFlags): WarehouseRuleBreak | null {
  const next = { isDefault: change.isDefault ?? current?.isDefault ?? false, isActive: change.isActive ?? current?.isActive ?? true };
  if (current?.isDefault && !next.isDefault) return { field: "isDefault", key: "defaultCannotBeUnset" };
  if (next.isDefault && !next.isActive) return { field: "isActive", key: "defaultMustBeActive" };
  return null;
}

export function deleteRuleBreak(current: WarehouseFlags): WarehouseRuleBreak | null {
  return current.isDefault ? { field: "isDefault", key: "defaultCannotBeDeleted" } : null;
}
