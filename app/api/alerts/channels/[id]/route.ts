import { z } from "zod";
import { channelIdSchema } from "@/lib/alerts/schemas";
import { changeChannel, listChannelViews, removeChannel } from "@/lib/alerts/service";
import { HttpProblem, json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = withRoute<Params>("read", async ({ params }) => {
  const { id } = parseParams(params, channelIdSchema);
  const channel = (await listChannelViews()).find((c) => c.id === id);
  if (!channel) throw new HttpProblem("not_found", "There is no such alert channel.");
  return json({ channel });
});

export const PATCH = withRoute<Params>("alerts.manage", async ({ req, params, service }) => {
  const { id } = parseParams(params, channelIdSchema);
  const body = await parseBody(req, z.unknown());
  return json({ channel: await changeChannel(service, id, body) });
});

export const DELETE = withRoute<Params>("alerts.manage", async ({ params, service }) => {
  const { id } = parseParams(params, channelIdSchema);
  await removeChannel(service, id);
  return new Response(null, { status: 204 });
});
export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
