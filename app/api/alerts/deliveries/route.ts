import { deliveryList } from "@/lib/alerts/schemas";
import { listDeliveryViews } from "@/lib/alerts/service";
import { json, parseQuery, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// The delivery log, newest first, a page at a time; everyone may read it, receivers' answers only admins.
export const GET = withRoute("read", async ({ req, member }) => json(await listDeliveryViews(parseQuery(req, deliveryList.querySchema), member)));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
