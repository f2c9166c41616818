import { getTimeZone } from "next-intl/server";
import { toAuditFilter } from "@/lib/activity/dates";
import { listActivityQuerySchema } from "@/lib/activity/query";
import { queryAuditIn } from "@/lib/audit";
import { db } from "@/lib/db";
import { json, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// GET /api/activity: one page of the audit trail, newest first, filtered (anyone signed in).
export const GET = withRoute("read", async ({ req }) => {
  const q = parseQuery(req, listActivityQuerySchema);
  const filter = toAuditFilter(q, (await getTimeZone()) ?? "UTC");
  const { items, total } = await queryAuditIn(await db(), { ...filter, page: q.page, limit: q.limit });
  return json({ items, total, page: q.page, limit: q.limit });
});
