import { getTimeZone } from "next-intl/server";
import { activityList } from "@/lib/activity/schemas";
import { exportActivity } from "@/lib/activity/service";
import { parseQuery, withRoute } from "@/lib/http/route";
import { csvHeaders } from "@/lib/rules/csv";

export const dynamic = "force-dynamic";

// GET /api/activity/export: every event matching the filters as CSV (page and limit are ignored).
export const GET = withRoute("read", async ({ req, requestId }) => {
  const state = parseQuery(req, activityList.querySchema);
  const { filename, body } = await exportActivity(state, (await getTimeZone()) ?? "UTC", requestId);
  return new Response(body, { headers: csvHeaders(filename) });
});
