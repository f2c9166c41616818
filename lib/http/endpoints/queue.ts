import "server-only";
import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { endpoint, json, parseBody, parseHeader, parseQuery } from "@/lib/http/route";
import { enqueueBodySchema, queueList, removeQueuedBodySchema } from "@/lib/queue/schemas";
import { enqueueOrders, queueOverview, removeQueued, sendQueued } from "@/lib/queue/service";

// The order queue's handlers behind /api/erp/queue and /api/v1/order-queue alike.

// How many wait, the oldest, the next automatic send, and a page of the ids.
export const queueOverviewEndpoint = endpoint("read", async ({ req }) => json(await queueOverview(parseQuery(req, queueList.querySchema))));

// Adds ids; each malformed, already queued, already transferred or unknown (held back unless confirmed) id is named in the answer.
export const enqueueEndpoint = endpoint("erp.run", async ({ req, actor, service, api }) => {
  const { orderIds, confirmUnknown } = await parseBody(req, enqueueBodySchema);
  return json(await enqueueOrders({ ...service, actor }, orderIds, api ? "api" : "console", { confirmUnknown }));
});

// Takes the chosen ids out before they are sent.
export const removeQueuedEndpoint = endpoint("erp.run", async ({ req, actor, service }) => {
  const { orderIds } = await parseBody(req, removeQueuedBodySchema);
  return json(await removeQueued({ ...service, actor }, orderIds));
});

// One run of the oldest queued ids now (409 when none wait); a repeated Idempotency-Key gets the same run.
export const sendQueuedEndpoint = endpoint("erp.run", async ({ req, actor, service, api }) => {
  const key = parseHeader(req, "Idempotency-Key", idempotencyKeySchema);
  const { run, created } = await sendQueued({ ...service, actor }, key, "queue");
  const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
});
