import "server-only";
import { getTimeZone } from "next-intl/server";
import { endpoint, json } from "@/lib/api/endpoint";
import { ACTIVITY_SHEET } from "@/lib/activity/csv";
import { activityExportQuerySchema, activityList } from "@/lib/activity/schemas";
import { exportActivity as exportEvents, listActivity as listEvents } from "@/lib/activity/service";
import { exportContext, exportResponse } from "@/lib/export/response";
import { log } from "@/lib/log";

export const listActivity = endpoint({ permission: "read", query: activityList.querySchema }, async ({ query }) => json(await listEvents(query, (await getTimeZone()) ?? "UTC")));

// GET /api/activity/export: every event matching the filters as CSV or .xlsx (page and limit are ignored).
export const exportActivity = endpoint({ permission: "read", session: true, query: activityExportQuerySchema }, async ({ query, requestId, member }) => {
  const { format, ...state } = query;
  const ctx = await exportContext();
  const chunks = await exportEvents(state, ctx);
  return exportResponse(ctx, { sheet: ACTIVITY_SHEET, format, member: member.id, onError: (error) => log.error("activity export failed", { event: "activity.export_failed", requestId, error: String(error) }) }, chunks);
});
