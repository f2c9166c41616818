import { json, parseBody, withRoute } from "@/lib/http/route";
import { bulkStatusBodySchema } from "@/lib/warehouses/schemas";
import { bulkSetActive } from "@/lib/warehouses/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const POST = withRoute("warehouse.write", async ({ req, service }) => {
  const { ids, isActive } = await parseBody(req, bulkStatusBodySchema);
  const results = await bulkSetActive(ids, isActive, service);
  return json({ results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
