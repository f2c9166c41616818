import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { enqueueBodySchema, queueList, removeQueuedBodySchema } from "@/lib/queue/schemas";
import { enqueueOrders, queueOverview, removeQueued } from "@/lib/queue/service";

export const dynamic = "force-dynamic";

// GET /api/erp/queue: how many wait, the oldest, the next automatic send, and a page of the ids.
export const GET = withRoute("read", async ({ req }) => json(await queueOverview(parseQuery(req, queueList.querySchema))));

// POST /api/erp/queue: adds ids; each malformed, already queued or already transferred id is named in the answer.
export const POST = withRoute("erp.run", async ({ req, member, service }) => {
  const { orderIds } = await parseBody(req, enqueueBodySchema);
  return json(await enqueueOrders({ ...service, actor: { id: member.id, email: member.email, name: member.name } }, orderIds, "console"));
});

// DELETE /api/erp/queue: takes the chosen ids out before they are sent.
export const DELETE = withRoute("erp.run", async ({ req, member, service }) => {
  const { orderIds } = await parseBody(req, removeQueuedBodySchema);
  return json(await removeQueued({ ...service, actor: { id: member.id, email: member.email, name: member.name } }, orderIds));
});
