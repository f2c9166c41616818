import "server-only";
import { z } from "zod";
import { endpoint, json } from "@/lib/api/endpoint";
import { messageAnswer } from "@/lib/list/answers";
import { warehouseAnswer, warehouseListAnswer, warehouseWriteAnswer } from "@/lib/warehouses/schemas";
import { exportContext, exportResponse, inOneChunk } from "@/lib/export/response";
import { WAREHOUSE_SHEET } from "@/lib/warehouses/export";
import {
  bulkStatusBodySchema,
  codeCheckQuerySchema,
  createWarehouseBodySchema,
  exportWarehousesQuerySchema,
  updateWarehouseBodySchema,
  warehouseIdParamSchema,
  warehouseList,
} from "@/lib/warehouses/schemas";
import * as warehouses from "@/lib/warehouses/service";


const warehouseIdParam = z.object({ id: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const listWarehouses = endpoint({ permission: "read", v1: { method: "GET", path: "/warehouses", operationId: "listWarehouses", summary: "List warehouses with the console's search, status filter, sort and paging", tag: "Warehouses" }, query: warehouseList.querySchema, answer: { 200: { description: "A page of warehouses", schema: warehouseListAnswer } } }, async ({ query }) => json(await warehouses.listWarehouses(query)));

export const createWarehouse = endpoint({ permission: "warehouse.write", v1: { method: "POST", path: "/warehouses", operationId: "createWarehouse", summary: "Create a warehouse", tag: "Warehouses" }, body: createWarehouseBodySchema, answer: { 201: { description: "The warehouse created", schema: warehouseWriteAnswer } }, refusals: [409] }, async ({ body, service }) =>
  json(await warehouses.createWarehouse(body, service), { status: 201 }),
);

export const getWarehouse = endpoint({ permission: "read", v1: { method: "GET", path: "/warehouses/{id}", operationId: "getWarehouse", summary: "Get a warehouse", tag: "Warehouses", describe: { params: warehouseIdParam } }, params: warehouseIdParamSchema, answer: { 200: { description: "The warehouse", schema: warehouseAnswer } }, refusals: [404] }, async ({ params }) => json({ warehouse: await warehouses.getWarehouse(params.id) }));

export const updateWarehouse = endpoint({ permission: "warehouse.write", v1: { method: "PATCH", path: "/warehouses/{id}", operationId: "updateWarehouse", summary: "Change a warehouse; `expected` refuses the change (409) if someone else changed it first", tag: "Warehouses", describe: { params: warehouseIdParam } }, params: warehouseIdParamSchema, body: updateWarehouseBodySchema, answer: { 200: { description: "The warehouse as changed", schema: warehouseWriteAnswer } }, refusals: [404, 409] }, async ({ params, body, service }) =>
  json(await warehouses.updateWarehouse(params.id, body, service)),
);

export const deleteWarehouse = endpoint({ permission: "warehouse.delete", v1: { method: "DELETE", path: "/warehouses/{id}", operationId: "deleteWarehouse", summary: "Delete a warehouse (admins only: an API key's role never allows it)", tag: "Warehouses", describe: { params: warehouseIdParam } }, params: warehouseIdParamSchema, answer: { 200: { description: "Deleted", schema: messageAnswer } }, refusals: [404, 409] }, async ({ params, service }) =>
  json(await warehouses.deleteWarehouse(params.id, service)),
);

export const bulkSetActive = endpoint({ permission: "warehouse.write", body: bulkStatusBodySchema }, async ({ body, service }) => {
  const results = await warehouses.bulkSetActive(body.ids, body.isActive, service);
  return json({ results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
});

export const checkCode = endpoint({ permission: "read", query: codeCheckQuerySchema }, async ({ query }) => json(await warehouses.checkCode(query.code, query.excludeId)));

// GET /api/warehouses/export: every warehouse matching the filters, as CSV or .xlsx (format).
export const exportWarehouses = endpoint({ permission: "read", session: true, query: exportWarehousesQuerySchema }, async ({ query, member }) => {
  const items = await warehouses.matchAllWarehouses(query);
  return exportResponse(await exportContext(), { sheet: WAREHOUSE_SHEET, format: query.format, member: member.id }, inOneChunk(items));
});
