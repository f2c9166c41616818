import { runIdParamSchema, runOrdersQuerySchema } from "@/lib/erp/schemas";
import { getRunPage } from "@/lib/erp/service";
import { json, parseParams, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute<{ runId: string }>("read", async ({ req, params }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  return json(await getRunPage(runId, parseQuery(req, runOrdersQuerySchema)));
});
