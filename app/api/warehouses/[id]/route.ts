import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { updateWarehouseBodySchema, warehouseIdParamSchema } from "@/lib/warehouses/schemas";
import { deleteWarehouse, getWarehouse, updateWarehouse } from "@/lib/warehouses/service";

type Params = { id: string };

export const GET = withRoute<Params>("read", async ({ params }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json({ warehouse: await getWarehouse(id) });
});

export const PUT = withRoute<Params>("warehouse.write", async ({ req, params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  const body = await parseBody(req, updateWarehouseBodySchema);
  return json(await updateWarehouse(id, body, service));
});

export const DELETE = withRoute<Params>("warehouse.delete", async ({ params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json(await deleteWarehouse(id, service));
});
