import { getTranslations } from "next-intl/server";
import { transferExportResponse } from "@/lib/erp/csv";
import { describeReason } from "@/lib/erp/reasons";
import { exportQuerySchema, runIdParamSchema } from "@/lib/erp/schemas";
import { runOrderChunks } from "@/lib/erp/service";
import { parseParams, parseQuery, withRoute } from "@/lib/http/route";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

export const GET = withRoute<{ runId: string }>("read", async ({ req, params, requestId }) => {
  const { runId } = parseParams(params, runIdParamSchema);
  const { outcome, format } = parseQuery(req, exportQuerySchema);
  const chunks = await runOrderChunks(runId, outcome);
  const t = await getTranslations("erp.reasons");
  return transferExportResponse(chunks, { runId, outcome, format }, (r) => (r.reason || r.reasonCode ? describeReason(t, r) : ""), (error) =>
    log.error("transfer export failed", { requestId, runId, error: String(error) }),
  );
});
