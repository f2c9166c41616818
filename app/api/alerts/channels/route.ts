import { z } from "zod";
import { createChannel, listChannelViews } from "@/lib/alerts/service";
import { json, parseBody, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Everyone reads the channels (masks only); admins add them.
export const GET = withRoute("read", async () => json({ items: await listChannelViews() }));

export const POST = withRoute("alerts.manage", async ({ req, service }) => {
  const body = await parseBody(req, z.unknown());
  return json({ channel: await createChannel(service, body) }, { status: 201 });
});
