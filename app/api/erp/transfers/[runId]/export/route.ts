import { getTranslations } from "next-intl/server";
import { transferIdsResponse, transferSheet } from "@/lib/erp/transfers/csv";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { exportQuerySchema, runIdParamSchema } from "@/lib/erp/schemas";
import { runOrderChunks } from "@/lib/erp/service";
import { exportContext, exportResponse } from "@/lib/export/response";
import { parseParams, parseQuery, withRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers/{runId}/export: a run's orders as CSV or .xlsx, or their ids alone (txt).
export const GET = withRoute<{ runId: string }>("read", async ({ req, params, requestId, member }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const { outcome, format } = parseQuery(req, exportQuerySchema);
  const chunks = await runOrderChunks(runId, outcome);
  const onError = (error: unknown) => log.error("transfer export failed", { requestId, runId, error: String(error) });
  if (format === "txt") return transferIdsResponse(chunks, runId, outcome, onError);
  const t = await getTranslations("erp.reasons");
  const sheet = transferSheet((r) => (r.reason || r.reasonCode ? describeReason(t, r) : ""));
  return exportResponse(await exportContext(), { sheet, format, member: member.id, nameParts: [runId.slice(0, 8), ...(outcome ? [outcome] : [])], onError }, chunks);
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
