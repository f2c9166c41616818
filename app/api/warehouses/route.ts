import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { createWarehouseBodySchema, warehouseList } from "@/lib/warehouses/schemas";
import { createWarehouse, listWarehouses } from "@/lib/warehouses/service";

export const GET = withRoute("read", async ({ req }) => {
  const query = parseQuery(req, warehouseList.querySchema);
  return json(await listWarehouses(query));
});

export const POST = withRoute("warehouse.write", async ({ req, service }) => {
  const body = await parseBody(req, createWarehouseBodySchema);
  return json(await createWarehouse(body, service), { status: 201 });
});
