import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { updateWarehouseBodySchema, warehouseIdParamSchema } from "@/lib/warehouses/schemas";
import { deleteWarehouse, getWarehouse, updateWarehouse } from "@/lib/warehouses/service";

type Params = { id: string };

// GET /api/warehouses/{id}: one warehouse, as the upstream has it now.
export const GET = withRoute<Params>("read", async ({ params }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json({ warehouse: await getWarehouse(id) });
});

// PUT /api/warehouses/{id}: edit; 409 with both versions when it changed since the form loaded.
export const PUT = withRoute<Params>("warehouse.write", async ({ req, params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  const body = await parseBody(req, updateWarehouseBodySchema);
  return json(await updateWarehouse(id, body, service));
});

// DELETE /api/warehouses/{id}: admins only; never the default warehouse.
export const DELETE = withRoute<Params>("warehouse.delete", async ({ params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json(await deleteWarehouse(id, service));
});
