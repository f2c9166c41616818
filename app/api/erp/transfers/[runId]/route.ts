import { db } from "@/lib/db";
import { HttpProblem, json, parseParams, parseQuery, withRoute } from "@/lib/http/route";
import { getRunDetail, listRunOrders } from "@/lib/erp/run-store";
import { runIdParamSchema, runOrdersQuerySchema } from "@/lib/erp/schemas";
import { recoverRuns } from "@/lib/erp/service";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers/{runId}: the run (counts, progress, parent and retries) and one page of
// its orders with their outcomes, optionally of one outcome. 422 for a malformed id, 404 unknown.
export const GET = withRoute<{ runId: string }>("read", async ({ req, params }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const q = parseQuery(req, runOrdersQuerySchema);
  await recoverRuns();
  const conn = await db();
  const run = await getRunDetail(conn, runId);
  if (!run) throw new HttpProblem("not_found", "There is no transfer run with this id.");
  const orders = await listRunOrders(conn, runId, q);
  return json({ run, orders: { ...orders, page: q.page, limit: q.limit, outcome: q.outcome ?? null } });
});
