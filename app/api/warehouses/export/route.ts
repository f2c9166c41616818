import { exportContext, exportResponse, inOneChunk } from "@/lib/export/response";
import { parseQuery, withRoute } from "@/lib/http/route";
import { WAREHOUSE_SHEET } from "@/lib/warehouses/export";
import { exportWarehousesQuerySchema } from "@/lib/warehouses/schemas";
import { matchAllWarehouses } from "@/lib/warehouses/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// GET /api/warehouses/export: every warehouse matching the filters, as CSV or .xlsx (format).
export const GET = withRoute("read", async ({ req, member }) => {
  const query = parseQuery(req, exportWarehousesQuerySchema);
  const items = await matchAllWarehouses(query);
  return exportResponse(await exportContext(), { sheet: WAREHOUSE_SHEET, format: query.format, member: member.id }, inOneChunk(items));
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
