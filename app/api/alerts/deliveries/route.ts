import { deliveryQuerySchema } from "@/lib/alerts/schemas";
import { listDeliveryViews } from "@/lib/alerts/service";
import { json, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The delivery log, newest first; everyone may read it, receivers' answers only admins.
export const GET = withRoute("read", async ({ req, member }) => json({ items: await listDeliveryViews(parseQuery(req, deliveryQuerySchema), member) }));
