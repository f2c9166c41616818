import { csvResponse, toCsv } from "@/lib/rules/csv";
import { parseQuery, withRoute } from "@/lib/http/route";
import { exportWarehousesQuerySchema } from "@/lib/warehouses/schemas";
import { matchAllWarehouses } from "@/lib/warehouses/service";

export const GET = withRoute("read", async ({ req }) => {
  const query = parseQuery(req, exportWarehousesQuerySchema);
  const items = await matchAllWarehouses(query);
  const csv = toCsv(
    ["id", "name", "code", "erpWarehouseId", "isDefault", "isActive"],
    items.map((w) => [w.id, w.name, w.code, w.erpWarehouseId ?? "", w.isDefault ? "yes" : "no", w.isActive ? "active" : "passive"]),
  );
  return csvResponse(csv, "warehouses");
});
