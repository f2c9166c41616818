// The console's default/active rules for warehouses (upstream-api.md leaves them open), free of
// zod and of server code: the forms, the row menus, the bulk bar and the service all ask here.

export interface WarehouseFlags {
  isDefault: boolean;
  isActive: boolean;
}

/** A broken rule: the field it is about and its key under `warehouses.validation`. */
export type WarehouseRuleBreak =
  | { field: "isActive"; key: "defaultMustBeActive" }
  | { field: "isDefault"; key: "defaultCannotBeUnset" | "defaultCannotBeDeleted" };

/**
 * What saving `change` over `current` (absent when creating) would break: the default stays default
 * until another takes its place, and the default is always active.
 */
export function saveRuleBreak(change: Partial<WarehouseFlags>, current?: WarehouseFlags): WarehouseRuleBreak | null {
  const next = { isDefault: change.isDefault ?? current?.isDefault ?? false, isActive: change.isActive ?? current?.isActive ?? true };
  if (current?.isDefault && !next.isDefault) return { field: "isDefault", key: "defaultCannotBeUnset" };
  if (next.isDefault && !next.isActive) return { field: "isActive", key: "defaultMustBeActive" };
  return null;
}

/** The default cannot be deleted: another warehouse must be made the default first. */
export function deleteRuleBreak(current: WarehouseFlags): WarehouseRuleBreak | null {
  return current.isDefault ? { field: "isDefault", key: "defaultCannotBeDeleted" } : null;
}
