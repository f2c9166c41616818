import { channelIdSchema } from "@/lib/alerts/schemas";
import { digestChannelNow } from "@/lib/alerts/service";
import { json, parseParams, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// Queues a digest channel's summary so far, outside its schedule; its result is read from the delivery log.
export const POST = withRoute<{ id: string }>("alerts.manage", async ({ params, service, member }) => {
  const { id } = parseParams(params, channelIdSchema);
  return json({ delivery: await digestChannelNow(service, id, member.name) }, { status: 202 });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
