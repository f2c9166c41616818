import "server-only";
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


export const listWarehouses = endpoint({ permission: "read", query: warehouseList.querySchema, answer: { 200: { description: "A page of warehouses", schema: warehouseListAnswer } } }, async ({ query }) => json(await warehouses.listWarehouses(query)));

export const createWarehouse = endpoint({ permission: "warehouse.write", body: createWarehouseBodySchema, answer: { 201: { description: "The warehouse created", schema: warehouseWriteAnswer } }, refusals: [409] }, async ({ body, service }) =>
  json(await warehouses.createWarehouse(body, service), { status: 201 }),
);

export const getWarehouse = endpoint({ permission: "read", params: warehouseIdParamSchema, answer: { 200: { description: "The warehouse", schema: warehouseAnswer } }, refusals: [404] }, async ({ params }) => json({ warehouse: await warehouses.getWarehouse(params.id) }));

export const updateWarehouse = endpoint({ permission: "warehouse.write", params: warehouseIdParamSchema, body: updateWarehouseBodySchema, answer: { 200: { description: "The warehouse as changed", schema: warehouseWriteAnswer } }, refusals: [404, 409] }, async ({ params, body, service }) =>
  json(await warehouses.updateWarehouse(params.id, body, service)),
);

export const deleteWarehouse = endpoint({ permission: "warehouse.delete", params: warehouseIdParamSchema, answer: { 200: { description: "Deleted", schema: messageAnswer } }, refusals: [404, 409] }, async ({ params, service }) =>
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
