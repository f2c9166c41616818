import { deliveryList } from "@/lib/alerts/schemas";
import { listDeliveryViews } from "@/lib/alerts/service";
import { json, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The delivery log, newest first, a page at a time; everyone may read it, receivers' answers only admins.
export const GET = withRoute("read", async ({ req, member }) => json(await listDeliveryViews(parseQuery(req, deliveryList.querySchema), member)));
