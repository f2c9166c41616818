import { ACTIVITY_SHEET } from "@/lib/activity/csv";
import { activityExportQuerySchema } from "@/lib/activity/schemas";
import { exportActivity } from "@/lib/activity/service";
import { exportContext, exportResponse } from "@/lib/export/response";
import { parseQuery, withRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// GET /api/activity/export: every event matching the filters as CSV or .xlsx (page and limit are ignored).
export const GET = withRoute("read", async ({ req, requestId, member }) => {
  const { format, ...state } = parseQuery(req, activityExportQuerySchema);
  const ctx = await exportContext();
  const chunks = await exportActivity(state, ctx);
  return exportResponse(ctx, { sheet: ACTIVITY_SHEET, format, member: member.id, onError: (error) => log.error("activity export failed", { requestId, error: String(error) }) }, chunks);
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
