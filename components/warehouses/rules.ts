import { deleteRuleBreak, saveRuleBreak, WAREHOUSE_FIELDS, type WarehouseField } from "@/lib/rules/warehouse";
import type { Warehouse, WarehouseConflict, WarehouseValues } from "@/lib/warehouses/schemas";

// What the UI offers for a warehouse before asking the server (which checks again): role first, then the rules.

export interface WarehousePermissions {
  canWrite: boolean;
  canDelete: boolean;
}

export type BlockReason =
  | "writeRole"
  | "deleteRole"
  | "alreadyDefault"
  | "passiveCannotBeDefault"
  | "defaultCannotBeDeactivated"
  | "defaultCannotBeDeleted";

export interface ActionAvailability {
  edit: BlockReason | null;
  makeDefault: BlockReason | null;
  toggleActive: BlockReason | null;
  remove: BlockReason | null;
}

// A viewer is told about the role, not about the default rule.
export function actionAvailability(w: Pick<Warehouse, "isDefault" | "isActive">, perms: WarehousePermissions): ActionAvailability {
  const write = perms.canWrite ? null : "writeRole";
  return {
    edit: write,
    makeDefault: write ?? (w.isDefault ? "alreadyDefault" : saveRuleBreak({ isDefault: true }, w) ? "passiveCannotBeDefault" : null),
    toggleActive: write ?? (saveRuleBreak({ isActive: !w.isActive }, w) ? "defaultCannotBeDeactivated" : null),
    remove: perms.canDelete ? (deleteRuleBreak(w) ? "defaultCannotBeDeleted" : null) : "deleteRole",
  };
}

export function changedValues(loaded: WarehouseValues, values: WarehouseValues): Partial<WarehouseValues> {
  const out: Partial<WarehouseValues> = {};
  for (const field of WAREHOUSE_FIELDS) if (values[field] !== loaded[field]) Object.assign(out, { [field]: values[field] });
  return out;
}

export function snapshotOf(w: Warehouse): WarehouseValues {
  return { name: w.name, code: w.code, erpWarehouseId: w.erpWarehouseId, isActive: w.isActive, isDefault: w.isDefault };
}

export interface ConflictRow {
  field: WarehouseField;
  loaded: WarehouseValues[WarehouseField];
  theirs: WarehouseValues[WarehouseField];
  yours: WarehouseValues[WarehouseField];
  changedByThem: boolean;
  changedByYou: boolean;
  clash: boolean;
}

export function conflictRows(conflict: WarehouseConflict, loaded: WarehouseValues): ConflictRow[] {
  const theirs = snapshotOf(conflict.theirs);
  const rows: ConflictRow[] = [];
  for (const field of WAREHOUSE_FIELDS) {
    const changedByThem = theirs[field] !== loaded[field];
    const changedByYou = field in conflict.yours && conflict.yours[field] !== loaded[field];
    if (!changedByThem && !changedByYou) continue;
    const yours = changedByYou ? (conflict.yours[field] as WarehouseValues[WarehouseField]) : loaded[field];
    rows.push({ field, loaded: loaded[field], theirs: theirs[field], yours, changedByThem, changedByYou, clash: changedByThem && changedByYou && yours !== theirs[field] });
  }
  return rows;
}
