import { failuresList } from "@/lib/erp/inbox-schemas";
import { getFailuresInbox } from "@/lib/erp/inbox-service";
import { json, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => {
  const { from, to, by, origin, run } = parseQuery(req, failuresList.querySchema);
  return json(await getFailuresInbox({ from, to, by, origin, run }));
});
