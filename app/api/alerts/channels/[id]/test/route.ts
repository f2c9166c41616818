import { channelIdSchema } from "@/lib/alerts/schemas";
import { testChannel } from "@/lib/alerts/service";
import { json, parseParams, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// Queues a test delivery; its result is read from the delivery log.
export const POST = withRoute<{ id: string }>("alerts.manage", async ({ params, service }) => {
  const { id } = parseParams(params, channelIdSchema);
  return json({ delivery: await testChannel(service, id) }, { status: 202 });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
