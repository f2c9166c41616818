import { orderIdParamSchema } from "@/lib/erp/history-schemas";
import { getOrderHistory } from "@/lib/erp/history-service";
import { json, parseParams, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// GET /api/erp/orders/:orderId: every run that carried the order, newest first (an order no run carried has none).
export const GET = withRoute<{ orderId: string }>("read", async ({ params }) => {
  const { orderId } = parseParams(params, orderIdParamSchema);
  return json(await getOrderHistory(orderId));
});
