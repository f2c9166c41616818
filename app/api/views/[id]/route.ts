import { z } from "zod";
import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { viewIdSchema } from "@/lib/views/schemas";
import { changeView, removeView } from "@/lib/views/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

type Params = { id: string };

// PATCH /api/views/:id: rename, update the query, publish or take back (own views; team views are the admins').
export const PATCH = withRoute<Params>("read", async ({ req, params, member, service }) => {
  const { id } = parseParams(params, viewIdSchema);
  const body = await parseBody(req, z.unknown());
  return json({ view: await changeView(service, member, id, body) });
});

// DELETE /api/views/:id: own views; admins also team views.
export const DELETE = withRoute<Params>("read", async ({ params, member, service }) => {
  const { id } = parseParams(params, viewIdSchema);
  await removeView(service, member, id);
  return new Response(null, { status: 204 });
});
export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
