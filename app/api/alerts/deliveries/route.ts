import { deliveryQuerySchema } from "@/lib/alerts/schemas";
import { listDeliveryViews } from "@/lib/alerts/service";
import { json, parseQuery, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The delivery log, newest first; everyone may read it.
export const GET = withRoute("read", async ({ req }) => json({ items: await listDeliveryViews(parseQuery(req, deliveryQuerySchema)) }));
