import { getTimeZone } from "next-intl/server";
import { activityList } from "@/lib/activity/schemas";
import { listActivity } from "@/lib/activity/service";
import { json, parseQuery, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => {
  const state = parseQuery(req, activityList.querySchema);
  return json(await listActivity(state, (await getTimeZone()) ?? "UTC"));
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
