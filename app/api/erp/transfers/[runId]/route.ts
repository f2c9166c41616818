import { runIdParamSchema, runOrdersQuerySchema } from "@/lib/erp/schemas";
import { getRunPage } from "@/lib/erp/service";
import { HttpProblem, json, parseParams, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers/{runId}: the run (counts, progress, parent and retries) and one page of
// its orders with their outcomes, optionally of one outcome. 422 for a malformed id, 404 unknown.
export const GET = withRoute<{ runId: string }>("read", async ({ req, params }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const page = await getRunPage(runId, parseQuery(req, runOrdersQuerySchema));
  if (!page) throw new HttpProblem("not_found", "There is no transfer run with this id.");
  return json(page);
});
