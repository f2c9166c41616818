import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { enqueueAnswer, queueOverviewAnswer, removedAnswer } from "@/lib/queue/schemas";
import { idempotencyKey, runAnswers } from "@/lib/api/transfers";
import { enqueueBodySchema, enqueueShapes, queueList, removeQueuedBodySchema } from "@/lib/queue/schemas";
import { checkOrderAgeNow, forgetOrderAge } from "@/lib/order-age/service";
import { enqueueOrders, queueOverview as overview, removeQueued as remove, sendQueued as send } from "@/lib/queue/service";


// How many wait, the oldest, the next automatic send, and a page of the ids.
export const queueOverview = endpoint({ permission: "read", v1: { method: "GET", path: "/order-queue", operationId: "getOrderQueue", summary: "The order queue: how many wait, the oldest, the next automatic send, and a page of the ids", tag: "Order queue" }, query: queueList.querySchema, answer: { 200: { description: "The queue", schema: queueOverviewAnswer } } }, async ({ query }) => json(await overview(query)));

// Adds ids; each malformed, already queued, already transferred or unknown (held back unless confirmed) id is named in the answer.
export const enqueue = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/order-queue", operationId: "enqueueOrders", summary: "Queue order ids ({orderIds} or {orders: [{id, source?, orderDate?, packageId?}]}) for the next automatic transfer; malformed, already queued and already transferred ids are left out and named, ids whose outcome is unknown are held back unless confirmUnknown is true", tag: "Order queue", describe: { body: enqueueShapes } }, body: enqueueBodySchema, answer: { 200: { description: "What was queued and what was left out", schema: enqueueAnswer } } }, async ({ body, actor, service, api }) => {
  const result = await enqueueOrders({ ...service, actor }, body.orderIds ?? body.orders!.map((o) => o.id), api ? "api" : "console", { confirmUnknown: body.confirmUnknown, channels: body.orders });
  if (result.queued.length > 0) forgetOrderAge();
  if (result.queued.length > 0 && body.orders?.some((o) => o.orderDate)) void checkOrderAgeNow();
  return json(result);
});

// Takes the chosen ids out before they are sent.
export const removeQueued = endpoint({ permission: "erp.run", v1: { method: "DELETE", path: "/order-queue", operationId: "removeQueuedOrders", summary: "Take order ids out of the queue before they are sent", tag: "Order queue" }, body: removeQueuedBodySchema, answer: { 200: { description: "What was removed and what was not queued", schema: removedAnswer } } }, async ({ body, actor, service }) => {
  const removed = await remove({ ...service, actor }, body.orderIds);
  if (removed.removed.length > 0) forgetOrderAge();
  return json(removed);
});

// One run of the oldest queued ids now (409 when none wait); a repeated Idempotency-Key gets the same run.
export const sendQueued = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/order-queue/send", operationId: "sendOrderQueue", summary: "Send the oldest queued ids now as one capped run (409 when none wait, 409 transfers_held while transfers are on hold)", tag: "Order queue" }, headers: idempotencyKey, answer: runAnswers, refusals: [409] }, async ({ headers, actor, service, api }) => {
  const { run, created } = await send({ ...service, actor }, headers["Idempotency-Key"], "queue");
  const location = api ? `/api/v1/transfers/${run.id}` : `/api/erp/transfers/${run.id}`;
  return json({ run, created }, { status: created ? 201 : 200, headers: { Location: location } });
});
