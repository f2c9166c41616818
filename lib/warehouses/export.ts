import type { ExportSheet } from "@/lib/export/sheet";
import type { Warehouse } from "@/lib/warehouses/schemas";

export const WAREHOUSE_SHEET: ExportSheet<Warehouse, "warehouses"> = {
  name: "warehouses",
  columns: [
    { key: "id", value: (w) => w.id },
    { key: "name", value: (w) => w.name },
    { key: "code", value: (w) => w.code },
    // Text, not a number: "0042" keeps its zeros.
    { key: "erpWarehouseId", value: (w) => w.erpWarehouseId ?? "" },
    { key: "isDefault", value: (w, t) => (w.isDefault ? t.yes : t.no) },
    { key: "isActive", value: (w, t) => (w.isActive ? t.active : t.passive) },
  ],
};
