import "server-only";
import { endpoint, json, parseBody, parseParams, parseQuery } from "@/lib/http/route";
import { createWarehouseBodySchema, updateWarehouseBodySchema, warehouseIdParamSchema, warehouseList } from "@/lib/warehouses/schemas";
import { createWarehouse, deleteWarehouse, getWarehouse, listWarehouses, updateWarehouse } from "@/lib/warehouses/service";

// The warehouse handlers behind /api/warehouses and /api/v1/warehouses alike.

type Params = { id: string };

export const listWarehousesEndpoint = endpoint("read", async ({ req }) => json(await listWarehouses(parseQuery(req, warehouseList.querySchema))));

export const createWarehouseEndpoint = endpoint("warehouse.write", async ({ req, service }) => {
  const body = await parseBody(req, createWarehouseBodySchema);
  return json(await createWarehouse(body, service), { status: 201 });
});

export const getWarehouseEndpoint = endpoint<Params>("read", async ({ params }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json({ warehouse: await getWarehouse(id) });
});

export const updateWarehouseEndpoint = endpoint<Params>("warehouse.write", async ({ req, params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  const body = await parseBody(req, updateWarehouseBodySchema);
  return json(await updateWarehouse(id, body, service));
});

export const deleteWarehouseEndpoint = endpoint<Params>("warehouse.delete", async ({ params, service }) => {
  const { id } = parseParams(params, warehouseIdParamSchema);
  return json(await deleteWarehouse(id, service));
});
